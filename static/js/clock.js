// The tournament clock in the page: counts down between polls, plays the level-change and
// one-minute sounds, keeps the screen awake. The server keeps the truth: each board it sends
// says how many milliseconds are left (data-remaining-ms) and whether the clock runs; this
// script only ticks from there and starts again from the server's figure on every new board,
// so it cannot drift from it. No files are downloaded: sounds are made with the Web Audio API.
(function () {
  "use strict";
  var WARNING_MS = 60000;
  var audio = null; // AudioContext, made on the first tap (browsers allow sound only then)
  var wakeLock = null;
  var wantAwake = false;
  var seen = { step: null, kind: null };
  var local = null; // { el, deadline, running, warned, ended }
  // What the page did, for tests and for curious hosts: [{kind, step, at}].
  var log = (window.pottClockLog = window.pottClockLog || []);

  function note(kind, step) {
    log.push({ kind: kind, step: step, at: Date.now() });
  }

  function beep(frequency, seconds, when) {
    if (!audio) return;
    var start = audio.currentTime + (when || 0);
    var osc = audio.createOscillator();
    var gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.6, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
    osc.connect(gain).connect(audio.destination);
    osc.start(start);
    osc.stop(start + seconds + 0.05);
  }

  function levelChangeSound() {
    note("level-sound", seen.step);
    beep(660, 0.35, 0);
    beep(880, 0.35, 0.4);
    beep(1320, 0.6, 0.8);
  }

  function warningSound() {
    note("warning-sound", seen.step);
    beep(880, 0.2, 0);
    beep(880, 0.2, 0.3);
  }

  function format(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    var hours = Math.floor(total / 3600);
    var minutes = Math.floor((total % 3600) / 60);
    var seconds = total % 60;
    var mm = hours ? String(minutes).padStart(2, "0") : String(minutes);
    return (hours ? hours + ":" : "") + mm + ":" + String(seconds).padStart(2, "0");
  }

  // A new board from the server: start counting from its figure.
  function sync() {
    var el = document.querySelector("[data-clock]");
    if (!el) return;
    var remaining = parseInt(el.getAttribute("data-remaining-ms"), 10) || 0;
    var running = el.getAttribute("data-running") === "1";
    var step = el.getAttribute("data-step");
    var kind = el.getAttribute("data-kind");
    if (seen.step !== null && step !== seen.step) {
      note("step", step);
      levelChangeSound();
    }
    seen.step = step;
    seen.kind = kind;
    local = {
      el: el,
      synced: Date.now(),
      deadline: Date.now() + remaining,
      running: running,
      warned: remaining <= WARNING_MS,
      ended: remaining <= 0,
    };
    tick();
  }

  var forced = null; // the step whose end already made us ask the server early

  function tick() {
    if (!local || !document.body.contains(local.el)) return;
    var left = local.running
      ? local.deadline - Date.now()
      : parseInt(local.el.getAttribute("data-remaining-ms"), 10) || 0;
    var shown = local.el.querySelector("[data-countdown]");
    if (shown) {
      shown.textContent = format(left);
      shown.classList.toggle("long", left > 3600000 - 1000);
    }
    if (!local.running) return;
    // Other times that run with the clock (time to the next break).
    var others = local.el.querySelectorAll("[data-tick-ms]");
    for (var i = 0; i < others.length; i++) {
      var ms = parseInt(others[i].getAttribute("data-tick-ms"), 10) || 0;
      others[i].textContent = format(ms - (Date.now() - local.synced));
    }
    if (!local.warned && left <= WARNING_MS && seen.kind === "level") {
      local.warned = true;
      local.el.classList.add("warning");
      warningSound();
    }
    if (!local.ended && left <= 0) {
      local.ended = true;
      // The step is over: ask the server for the next one now rather than at the next poll.
      if (window.htmx && forced !== seen.step) {
        forced = seen.step;
        window.htmx.ajax("GET", pollUrl(local.el), {
          source: local.el,
          target: local.el,
          swap: "outerHTML",
        });
      }
    }
  }

  function pollUrl(el) {
    var url = el.getAttribute("hx-get") || "";
    return url.replace(/([?&])v=[^&]*/, "$1v=0");
  }

  async function keepAwake() {
    wantAwake = true;
    if (!("wakeLock" in navigator)) {
      note("wake-lock-unsupported", null);
      return;
    }
    try {
      wakeLock = await navigator.wakeLock.request("screen");
      note("wake-lock", null);
      wakeLock.addEventListener("release", function () {
        wakeLock = null;
      });
    } catch (error) {
      note("wake-lock-refused", null); // battery saver, or the page is hidden: try again later
    }
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") return;
    if (wantAwake && !wakeLock) keepAwake();
    // Back from sleep: redraw from the server at once.
    var el = document.querySelector("[data-clock]");
    if (el && window.htmx) {
      window.htmx.ajax("GET", pollUrl(el), { source: el, target: el, swap: "outerHTML" });
    }
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-clock-sound]");
    if (!button) return;
    var Context = window.AudioContext || window.webkitAudioContext;
    if (Context && !audio) audio = new Context();
    if (audio && audio.state === "suspended") audio.resume();
    beep(660, 0.15, 0);
    keepAwake();
    button.classList.add("on");
    button.textContent = button.getAttribute("data-on-text") || "♪";
    note("sound-on", null);
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target && event.target.matches && event.target.matches("[data-clock], #remote")) {
      sync();
    }
  });
  document.addEventListener("DOMContentLoaded", sync);
  if (document.readyState !== "loading") sync();
  setInterval(tick, 250);
  window.pottClock = { sync: sync, format: format };
})();

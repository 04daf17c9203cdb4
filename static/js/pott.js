// Pott's one small script, on every page. Everything is a plain form that works without it
// (htmx enhances the forms); this adds what the Content-Security-Policy keeps out of the HTML
// (no inline handlers, no eval):
// - the amount picker: tap chips to add, presets, clear, the keypad and the big-blind steps
//   (without it the amount is typed);
// - a message's close button; polls that yield to the dealer's taps;
// - the language menu submits itself when a language is chosen (without it: its button);
// - the print button;
// - forms outside the region that holds the version send the version shown now.
(function () {
  "use strict";
  if (window.pott) return; // included twice: the handlers below must run once
  window.pott = {};

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-chip], [data-set]");
    if (!button) return;
    var picker = button.closest(".amount-picker");
    if (!picker) return;
    var input = picker.querySelector("input[name=amount]");
    if (!input) return;
    event.preventDefault();
    if (button.hasAttribute("data-set")) {
      input.value = button.getAttribute("data-set");
    } else {
      var current = parseInt(input.value, 10);
      var start = picker.dataset.fresh === "no" && !isNaN(current) ? current : 0;
      input.value = start + parseInt(button.getAttribute("data-chip"), 10);
    }
    picker.dataset.fresh = "no";
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  // The on-screen keypad (data-key: a digit, "00" or "back") and the steps of one big blind
  // (data-step: +/- chips, kept between the picker's minimum and maximum). The first key
  // starts a new amount; the next ones add digits to it.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-key], [data-step]");
    if (!button) return;
    var picker = button.closest(".amount-picker");
    var input = picker && picker.querySelector("input[name=amount]");
    if (!input) return;
    event.preventDefault();
    var current = parseInt(input.value, 10);
    if (isNaN(current)) current = 0;
    if (button.hasAttribute("data-step")) {
      var low = parseInt(picker.dataset.min, 10) || 0;
      var high = parseInt(picker.dataset.max, 10) || current;
      var next = current + parseInt(button.getAttribute("data-step"), 10);
      input.value = Math.max(low, Math.min(high, next));
      picker.dataset.keyed = "";
    } else {
      var key = button.getAttribute("data-key");
      var text = picker.dataset.keyed === "yes" ? input.value : "";
      text = key === "back" ? text.slice(0, -1) : text + key;
      text = text.replace(/^0+(?=\d)/, "").slice(0, 9);
      input.value = text;
      picker.dataset.keyed = "yes";
    }
    picker.dataset.fresh = "no";
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  // A chip or a preset ends the keypad's number: the next key starts a new one.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-chip], [data-set]");
    var picker = button && button.closest(".amount-picker");
    if (picker) picker.dataset.keyed = "";
  });

  // A message's close button (data-dismiss): the message goes.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-dismiss]");
    var toast = button && button.closest(".toast");
    if (toast) toast.remove();
  });

  // Polling (hx-trigger="every …") yields to the dealer's taps: no poll is sent while a tap is
  // on its way, and a poll's answer is not shown if a tap went out meanwhile or its region was
  // replaced already. Otherwise one answer lands after the other replaced the region it came
  // from: an older table is shown, and htmx reports htmx:oobErrorNoTarget for the seating panel
  // (it looks for #seating in the replaced region). Nothing is aborted: an abort is an error too.
  var taps = [];
  function polling(elt) {
    return !!elt && /^\s*every /.test(elt.getAttribute("hx-trigger") || "");
  }
  function tapsOnTheirWay() {
    taps = taps.filter(function (xhr) { return xhr.readyState > 0 && xhr.readyState < 4; });
    return taps.length;
  }
  function guardPoll(event) {
    var config = event.detail.requestConfig;
    if (!config || !polling(config.elt)) return;
    if (!event.target.isConnected || tapsOnTheirWay()) event.detail.shouldSwap = false;
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (!polling(elt)) {
      taps.push(event.detail.xhr);
      return;
    }
    if (tapsOnTheirWay()) {
      event.preventDefault();
      return;
    }
    // On the region itself: once replaced, its events no longer reach the document.
    var target = event.detail.target;
    if (target && !target.pottGuarded) {
      target.pottGuarded = true;
      target.addEventListener("htmx:beforeSwap", guardPoll);
    }
  });

  // Typing or a preset starts a new amount for the chip buttons to add to.
  document.addEventListener("input", function (event) {
    var picker = event.target.closest && event.target.closest(".amount-picker");
    if (picker && event.isTrusted) picker.dataset.fresh = "no";
  });

  // <select data-submit-on-change>: choosing an option submits the form.
  document.addEventListener("change", function (event) {
    var select = event.target.closest && event.target.closest("[data-submit-on-change]");
    if (select && select.form) select.form.submit();
  });

  // The card picker (form[data-card-picker]: stud's up cards, the cards at the showdown): a card
  // button fills the next empty card field and greys out; "Undo the last card" empties the last filled one. Without the script
  // the fields are typed ("Qh", "10s").
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-card], [data-card-undo]");
    if (!button) return;
    var form = button.closest("form[data-card-picker]");
    if (!form) return;
    event.preventDefault();
    var fields = Array.prototype.slice.call(form.querySelectorAll("input[data-card-field]"));
    if (button.hasAttribute("data-card-undo")) {
      var filled = fields.filter(function (f) { return f.value; });
      var last = filled[filled.length - 1];
      if (!last) return;
      var again = form.querySelector('[data-card="' + last.dataset.picked + '"]');
      if (again) again.disabled = false;
      last.value = "";
      last.dataset.picked = "";
      return;
    }
    var empty = fields.filter(function (f) { return !f.value; })[0];
    if (!empty) return;
    empty.value = button.getAttribute("data-card");
    empty.dataset.picked = button.getAttribute("data-card");
    button.disabled = true;
  });

  // <button data-print>: print the page.
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-print]")) window.print();
  });

  // Focus stays where it was when htmx replaces the region that held it (a tap, or a poll after
  // another device acted): on the same control in the new region (the same id, or the same
  // name and value, test id or text), else on its safe default ([data-default]: Check), else on
  // its first primary action (Call, Flop dealt, Deal the next hand), else on its first button,
  // else on its [tabindex="-1"] panel. A focus elsewhere on the page is left alone. The page
  // scrolls only if the control is out of view.
  var lastFocused = null;
  var pendingFocus = null;
  document.addEventListener("focusin", function (event) {
    lastFocused = event.target;
  });
  // Focus moved to nothing by a tap elsewhere (not by a removal or a disabled button).
  document.addEventListener("focusout", function (event) {
    var elt = event.target;
    if (!event.relatedTarget && elt === lastFocused && elt.isConnected && !elt.disabled) {
      setTimeout(function () {
        if (lastFocused === elt && document.activeElement === document.body && !elt.disabled) {
          lastFocused = null;
        }
      }, 0);
    }
  });
  function controlKey(elt) {
    if (!elt || elt === document.body || !elt.tagName) return null;
    var tag = elt.tagName.toLowerCase();
    if (elt.id) return "#" + CSS.escape(elt.id);
    if (elt.name && elt.value !== undefined && (tag === "button" || elt.type === "checkbox" || elt.type === "radio")) {
      return tag + '[name="' + CSS.escape(elt.name) + '"][value="' + CSS.escape(elt.value) + '"]';
    }
    if (elt.dataset && elt.dataset.testid) return '[data-testid="' + CSS.escape(elt.dataset.testid) + '"]';
    if (elt.name) return tag + '[name="' + CSS.escape(elt.name) + '"]';
    return { tag: tag, text: (elt.textContent || "").trim() };
  }
  function findControl(region, key) {
    if (!key) return null;
    if (typeof key === "string") return region.querySelector(key);
    var same = Array.prototype.filter.call(region.querySelectorAll(key.tag), function (elt) {
      return (elt.textContent || "").trim() === key.text;
    });
    return same[0] || null;
  }
  function focusable(elt) {
    if (!elt || elt.disabled) return false;
    // Not in a closed <details>, not hidden.
    return elt.checkVisibility ? elt.checkVisibility() : elt.getClientRects().length > 0;
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!event.detail.shouldSwap || !target) return;
    var active = document.activeElement;
    // A tapped button is disabled while its request is out (hx-disabled-elt): the focus may
    // have gone to the body already; the control last focused in the region counts then.
    var held = active && active !== document.body ? active : lastFocused;
    if (!held || !held.isConnected) return;
    // The region: the target, or a region the answer replaces out of band (#seating).
    var region = target.contains(held) ? target : null;
    var answer = event.detail.serverResponse || "";
    for (var up = held.parentElement; !target.contains(held) && up && up !== document.body; up = up.parentElement) {
      if (up.id && answer.indexOf('id="' + up.id + '"') >= 0) region = up; // the outermost
    }
    if (!region) return;
    pendingFocus = { region: region.id, key: controlKey(held) };
  });
  document.addEventListener("htmx:afterSettle", function () {
    var pending = pendingFocus;
    pendingFocus = null;
    if (!pending) return;
    var active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    var region = document.getElementById(pending.region);
    if (!region) return;
    var same = findControl(region, pending.key);
    var candidates = [same]
      .concat(Array.prototype.slice.call(region.querySelectorAll("[data-default]")))
      .concat(Array.prototype.slice.call(region.querySelectorAll(".button.primary")))
      .concat(Array.prototype.slice.call(region.querySelectorAll("button")))
      .filter(focusable)
      .concat(Array.prototype.slice.call(region.querySelectorAll('[tabindex="-1"]')));
    for (var i = 0; i < candidates.length; i++) {
      candidates[i].focus({ preventScroll: true });
      if (document.activeElement !== candidates[i]) continue;
      // Into view only if it is out of it: a tapped button is in view, the page stays put.
      var box = candidates[i].getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) {
        candidates[i].scrollIntoView({ block: "nearest" });
      }
      return;
    }
  });

  // [data-announce="#region"]: a polite live region outside the region htmx replaces. After each
  // swap it says the region's messages and prompt ([role=alert], [role=status], [data-testid=
  // prompt]) once: nothing when they did not change (a poll that brought the same prompt).
  function announcement(region) {
    var parts = region.querySelectorAll('[role="alert"], [role="status"], [data-testid="prompt"]');
    return Array.prototype.map.call(parts, function (p) { return (p.textContent || "").trim(); })
      .filter(Boolean).join(" ");
  }
  // The live region is in a closed shadow root of the [data-announce] element: assistive
  // technology reads it as any other, while a search of the page for a message's text (a test's
  // locator, the browser's find) still finds the one copy on the screen.
  var announced = {};
  var liveRegions = new WeakMap();
  function liveRegion(host) {
    var live = liveRegions.get(host);
    if (!live) {
      live = document.createElement("div");
      live.setAttribute("aria-live", "polite");
      host.attachShadow({ mode: "closed" }).appendChild(live);
      liveRegions.set(host, live);
    }
    return live;
  }
  function announce(initial) {
    document.querySelectorAll("[data-announce]").forEach(function (host) {
      var live = liveRegion(host);
      var selector = host.getAttribute("data-announce");
      var region = document.querySelector(selector);
      if (!region) return;
      var text = announcement(region);
      if (text === announced[selector]) return;
      announced[selector] = text;
      if (!initial) live.textContent = text;
    });
  }
  document.addEventListener("DOMContentLoaded", function () { announce(true); });
  document.addEventListener("htmx:afterSettle", function () { announce(false); });

  // data-version-from="#table": htmx requests from inside this element send, as `version`, the
  // data-version of #table as it is now. The seating panel is not redrawn after every action,
  // so the version in its forms can be old while #table (redrawn each time) has the latest.
  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    var holder = elt && elt.closest && elt.closest("[data-version-from]");
    if (!holder) return;
    var source = document.querySelector(holder.getAttribute("data-version-from"));
    var version = source && source.getAttribute("data-version");
    if (version) event.detail.parameters.set("version", version);
  });
})();

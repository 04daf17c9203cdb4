// Keeps the screen on while this page shows (the Screen Wake Lock API): on the dealer's table
// screen a tablet lying on the kitchen table must not go dark between hands. The lock is
// released by the browser whenever the page is hidden, so it is asked for again each time the
// page comes back. Where the API is missing or refused (an old browser, battery saver) nothing
// happens: set the tablet not to sleep. Pages opt in with <body data-keep-awake>.
(function () {
  "use strict";
  if (window.pottAwake) return;
  var state = (window.pottAwake = { lock: null, log: [] });

  function wanted() {
    return document.body && document.body.hasAttribute("data-keep-awake");
  }

  async function acquire() {
    if (!wanted() || state.lock || document.visibilityState !== "visible") return;
    if (!("wakeLock" in navigator)) {
      state.log.push("unsupported");
      return;
    }
    try {
      state.lock = await navigator.wakeLock.request("screen");
      state.log.push("locked");
      state.lock.addEventListener("release", function () {
        state.lock = null;
        state.log.push("released");
      });
    } catch (error) {
      state.log.push("refused"); // not allowed now: tried again on the next visit or tap
    }
  }

  document.addEventListener("visibilitychange", acquire);
  // Some browsers grant the lock only after a user gesture: any tap asks again if needed.
  document.addEventListener("click", acquire);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", acquire);
  } else {
    acquire();
  }
})();

// Paying at the table: the Copy buttons beside a payee's details ([data-copy]: the text to
// copy; [data-copied]: what the button says once it is copied). The buttons are hidden until
// this script shows them: without it the details are selected and copied by hand. Phones open
// Pott by a plain http:// address on the home network, where browsers give no Clipboard API:
// there the text is selected and copied the older way (execCommand), which they still allow
// on a tap.
(function () {
  "use strict";
  if (window.pottPay) return;
  window.pottPay = true;

  function reveal() {
    document.querySelectorAll("[data-copy][hidden]").forEach(function (button) {
      button.hidden = false;
    });
  }
  document.addEventListener("DOMContentLoaded", reveal);
  document.addEventListener("htmx:afterSettle", reveal);

  function copyBySelection(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "offscreen";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (error) { ok = false; }
    area.remove();
    return ok ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-copy]");
    if (!button) return;
    event.preventDefault();
    var text = button.getAttribute("data-copy");
    var label = button.getAttribute("data-label") || button.textContent;
    button.setAttribute("data-label", label);
    var copied = navigator.clipboard && window.isSecureContext
      ? navigator.clipboard.writeText(text).catch(function () { return copyBySelection(text); })
      : copyBySelection(text);
    copied.then(function () {
      button.textContent = button.getAttribute("data-copied") || label;
      setTimeout(function () { button.textContent = label; }, 2000);
    }, function () {});
  });
})();

// Pott's one small script: the amount picker (tap chips to add, presets, clear).
// Everything else is plain forms enhanced by htmx; without this file the amount is typed.
(function () {
  "use strict";
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
  // Typing or a preset starts a new amount for the chip buttons to add to.
  document.addEventListener("input", function (event) {
    var picker = event.target.closest && event.target.closest(".amount-picker");
    if (picker && event.isTrusted) picker.dataset.fresh = "no";
  });
})();

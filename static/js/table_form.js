// The New table and Edit table forms (form.table-form): fields of the other betting structures
// hidden, and the chip values following the stakes until the host types their own.
// Without the script every field shows and the server derives the chips (TableForm).
(function () {
  "use strict";
  // config/chips.py: STANDARD_VALUES and values_for_stakes.
  var STANDARD = [1, 5, 25, 100, 500, 1000, 5000, 25000, 100000, 500000, 1000000];
  var STRUCTURE = {
    nl_holdem: "no", pl_holdem: "pot", pl_omaha: "pot", fl_holdem: "limit",
    draw5: "draw", draw5_short: "draw"
  };
  var STUD = ["stud5", "stud7", "razz", "stud7_hilo"];

  function gcd(a, b) { return b ? gcd(b, a % b) : a; }

  function chipsFor(amounts) {
    var unit = 0;
    amounts.forEach(function (n) { if (n > 0) unit = gcd(unit, n); });
    if (!unit) return STANDARD.slice(0, 4);
    var start = 0;
    STANDARD.forEach(function (value, i) { if (unit % value === 0) start = i; });
    start = Math.min(start, STANDARD.length - 4);
    return STANDARD.slice(start, start + 4);
  }

  function number(form, name) {
    var field = form.elements[name];
    var value = field ? parseInt(field.value, 10) : 0;
    return isNaN(value) ? 0 : value;
  }

  function value(form, name) {
    var field = form.elements[name];
    return field ? field.value : "";
  }

  function stakes(form) {
    var game = value(form, "game");
    if (STUD.indexOf(game) >= 0) {
      return ["small_bet", "big_bet", "bring_in", "ante"].map(function (n) { return number(form, n); });
    }
    var amounts = [number(form, "small_blind"), number(form, "big_blind")];
    if (game === "fl_holdem") amounts.push(number(form, "small_bet"), number(form, "big_bet"));
    var mode = value(form, "ante_mode");
    if (mode && mode !== "none") amounts.push(number(form, "ante"));
    return amounts;
  }

  function followStakes(form) {
    var field = form.elements.chip_values;
    if (!field || field.dataset.touched) return;
    var amounts = stakes(form);
    if (form.dataset.chips === "keep") {
      // An edited table keeps its chips unless they cannot make the new stakes.
      var unit = parseInt(field.defaultValue, 10) || 1;
      if (!amounts.some(function (n) { return n > 0 && n % unit; })) {
        field.value = field.defaultValue;
        return;
      }
    }
    field.value = chipsFor(amounts).join(", ");
  }

  function showStructure(form) {
    var game = value(form, "game");
    var structure = STUD.indexOf(game) >= 0 ? value(form, "stud_betting") || "limit" : STRUCTURE[game];
    form.querySelectorAll("[data-structures]").forEach(function (part) {
      part.hidden = part.getAttribute("data-structures").split(" ").indexOf(structure) < 0;
    });
  }

  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (!form || !form.classList.contains("table-form")) return;
    if (event.target.name === "chip_values") {
      event.target.dataset.touched = "1";
      return;
    }
    followStakes(form);
  });
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (!form || !form.classList.contains("table-form")) return;
    showStructure(form);
    if (event.target.name !== "chip_values") followStakes(form);
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form.table-form").forEach(function (form) {
      showStructure(form);
      if (form.dataset.chips !== "keep") followStakes(form);
    });
  });
})();

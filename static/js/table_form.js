// The New table and Edit table forms (form.table-form): only the fields the chosen game uses,
// the options of its betting structure, and the chip values following the stakes until the host
// types their own. What each game uses comes from the game catalogue (dealer/engine/games.py),
// in the page's <script type="application/json" id="table-games"> block.
// Without the script every field shows and the server derives the chips (TableForm).
(function () {
  "use strict";
  // config/chips.py: STANDARD_VALUES and values_for_stakes.
  var STANDARD = [1, 5, 25, 100, 500, 1000, 5000, 25000, 100000, 500000, 1000000];
  // dealer/poker/forms.py: STAKES, the amounts the chips must make.
  var STAKES = ["small_blind", "big_blind", "small_bet", "big_bet", "bring_in", "ante"];
  var games = null;

  function catalogue() {
    if (games === null) {
      var block = document.getElementById("table-games");
      games = block ? JSON.parse(block.textContent) : {};
    }
    return games;
  }

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

  function game(form) {
    return catalogue()[value(form, "game")] || null;
  }

  function uses(spec, name) {
    return spec.fields.indexOf(name) >= 0;
  }

  function stakes(form) {
    var spec = game(form);
    if (!spec) return [];
    var used = STAKES.filter(function (name) { return uses(spec, name); });
    var mode = value(form, "ante_mode");
    if (uses(spec, "ante_mode") && (!mode || mode === "none")) {
      used = used.filter(function (name) { return name !== "ante"; });
    }
    return used.map(function (name) { return number(form, name); });
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

  function showGame(form) {
    var spec = game(form);
    if (!spec) return;
    form.querySelectorAll("[data-uses]").forEach(function (part) {
      part.hidden = !part.getAttribute("data-uses").split(" ").some(function (name) {
        return uses(spec, name);
      });
    });
    // A game whose table chooses the betting (stud) follows its stud_betting field.
    var structure = spec.betting === "by_table" ? value(form, "stud_betting") || "limit" : spec.betting;
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
    showGame(form);
    if (event.target.name !== "chip_values") followStakes(form);
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form.table-form").forEach(function (form) {
      showGame(form);
      if (form.dataset.chips !== "keep") followStakes(form);
    });
  });
})();

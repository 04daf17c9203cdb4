// The dice games (seed 003): on the game's screen, tap the five dice instead of typing them, and
// "roll for me"; on the new-game form, show only the chosen game's fields ([data-kinds]).
// Without this script the dice are typed ("K K 9 9 A"), every field shows, and the forms work
// the same.
(function () {
  "use strict";
  if (window.pottDice) return;
  window.pottDice = {};
  var DICE = 5;

  function faces(input) {
    return input.value.replace(/,/g, " ").split(/\s+/).filter(Boolean);
  }

  function set(input, list) {
    input.value = list.join(" ");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function showKinds(select) {
    if (!select.form) return;
    select.form.querySelectorAll("[data-kinds]").forEach(function (part) {
      part.hidden = part.getAttribute("data-kinds").split(" ").indexOf(select.value) < 0;
    });
  }
  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("select[name=kind]")) showKinds(event.target);
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("select[name=kind]").forEach(showKinds);
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-face], [data-dice-clear], [data-dice-back], [data-dice-roll]");
    if (!button) return;
    var entry = button.closest("[data-dice-entry]");
    if (!entry) return;
    var input = entry.querySelector("input[name=dice]");
    event.preventDefault();
    var list = faces(input);
    if (button.hasAttribute("data-face")) {
      if (list.length < DICE) set(input, list.concat([button.getAttribute("data-face")]));
    } else if (button.hasAttribute("data-dice-back")) {
      set(input, list.slice(0, -1));
    } else if (button.hasAttribute("data-dice-clear")) {
      set(input, []);
    } else {
      var form = button.closest("form");
      var token = form && form.querySelector("input[name=csrfmiddlewaretoken]");
      var body = new URLSearchParams();
      body.set("keep", list.slice(0, DICE).join(" "));
      button.disabled = true;
      fetch(button.getAttribute("data-dice-roll"), {
        method: "POST",
        headers: { "X-CSRFToken": token ? token.value : "" },
        body: body,
        credentials: "same-origin",
      })
        .then(function (response) { return response.json(); })
        .then(function (data) { if (data.dice) set(input, data.dice.split(" ")); })
        .finally(function () { button.disabled = false; });
    }
  });
})();

/*
 * Seating search: filter the lists by name as you type. The same search
 * works without JavaScript through the form (?q=), done by the server.
 * Matching ignores case and accents ("kruger" finds "Krüger").
 */
(function () {
  "use strict";

  var fold = window.bang.fold; // static/js/names.js: as the server folds names

  function start() {
    var form = document.querySelector("[data-seating-search]");
    if (!form) {
      return;
    }
    var input = form.querySelector("input[name=q]");
    var count = document.getElementById("seating-count");
    var rows = document.querySelectorAll("#seating-list tbody tr[data-name]");
    var cards = document.querySelectorAll("[data-table-card]");

    function apply() {
      var needle = fold(input.value.trim());
      var shown = 0;
      rows.forEach(function (row) {
        var match = !needle || row.getAttribute("data-name").indexOf(needle) !== -1;
        row.hidden = !match;
        shown += match ? 1 : 0;
      });
      cards.forEach(function (card) {
        var any = false;
        card.querySelectorAll("li[data-name]").forEach(function (item) {
          var match = !needle || item.getAttribute("data-name").indexOf(needle) !== -1;
          item.classList.toggle("dimmed", !!needle && !match);
          item.classList.toggle("match", !!needle && match);
          any = any || match;
        });
        card.hidden = !any;
      });
      if (count) {
        count.textContent = needle
          ? count.getAttribute("data-count-format").replace("{n}", shown).replace("{total}", rows.length)
          : "";
      }
    }

    input.addEventListener("input", apply);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      apply();
    });
    apply();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

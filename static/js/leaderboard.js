/*
 * The leaderboard on a phone: a search box that hides the rows whose name
 * does not match as you type, and "Find me": remember your row (in
 * localStorage, on this device only) and jump to it and highlight it.
 *
 * Rows carry `data-name` (folded as tournaments/names.py folds) and `data-player`. Polls
 * replace the table (htmx), so the filter and the highlight are applied again
 * after every swap.
 */
(function () {
  "use strict";
  var KEY = "bang-leaderboard-me";

  var fold = window.bang.fold; // static/js/names.js: as the server folds names

  function setup(box) {
    var input = box.querySelector("input[type=search]");
    var button = box.querySelector("[data-find-me]");
    var status = box.querySelector("[data-status]");
    var live = document.getElementById(box.getAttribute("data-for"));
    var storeKey = KEY + ":" + box.getAttribute("data-tournament");

    function rows() {
      return live.querySelectorAll("tbody tr[data-player]");
    }

    function me() {
      try {
        return window.localStorage.getItem(storeKey);
      } catch (e) {
        return null;
      }
    }

    function apply() {
      var query = fold(input.value.trim());
      var shown = 0;
      var mine = me();
      rows().forEach(function (row) {
        var match = !query || row.getAttribute("data-name").indexOf(query) !== -1;
        row.hidden = !match;
        shown += match ? 1 : 0;
        row.classList.toggle("me", row.getAttribute("data-player") === mine);
      });
      status.textContent = query && !shown ? box.getAttribute("data-none") : "";
    }

    function findMe() {
      var mine = me();
      if (!mine) {
        var visible = Array.prototype.filter.call(rows(), function (row) {
          return !row.hidden;
        });
        if (visible.length !== 1) {
          status.textContent = box.getAttribute("data-hint");
          input.focus();
          return;
        }
        mine = visible[0].getAttribute("data-player");
        try {
          window.localStorage.setItem(storeKey, mine);
        } catch (e) {
          /* private mode: highlight for this visit only */
        }
      }
      input.value = "";
      apply();
      var row = live.querySelector('tbody tr[data-player="' + mine + '"]');
      if (row) {
        row.classList.add("me");
        row.scrollIntoView({ block: "center" });
        status.textContent = "";
      }
    }

    input.addEventListener("input", apply);
    button.addEventListener("click", findMe);
    document.addEventListener("htmx:afterSwap", function (event) {
      if (event.detail.target === live) {
        apply();
      }
    });
    apply();
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-leaderboard-search]").forEach(setup);
  });
})();

/*
 * Projector paging: show the leaderboard a page of rows at a time and move
 * to the next page every few seconds. The row list may be replaced by a live
 * update at any time; the current page is kept. Arrow keys page by hand.
 * Without JavaScript every row is shown.
 */
(function () {
  "use strict";

  function start() {
    var root = document.querySelector("[data-projector]");
    if (!root) {
      return;
    }
    var perPage = parseInt(root.getAttribute("data-rows-per-page"), 10) || 15;
    var seconds = parseInt(root.getAttribute("data-page-seconds"), 10) || 10;
    var format = root.getAttribute("data-page-format") || "{page} / {pages}";
    var indicator = document.querySelector(".page-indicator");
    var page = 0;

    function show() {
      var rows = root.querySelectorAll("table.projector-table tbody tr");
      var pages = Math.max(1, Math.ceil(rows.length / perPage));
      if (page >= pages) {
        page = 0;
      }
      if (page < 0) {
        page = pages - 1;
      }
      rows.forEach(function (row, index) {
        row.hidden = Math.floor(index / perPage) !== page;
      });
      if (indicator) {
        indicator.textContent =
          pages > 1 ? format.replace("{page}", page + 1).replace("{pages}", pages) : "";
      }
    }

    var timer = setInterval(next, seconds * 1000);
    function next() {
      page += 1;
      show();
    }
    document.addEventListener("keydown", function (event) {
      if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
        page += event.key === "ArrowRight" ? 1 : -1;
        show();
        clearInterval(timer);
        timer = setInterval(next, seconds * 1000);
      }
    });
    document.body.addEventListener("htmx:afterSwap", show);
    show();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

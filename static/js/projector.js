/*
 * Projector paging: show as many items (standings rows, table cards, ranking
 * lines) as fit the screen without scrolling, and move to the next page every
 * few seconds. The pages are measured again after every live update and every
 * resize; the current page is kept. Arrow keys page by hand. At most
 * data-rows-per-page items a page (data-page-max of a grid of cells, if the page has
 * one). Without JavaScript every item is shown.
 */
(function () {
  "use strict";

  var ITEMS = "table.projector-table tbody tr, [data-page-item]";

  function start() {
    var root = document.querySelector("[data-projector]");
    if (!root) {
      return;
    }
    var fallback = parseInt(root.getAttribute("data-rows-per-page"), 10) || 15;
    var most = fallback;
    var seconds = parseInt(root.getAttribute("data-page-seconds"), 10) || 10;
    var format = root.getAttribute("data-page-format") || "{page} / {pages}";
    var indicator = document.querySelector(".page-indicator");
    var page = 0;
    var pages = [];

    function overflows() {
      var doc = document.documentElement;
      return doc.scrollHeight > window.innerHeight || doc.scrollWidth > window.innerWidth;
    }

    /* Greedy: a page takes items while the document still fits the window. */
    function measure(items) {
      var result = [];
      var i = 0;
      items.forEach(function (item) { item.hidden = true; });
      while (i < items.length) {
        var first = i;
        while (i < items.length && i - first < most) {
          items[i].hidden = false;
          if (overflows() && i > first) {
            items[i].hidden = true;
            break;
          }
          i += 1;
        }
        for (var k = first; k < i; k += 1) {
          items[k].hidden = true;
        }
        result.push([first, i]);
      }
      return result.length ? result : [[0, 0]];
    }

    function show() {
      var items = Array.prototype.slice.call(root.querySelectorAll(ITEMS));
      /* A grid of a fixed number of cells (the seating's tables) says how many it holds:
         one more would squeeze the others instead of overflowing the window. */
      var grid = root.querySelector("[data-page-max]");
      most = grid ? parseInt(grid.getAttribute("data-page-max"), 10) || most : fallback;
      pages = measure(items);
      if (page >= pages.length) {
        page = 0;
      }
      if (page < 0) {
        page = pages.length - 1;
      }
      var range = pages[page];
      items.forEach(function (item, index) {
        item.hidden = index < range[0] || index >= range[1];
      });
      if (indicator) {
        indicator.textContent = pages.length > 1
          ? format.replace("{page}", page + 1).replace("{pages}", pages.length)
          : "";
      }
    }

    function next() {
      page += 1;
      show();
    }
    var timer = setInterval(next, seconds * 1000);
    document.addEventListener("keydown", function (event) {
      if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
        page += event.key === "ArrowRight" ? 1 : -1;
        show();
        clearInterval(timer);
        timer = setInterval(next, seconds * 1000);
      }
    });
    document.body.addEventListener("htmx:afterSwap", show);
    var resizing = null;
    window.addEventListener("resize", function () {
      clearTimeout(resizing);
      resizing = setTimeout(show, 200);
    });
    show();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

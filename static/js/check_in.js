/*
 * The participant list at the door: the search box filters the rows as you type,
 * with the server's name folding (window.bang.fold, names.js; each row carries its
 * folded name in data-name). Enter filters too instead of reloading the page.
 * Without JavaScript the box is an ordinary search form (?q=).
 * Check-in itself is htmx: it swaps the tapped button and the counts in place
 * (tournaments/web/staff/check_in.py). htmx swaps nothing when a tap does not
 * arrive (the hall's wifi) or is answered with an error, so this script says
 * so in the status line instead of leaving the tap without an answer.
 */
(function () {
  "use strict";

  function start() {
    var box = document.querySelector("input[data-row-filter]");
    if (!box || !window.bang || !window.bang.fold) return;
    var rows = document.querySelector(box.getAttribute("data-row-filter"));
    var empty = document.querySelector("[data-filter-empty]");

    function apply() {
      var wanted = window.bang.fold(box.value);
      var shown = 0;
      var all = rows ? rows.querySelectorAll("tr[data-name]") : [];
      Array.prototype.forEach.call(all, function (row) {
        var hit = !wanted || row.getAttribute("data-name").indexOf(wanted) !== -1;
        row.hidden = !hit;
        if (hit) shown += 1;
      });
      if (empty) empty.hidden = !wanted || shown > 0 || all.length === 0;
    }

    box.addEventListener("input", apply);
    if (box.form) {
      box.form.addEventListener("submit", function (event) {
        event.preventDefault();
        apply();
        box.blur(); // a phone's keyboard goes away; the rows stay where they are
      });
    }
    apply();
  }

  function sayNotSaved(event, kind) {
    var form = event.target;
    var line = document.getElementById("check-in-status");
    if (!line || !form || !form.classList || !form.classList.contains("check-in-form")) return;
    var said = document.createElement("li");
    said.className = "said said-refused";
    said.textContent = line.getAttribute(kind) || "";
    line.prepend(said);
  }
  document.addEventListener("htmx:sendError", function (event) {
    sayNotSaved(event, "data-offline");
  });
  document.addEventListener("htmx:responseError", function (event) {
    sayNotSaved(event, "data-failed");
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

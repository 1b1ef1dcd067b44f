/*
 * How names are compared in the browser: the same folding as the server's
 * (tournaments/names.py, `fold`): without accents, case-folded ("ß" as "ss"),
 * single spaces. The public search boxes (leaderboard.js, seating.js) fold
 * what is typed with window.bang.fold; the rows carry the server's folded name.
 * Loaded before them in base.html.
 */
(function () {
  "use strict";
  window.bang = window.bang || {};
  window.bang.fold = function (text) {
    return text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/\u00df/g, "ss")
      .split(/\s+/)
      .filter(Boolean)
      .join(" ");
  };
})();

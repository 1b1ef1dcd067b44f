/*
 * The CSRF token, read in one place: from the CSRF cookie, whose name the page
 * says once (<meta name="csrf-cookie">, Django's CSRF_COOKIE_NAME). The other
 * scripts call window.bang.csrfToken() when they send a request: the live
 * pages' language switch (live.js), a call for a referee (hall.js) and the
 * phone's outbox (outbox.js). Loaded before them in base.html.
 */
(function () {
  "use strict";
  window.bang = window.bang || {};
  window.bang.csrfToken = function () {
    var meta = document.querySelector('meta[name="csrf-cookie"]');
    if (!meta) return "";
    var name = meta.getAttribute("content") + "=";
    var found = "";
    document.cookie.split(";").forEach(function (part) {
      part = part.trim();
      if (part.indexOf(name) === 0) found = decodeURIComponent(part.slice(name.length));
    });
    return found;
  };
})();

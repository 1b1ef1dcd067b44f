/*
 * Live fragments (leaderboard, projector): cheap polling with ETags.
 *
 * An element with `data-etag` and `hx-get` polls its fragment URL. Each poll
 * sends the last ETag as If-None-Match; the server answers 304 Not Modified
 * while nothing has changed. Because the header is set by us (not by the
 * browser's cache), the 304 reaches htmx, which we tell not to swap it.
 *
 * Public pages are served from a cache shared by every visitor, so they carry
 * no CSRF token: a form with `data-csrf-cookie` (the language switch) takes
 * it from the CSRF cookie when it is sent.
 */
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var input = event.target.querySelector("input[data-csrf-cookie]");
    if (!input) {
      return;
    }
    var name = input.getAttribute("data-csrf-cookie") + "=";
    document.cookie.split(";").forEach(function (part) {
      part = part.trim();
      if (part.indexOf(name) === 0) {
        input.value = decodeURIComponent(part.slice(name.length));
      }
    });
  });
  if (!window.htmx) {
    return;
  }
  htmx.config.responseHandling = [{ code: "304", swap: false }].concat(
    htmx.config.responseHandling,
  );

  document.addEventListener("htmx:configRequest", function (event) {
    var tag = event.detail.elt.getAttribute("data-etag");
    if (tag) {
      event.detail.headers["If-None-Match"] = tag;
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    var elt = event.detail.elt;
    if (xhr && xhr.status === 200 && elt.hasAttribute("data-etag")) {
      var tag = xhr.getResponseHeader("ETag");
      if (tag) {
        elt.setAttribute("data-etag", tag);
      }
    }
  });
})();

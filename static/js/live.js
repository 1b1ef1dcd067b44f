/*
 * Live fragments (leaderboard, projector): cheap polling with ETags.
 *
 * An element with `data-etag` and `hx-get` polls its fragment URL. Each poll
 * sends the last ETag as If-None-Match; the server answers 304 Not Modified
 * while nothing has changed. Because the header is set by us (not by the
 * browser's cache), the 304 reaches htmx, which we tell not to swap it.
 */
(function () {
  "use strict";
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

/*
 * Live fragments (leaderboard, projector, knockout, ranking, player pages,
 * the staff progress board and games list): pushed by the server, polled as
 * a fallback, cheap either way.
 *
 * Ping, then fetch. An element with `data-events` (the tournament's event
 * stream, api.md "Live events") listens to it with an EventSource. Each
 * event is only a ping ("the tournament is at version N"): the element then
 * fetches its fragment (`hx-get`, triggered by the `bang:live` event), which
 * the server renders once per state and serves from its cache to everyone.
 * While the stream is open the element's `every Ns` poll is skipped; when the
 * stream is cut, polling takes over at once and the stream is opened again by
 * itself (after 2 s, then longer, up to 30 s). Without JavaScript the page
 * still works with a reload.
 *
 * Cheap polling with ETags. An element with `data-etag` sends its last ETag
 * as If-None-Match; the server answers 304 Not Modified while nothing has
 * changed. Because the header is set by us (not by the browser's cache), the
 * 304 reaches htmx, which we tell not to swap it.
 *
 * Public pages are served from a cache shared by every visitor, so they carry
 * no CSRF token: a form with `data-csrf-cookie` (the language switch) takes
 * it from the CSRF cookie when it is sent (window.bang.csrfToken, csrf.js).
 */
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var input = event.target.querySelector("input[data-csrf-cookie]");
    if (!input) {
      return;
    }
    input.value = window.bang.csrfToken();
  });
  if (!window.htmx) {
    return;
  }
  htmx.config.responseHandling = [{ code: "304", swap: false }].concat(
    htmx.config.responseHandling,
  );

  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    var tag = elt.getAttribute("data-etag");
    if (tag) {
      event.detail.headers["If-None-Match"] = tag;
    }
    // The version the stream announced travels in the URL (the pages ignore
    // it): a shared cache in front (nginx's micro-cache, deploy/) keys on the
    // URL, so a phone that heard of version N never gets the state before N
    // that the cache kept a moment earlier (its 304 would keep the old screen).
    var version = announced();
    if (version && event.detail.verb === "get" && elt.hasAttribute("data-events")) {
      event.detail.parameters.v = version;
    }
  });

  // A ping that comes while an element's fetch is in flight is queued by htmx
  // on that element. An element that swaps itself whole (hx-swap="outerHTML")
  // takes the queued fetch away with it, and the page would stay one state
  // behind while the stream is open. So a fetch notes the version it was sent
  // at; if a newer one was announced before its answer replaced the element,
  // the replacement asks again once htmx has taken it in.
  var askAgain = {};

  function announced() {
    return document.documentElement.getAttribute("data-live-version");
  }

  document.addEventListener("htmx:beforeSend", function (event) {
    var elt = event.detail.elt;
    if (elt.hasAttribute && elt.hasAttribute("data-events")) {
      elt.versionWhenSent = announced();
    }
  });

  function askReplacementAgain(elt) {
    if (!elt.id || elt.isConnected || !elt.hasAttribute("data-events")) {
      return;
    }
    if (elt.versionWhenSent === announced()) {
      return;
    }
    var now = document.getElementById(elt.id);
    if (now && !now.classList.contains(htmx.config.addedClass)) {
      htmx.trigger(now, "bang:live"); // already taken in (another answer replaced it)
    } else {
      askAgain[elt.id] = true; // on its htmx:load, below
    }
  }

  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    var elt = event.detail.elt;
    if (xhr && xhr.status === 200 && elt.hasAttribute("data-etag")) {
      var tag = xhr.getResponseHeader("ETag");
      if (tag) {
        elt.setAttribute("data-etag", tag);
      }
    }
    // An element that its answer replaced hears nothing (it has left the
    // page): htmx tells its old parent instead, and the request names it.
    var config = event.detail.requestConfig;
    askReplacementAgain((config && config.elt) || elt);
  });

  // --- the event streams -------------------------------------------------
  var streams = {};

  function listeners(url) {
    return Array.prototype.filter.call(
      document.querySelectorAll("[data-events]"),
      function (elt) {
        return elt.getAttribute("data-events") === url;
      },
    );
  }

  function fetchAll(url) {
    listeners(url).forEach(function (elt) {
      // A small spread, so that a hall of phones does not ask in one instant.
      window.setTimeout(function () {
        htmx.trigger(elt, "bang:live");
      }, Math.random() * 150);
    });
  }

  function open(url) {
    var stream = streams[url];
    if (!stream) {
      stream = streams[url] = { source: null, open: false, wait: 2000, timer: 0 };
    }
    if (stream.source || !window.EventSource) {
      return;
    }
    var source = (stream.source = new EventSource(url));
    source.addEventListener("open", function () {
      stream.open = true;
      stream.wait = 2000;
      document.documentElement.setAttribute("data-live", "pushed");
    });
    source.addEventListener("state", function (event) {
      // Even the first event is followed by a fetch: the page may be older
      // than the state it names (a 304 if it is not).
      document.documentElement.setAttribute("data-live-version", event.lastEventId);
      fetchAll(url);
    });
    source.addEventListener("error", function () {
      // Cut: poll until the stream is back.
      stream.open = false;
      document.documentElement.setAttribute("data-live", "polling");
      if (source.readyState === EventSource.CLOSED) {
        stream.source = null;
        window.clearTimeout(stream.timer);
        stream.timer = window.setTimeout(function () {
          open(url);
        }, stream.wait);
        stream.wait = Math.min(stream.wait * 2, 30000);
      }
    });
  }

  function openAll(root) {
    var found = (root || document).querySelectorAll
      ? (root || document).querySelectorAll("[data-events]")
      : [];
    Array.prototype.forEach.call(found, function (elt) {
      open(elt.getAttribute("data-events"));
    });
    if (root && root.hasAttribute && root.hasAttribute("data-events")) {
      open(root.getAttribute("data-events"));
    }
  }

  // While its stream is open, an element's timed poll is not sent.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    var url = elt.getAttribute && elt.getAttribute("data-events");
    var stream = url && streams[url];
    if (stream && stream.open && !event.detail.requestConfig.triggeringEvent) {
      event.preventDefault();
    }
  });
  document.addEventListener("htmx:load", function (event) {
    var elt = event.detail.elt;
    openAll(elt);
    if (elt.id && askAgain[elt.id]) {
      delete askAgain[elt.id];
      htmx.trigger(elt, "bang:live");
    }
  });
  openAll(document);
})();

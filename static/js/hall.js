/*
 * The hall (rules.md §12, §14): the round clock, a game's time rule and a player's call for a referee.
 *
 * Round clock: an element with data-clock fetches /api/tournaments/{id}/clock/
 * and counts `remaining_s` down with performance.now(), a monotonic clock of
 * the page's own: the phone's time of day is never read, so a phone whose clock
 * is wrong still shows the right time left. It fetches again every 15 s, when
 * the page becomes visible and after every live update of the page (a change of
 * the clock moves the tournament's live version); at zero it says that time is up.
 *
 * Time rule (rules.md §14): an element with data-deadline-ms (a game's deadline,
 * in ms since 1970 by the server's clock) is shown from that moment on; a
 * [data-time-rules] box only while one of its elements shows. Nothing is sent
 * at the deadline: the page compares it with the server's time, estimated from
 * the clock's last answer (`server_time`, at the middle of the request) and
 * counted on with performance.now(), every 250 ms. So a page that has the
 * deadline flips on time with its network cut and whatever its phone's clock
 * says; before its first answer it trusts the phone's clock.
 *
 * Call a referee: a form with data-call-referee posts {position, pin, note} to
 * /api/games/{id}/calls/ and then follows the call (/api/calls/{id}/) every
 * 3 s, showing who is coming; the call is remembered in localStorage so a
 * reload keeps showing it.
 */
(function () {
  "use strict";

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function format(seconds) {
    var s = Math.max(0, Math.ceil(seconds));
    var h = Math.floor(s / 3600);
    var m = Math.floor((s % 3600) / 60);
    return (h ? h + ":" + pad(m) : String(m)) + ":" + pad(s % 60);
  }

  // The server's time: its clock answer and the moment (performance.now()) it held.
  var server = null;

  function serverNow() {
    return server ? server.time + (performance.now() - server.at) : Date.now();
  }

  function paintTimeRules() {
    var now = serverNow();
    document.querySelectorAll("[data-deadline-ms]").forEach(function (el) {
      var due = now >= parseInt(el.getAttribute("data-deadline-ms"), 10);
      if (el.hidden === due) el.hidden = !due;
    });
    document.querySelectorAll("[data-time-rules]").forEach(function (box) {
      var any = box.querySelector("[data-deadline-ms]:not([hidden])") !== null;
      if (box.hidden === any) box.hidden = !any;
    });
  }

  function startClock(root) {
    var url = root.getAttribute("data-url");
    var timeEl = root.querySelector("[data-clock-time]");
    var labelEl = root.querySelector("[data-clock-label]");
    var noteEl = root.querySelector("[data-clock-note]");
    var state = "idle";
    var base = 0;
    var at = 0;
    var busy = false;

    function left() {
      return state === "running" ? base - (performance.now() - at) / 1000 : base;
    }

    function paint() {
      if (state === "idle") {
        root.hidden = true;
        return;
      }
      root.hidden = false;
      var rest = left();
      var up = state === "expired" || (state === "running" && rest <= 0);
      timeEl.textContent = format(up ? 0 : rest);
      root.setAttribute("data-state", up ? "expired" : state);
      noteEl.textContent = up
        ? root.getAttribute("data-t-up")
        : state === "paused" ? root.getAttribute("data-t-paused") : "";
    }

    function fetchClock() {
      if (busy) return;
      busy = true;
      var sent = performance.now();
      fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (!data) return;
          var time = Date.parse(data.server_time);
          if (!isNaN(time)) server = { time: time, at: (sent + performance.now()) / 2 };
          state = data.state;
          base = data.remaining_s;
          at = performance.now();
          labelEl.textContent = data.label || "";
          paint();
        })
        .catch(function () { /* offline: keep counting what we have */ })
        .then(function () { busy = false; });
    }

    fetchClock();
    setInterval(paint, 250);
    setInterval(fetchClock, 15000);
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) fetchClock();
    });
    document.addEventListener("htmx:afterSwap", fetchClock);
    document.addEventListener("bang:live", fetchClock);
  }

  function startCall(form) {
    var url = form.getAttribute("data-url");
    var key = "bang-call-" + form.getAttribute("data-game");
    var statusEl = form.parentNode.querySelector("[data-call-status]");
    var button = form.querySelector("button[type=submit]");
    var timer = null;

    function say(text, kind) {
      statusEl.textContent = text;
      statusEl.setAttribute("data-kind", kind || "");
    }

    function show(call) {
      if (call.status === "taken") {
        say(form.getAttribute("data-t-taken").replace("{name}", call.taken_by || "?"), "taken");
      } else if (call.status === "closed") {
        say(form.getAttribute("data-t-closed"), "closed");
      } else {
        say(form.getAttribute("data-t-open"), "open");
      }
      button.disabled = call.status !== "closed";
      if (call.status === "closed") {
        localStorage.removeItem(key);
        if (timer) { clearInterval(timer); timer = null; }
      }
    }

    function follow(id) {
      function poll() {
        fetch(form.getAttribute("data-call-url").replace(/0\/$/, id + "/"), { cache: "no-store" })
          .then(function (r) { return r.ok ? r.json() : null; })
          .then(function (call) { if (call) show(call); })
          .catch(function () {});
      }
      poll();
      if (timer) clearInterval(timer);
      timer = setInterval(poll, 3000);
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var data = new FormData(form);
      var body = {
        position: parseInt(data.get("position"), 10),
        pin: String(data.get("pin") || "").trim().toUpperCase(),
        note: String(data.get("note") || "").trim()
      };
      button.disabled = true;
      fetch(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "X-CSRFToken": window.bang.csrfToken()
        },
        body: JSON.stringify(body)
      })
        .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, body: j }; }); })
        .then(function (answer) {
          if (!answer.ok) {
            button.disabled = false;
            var errors = (answer.body && answer.body.errors) || [];
            say(errors.map(function (e) { return e.message; }).join(" "), "error");
            return;
          }
          form.querySelector("input[name=pin]").value = "";
          form.querySelector("input[name=note]").value = "";
          localStorage.setItem(key, String(answer.body.id));
          show(answer.body);
          follow(answer.body.id);
        })
        .catch(function () {
          button.disabled = false;
          say(form.getAttribute("data-t-offline"), "error");
        });
    });

    var remembered = localStorage.getItem(key);
    if (remembered) follow(parseInt(remembered, 10));
  }

  function start() {
    document.querySelectorAll("[data-clock]").forEach(startClock);
    paintTimeRules();
    setInterval(paintTimeRules, 250);
    document.addEventListener("htmx:afterSwap", paintTimeRules);
    document.querySelectorAll("form[data-call-referee]").forEach(startCall);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

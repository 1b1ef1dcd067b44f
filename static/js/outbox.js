/* The phone's outbox (rules.md §12 "Entry that survives the network").

   Every form with `data-outbox` (the result form, a result confirmation, a
   penalty, a player's PIN confirmation) is sent by fetch. Before it is sent the
   submission is kept in localStorage with the key the form was opened with
   (its hidden `idempotency_key`), so that a lost connection, a reload or a
   closed browser loses nothing. It is sent, always with the same key and the
   same bytes, at once, when the browser says it is online again, every few
   seconds and when the page becomes visible; the server answers a repeated key
   with its first answer (api.md "Idempotency"), so it is stored once however
   often it arrives. No Background Sync (Safari has none).

   - Stored (the server redirects): the entry goes; on its own page the phone
     shows the page the redirect led to (with its message).
   - The server answered with a page (invalid entries, or the game moved on: a
     version conflict shows both versions): on the form's page that page is
     shown; elsewhere the entry waits, marked, until its form is opened.
   - Not logged in any more (a redirect to the login page, or refused
     credentials): the entry is kept and the phone asks to log in again; after
     the login it is sent.
   - No answer, or 5xx, or 409 while the first attempt is processed: kept, and
     tried again.

   While anything waits, the status says what it means: with no connection,
   that the entry is kept on this phone and sent by itself when the network is
   back; online, that it is tried again by itself.

   Staff pages report the games with an unsent entry (`data-report-url`), so the
   progress board marks those tables. */
(function () {
  "use strict";
  var STORE = "bang-outbox-v1";
  var RETRY_MS = 3000;
  var script = document.currentScript;
  var data = script ? script.dataset : {};
  var loginUrl = data.loginUrl || "/accounts/login/";
  var reportUrl = data.reportUrl || "";
  var sending = false;

  function load() {
    try {
      var items = JSON.parse(window.localStorage.getItem(STORE) || "[]");
      return Array.isArray(items) ? items : [];
    } catch (error) {
      return [];
    }
  }
  function save(items) {
    try { window.localStorage.setItem(STORE, JSON.stringify(items)); } catch (error) { /* full */ }
  }
  function update(key, change) {
    var items = load();
    items.forEach(function (item) { if (item.key === key) { change(item); } });
    save(items);
  }
  function remove(key) {
    save(load().filter(function (item) { return item.key !== key; }));
  }
  function find(key) {
    return load().filter(function (item) { return item.key === key; })[0];
  }
  function here() { return window.location.pathname; }

  /* ---------------------------------------------------------------- showing */
  function render() {
    var items = load();
    var waiting = items.filter(function (item) { return item.state !== "answer"; });
    var login = items.some(function (item) { return item.state === "login"; });
    var answers = items.filter(function (item) { return item.state === "answer"; });
    document.querySelectorAll("[data-outbox-status]").forEach(function (node) {
      node.textContent = "";
      node.hidden = !items.length;
      node.dataset.count = String(waiting.length);
      if (waiting.length) {
        var count = document.createElement("strong");
        count.className = "outbox-count";
        count.textContent = (data.textPending || "not sent yet (%s)").replace("%s", waiting.length);
        node.appendChild(count);
        // What it means, in words: where the entry is and what happens next.
        var meaning = document.createElement("span");
        meaning.className = navigator.onLine ? "outbox-retry" : "outbox-offline";
        meaning.textContent = navigator.onLine ? (data.textRetry || "") : (data.textOffline || "");
        node.appendChild(document.createTextNode(" "));
        node.appendChild(meaning);
      }
      if (login) {
        node.appendChild(document.createTextNode(" " + (data.textLogin || "") + " "));
        var link = document.createElement("a");
        link.className = "button outbox-login";
        link.href = loginUrl + "?next=" + encodeURIComponent(here() + window.location.search);
        link.textContent = data.textLoginLink || "Log in";
        node.appendChild(link);
      }
      answers.forEach(function (item) {
        node.appendChild(document.createTextNode(" " + (data.textAnswer || "") + " "));
        var open = document.createElement("a");
        open.className = "outbox-answer";
        open.href = item.url;
        open.textContent = item.label || data.textOpen || "open";
        node.appendChild(open);
      });
    });
  }

  /* ---------------------------------------------------------------- reporting */
  function report() {
    if (!reportUrl || !navigator.onLine) { return; }
    var games = load()
      .filter(function (item) { return item.report === reportUrl && item.game; })
      .map(function (item) { return { game: Number(item.game), entered_at: item.enteredAt }; });
    var last = window.sessionStorage.getItem("bang-outbox-reported") || "[]";
    var now = JSON.stringify(games);
    if (now === last) { return; }
    fetch(reportUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": window.bang.csrfToken() },
      body: JSON.stringify({ games: games })
    }).then(function (response) {
      if (response.ok) { window.sessionStorage.setItem("bang-outbox-reported", now); }
    }, function () { /* offline: next time */ });
  }

  /* ---------------------------------------------------------------- sending */
  function show(html) {
    // The server's answer for this very form (its errors, or both versions of a
    // conflict): the page is replaced by it, scripts included (same origin).
    document.open();
    document.write(html);
    document.close();
  }

  function sendOne(item) {
    update(item.key, function (entry) { entry.tries = (entry.tries || 0) + 1; });
    return fetch(item.url, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Idempotency-Key": item.key,
        "X-CSRFToken": window.bang.csrfToken(),
        "X-Entered-At": item.enteredAt
      },
      body: item.body
    }).then(function (response) {
      var path = new URL(response.url, window.location.href).pathname;
      var refused = response.headers.get("Idempotency-Key-Ignored") === "credentials";
      if ((response.redirected && path === loginUrl) || refused) {
        update(item.key, function (entry) { entry.state = "login"; });
        return "stop";
      }
      var type = response.headers.get("Content-Type") || "";
      if (response.status >= 500 || (response.status === 409 && type.indexOf("html") < 0)) {
        return "later";
      }
      if (response.redirected) {
        remove(item.key);
        if (here() !== item.path) { return "next"; }
        // Stored: show the page the server sent on to (with its "saved" message).
        return response.text().then(function (html) {
          report();
          window.history.replaceState(null, "", response.url);
          show(html);
          return "stop";
        });
      }
      return response.text().then(function (html) {
        if (here() === item.path) {
          remove(item.key);
          report();
          show(html);
          return "stop";
        }
        update(item.key, function (entry) { entry.state = "answer"; });
        return "next";
      });
    }, function () {
      return "later";  // no connection
    });
  }

  function flush() {
    if (sending) { return; }
    var items = load().filter(function (item) {
      return item.state !== "answer" || here() === item.path;
    });
    if (!items.length) { render(); report(); return; }
    sending = true;
    report();
    (function next(index) {
      if (index >= items.length) { finish(); return; }
      sendOne(items[index]).then(function (outcome) {
        if (outcome === "next") { render(); next(index + 1); return; }
        finish();
      });
    })(0);
  }
  function finish() {
    sending = false;
    render();
    report();
  }

  /* ---------------------------------------------------------------- forms */
  function keep(form, submitter) {
    var keyInput = form.querySelector("input[name=idempotency_key]");
    if (!keyInput) { return false; }
    var key = keyInput.value;
    if (find(key)) { return true; }  // a second tap: the first is already kept
    var body = new FormData(form);
    if (submitter && submitter.name) { body.append(submitter.name, submitter.value); }
    body.delete("csrfmiddlewaretoken");  // sent fresh in the header: the body stays the same
    var url = new URL(form.getAttribute("action") || window.location.href, window.location.href);
    var items = load();
    items.push({
      key: key,
      url: url.pathname + url.search,
      path: url.pathname,
      body: new URLSearchParams(body).toString(),
      game: form.dataset.outboxGame || "",
      label: document.title,
      report: reportUrl,
      enteredAt: new Date().toISOString(),
      state: "pending",
      tries: 0
    });
    save(items);
    return true;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-outbox")) { return; }
    if (!window.fetch || !window.localStorage) { return; }  // plain submission, hidden key
    if (!keep(form, event.submitter)) { return; }
    event.preventDefault();
    render();
    flush();
  });

  // A new page: whatever waits for a login is tried again (the login may be back).
  var items = load();
  items.forEach(function (item) { if (item.state === "login") { item.state = "pending"; } });
  save(items);
  render();
  window.addEventListener("online", flush);
  window.addEventListener("offline", render);
  window.addEventListener("storage", render);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { flush(); }
  });
  if (window.bangOutboxTimer) { window.clearInterval(window.bangOutboxTimer); }
  window.bangOutboxTimer = window.setInterval(flush, RETRY_MS);
  flush();
})();

/* Keeps each seat's lives maximum right (the numbers come from the rules engine via
   lives-table) and shows "eliminated by" only for 0 lives, "final duel" only for the Renegade,
   "among the last three" only for a Deputy (or where it is ticked).
   Save is disabled while the save bar shows an error in the entry (a "bar-problem" that is
   not a "bar-notice": partials/verdict_bar.html); the live check redraws the bar. */
(function () {
  "use strict";
  var form = document.getElementById("result-form");
  if (!form) { return; }
  var table = JSON.parse(document.getElementById("lives-table").textContent);
  function update(seat) {
    var roleInput = seat.querySelector(".role");
    var role = roleInput ? roleInput.value : "";
    var characterInput = seat.querySelector(".character");
    var character = characterInput ? characterInput.value : "";
    var lives = seat.querySelector(".lives");
    var byRole = role === "sheriff" ? table.sheriff : table.other;
    var max = (character in byRole) ? byRole[character] : byRole[""];
    if (max !== null && max !== undefined) {
      lives.max = max;
      seat.querySelector(".max").textContent = "(0–" + max + ")";
    }
    var elim = seat.querySelector(".elim");
    var elimSelect = elim.querySelector("select");
    elim.hidden = !(lives.value !== "" && Number(lives.value) === 0) && !elimSelect.value;
    var duel = seat.querySelector(".duel");
    if (duel) {
      duel.hidden = role !== "renegade" && !duel.querySelector("input").checked;
    }
    var lastThree = seat.querySelector(".last-three");
    if (lastThree) {
      lastThree.hidden = role !== "deputy" && !lastThree.querySelector("input").checked;
    }
  }
  function syncSave() {
    var save = form.querySelector("button[name=save]");
    var bar = document.getElementById("verdict-bar");
    if (!save || !bar) { return; }
    save.disabled = !!bar.querySelector(".bar-problem:not(.bar-notice)");
  }
  // The live check replaces the bar (an out-of-band swap): watch the form, not the bar.
  new MutationObserver(syncSave).observe(form, { childList: true, subtree: true });
  syncSave();
  form.querySelectorAll(".seat").forEach(update);
  ["input", "change"].forEach(function (name) {
    form.addEventListener(name, function (event) {
      var seat = event.target.closest(".seat");
      if (seat) { update(seat); }
    });
  });
})();

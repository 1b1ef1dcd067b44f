/*
 * The registration form of a tournament made from an event package (rules.md §16):
 * a search box above the list of the package's players filters it by name as you
 * type (window.bang.fold, names.js; each option carries its folded name in
 * data-fold) and picks the first match; choosing a player fills the name and the
 * nationality where the organiser has not typed their own. Without JavaScript the
 * list is an ordinary select, and the server takes the name over all the same.
 */
(function () {
  "use strict";

  function start() {
    var select = document.querySelector("select[data-package-players]");
    if (!select || !window.bang || !window.bang.fold) return;
    var form = select.form;
    var name = form.querySelector("input[name=name]");
    var nationality = form.querySelector("select[name=nationality]");
    var filled = "";

    var box = document.createElement("input");
    box.type = "search";
    box.className = "package-search";
    box.setAttribute("aria-label", select.getAttribute("data-search-label") || "");
    box.placeholder = select.getAttribute("data-search-label") || "";
    box.autocomplete = "off";
    select.parentNode.insertBefore(box, select);

    function take() {
      var option = select.options[select.selectedIndex];
      if (!option || !option.value || !name) return;
      if (!name.value || name.value === filled) {
        name.value = option.getAttribute("data-name");
        filled = name.value;
      }
      var code = option.getAttribute("data-nationality");
      if (nationality && code) nationality.value = code;
    }

    function filter() {
      var wanted = window.bang.fold(box.value);
      var first = null;
      Array.prototype.forEach.call(select.options, function (option) {
        if (!option.value) return;
        var hit = !wanted || option.getAttribute("data-fold").indexOf(wanted) !== -1;
        option.hidden = !hit;
        if (hit && first === null) first = option;
      });
      if (wanted && first && (select.selectedIndex < 1 || select.options[select.selectedIndex].hidden)) {
        select.value = first.value;
        take();
      }
    }

    box.addEventListener("input", filter);
    box.addEventListener("keydown", function (event) {
      if (event.key === "Enter") event.preventDefault();
    });
    select.addEventListener("change", take);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

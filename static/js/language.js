// The language switch (templates/partials/site_header.html): choosing a language
// submits the form at once; without scripts its button does.
(function () {
  "use strict";
  function wire() {
    document.querySelectorAll("form.lang-switch").forEach(function (form) {
      form.classList.add("auto");
      var select = form.querySelector("select[name=language]");
      if (select) {
        select.addEventListener("change", function () {
          form.requestSubmit();
        });
      }
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", wire);
  } else {
    wire();
  }
})();

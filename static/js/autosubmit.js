/* A <select data-autosubmit> submits its form when changed (filters on staff pages).
   A static file, not an inline handler: the Content-Security-Policy allows no inline code. */
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var field = event.target;
    if (field instanceof HTMLSelectElement && field.hasAttribute("data-autosubmit") && field.form) {
      field.form.submit();
    }
  });
})();

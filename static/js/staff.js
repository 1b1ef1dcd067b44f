/* Staff pages: destructive actions ask first: a form with data-confirm="question" submits only
   after the user agrees. No inline handlers (the CSP allows static scripts only). */
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    var question = form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  }, true);
})();

/* Filter forms marked data-autosubmit apply a changed choice at once. */
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var field = event.target;
    var form = field && field.form;
    if (form && form.hasAttribute("data-autosubmit") && field.tagName === "SELECT") {
      form.submit();
    }
  });
})();

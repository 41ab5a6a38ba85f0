/* What the theme leaves unnamed, for screen readers (axe-core, tools/audit_site.py):
 * the search box is a dialog named "Search", and the captions of the
 * reference's sections, marked as headings, say their level. */
document.addEventListener("DOMContentLoaded", function () {
  "use strict";
  document.querySelectorAll('.md-search[role="dialog"]:not([aria-label])').forEach(
    function (dialog) { dialog.setAttribute("aria-label", "Search"); });
  document.querySelectorAll('[role="heading"]:not([aria-level])').forEach(
    function (heading) { heading.setAttribute("aria-level", "2"); });
});
/* The search toggle of the header is a checkbox whose label holds only an icon. */
document.addEventListener("DOMContentLoaded", function () {
  "use strict";
  var toggle = document.getElementById("__search");
  if (toggle && !toggle.hasAttribute("aria-label")) {
    toggle.setAttribute("aria-label", "Search");
  }
});
/* The theme marks the page's article as a second main landmark inside <main>:
 * one main landmark is enough. */
document.addEventListener("DOMContentLoaded", function () {
  "use strict";
  document.querySelectorAll('main [role="main"]').forEach(
    function (inner) { inner.removeAttribute("role"); });
});

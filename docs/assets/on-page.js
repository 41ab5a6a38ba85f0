/* Run a set-up function on each page the reader sees.
 *
 * Material for MkDocs announces each page on `document$` (with instant
 * navigation, pages change without reloading scripts); without it the
 * function runs once the page is loaded. The site's other scripts call
 * window.ambiguOnPage(setUp). Loaded first (mkdocs.yml, extra_javascript).
 * Below it, what every page sets up: the search dialog's name.
 */
window.ambiguOnPage = function (setUp) {
  "use strict";
  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(setUp);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
};

/* The theme's search box is a dialog without a name; a screen reader
 * announces it as "Search" (axe-core: aria-dialog-name). */
window.ambiguOnPage(function () {
  "use strict";
  document.querySelectorAll('.md-search[role="dialog"]:not([aria-label])').forEach(
    function (dialog) { dialog.setAttribute("aria-label", "Search"); });
});

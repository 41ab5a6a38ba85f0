/* Run a set-up function on each page the reader sees.
 *
 * Material for MkDocs announces each page on `document$` (with instant
 * navigation, pages change without reloading scripts); without it the
 * function runs once the page is loaded. The site's other scripts call
 * window.ambiguOnPage(setUp). Loaded first (mkdocs.yml, extra_javascript).
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

/* The comparison matrix: "Show only the rows that differ".
 *
 * Checking the box puts the class `only-differences` on every
 * table.compare-matrix; site.css then hides each row that has no class
 * `differs` (the group headings stay). Material's instant navigation swaps
 * pages without reloading scripts, so the set-up runs on each page it
 * announces through `document$`; without Material it runs once the page is
 * loaded. No library, nothing fetched.
 */
(function () {
  "use strict";

  function setUp() {
    var box = document.getElementById("only-differences");
    if (!box || box.dataset.ready === "yes") {
      return;
    }
    box.dataset.ready = "yes";
    function apply() {
      var tables = document.querySelectorAll("table.compare-matrix");
      for (var i = 0; i < tables.length; i++) {
        tables[i].classList.toggle("only-differences", box.checked);
      }
    }
    box.addEventListener("change", apply);
    apply();
  }

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(setUp);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();

/* The comparison matrix: "Show only the rows that differ".
 *
 * Checking the box puts the class `only-differences` on every
 * table.compare-matrix; site.css then hides each row that has no class
 * `differs` (the group headings stay). The choice is kept in the address
 * (`?only=differences`), so a reload or a shared link keeps it. Material's
 * instant navigation swaps
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
    var address = new URL(window.location.href);
    if (address.searchParams.get("only") === "differences") {
      box.checked = true;
    }
    function apply() {
      var tables = document.querySelectorAll("table.compare-matrix");
      for (var i = 0; i < tables.length; i++) {
        tables[i].classList.toggle("only-differences", box.checked);
      }
    }
    function remember() {
      var here = new URL(window.location.href);
      if (box.checked) {
        here.searchParams.set("only", "differences");
      } else {
        here.searchParams.delete("only");
      }
      window.history.replaceState(window.history.state, "", here.toString());
    }
    box.addEventListener("change", function () {
      apply();
      remember();
    });
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

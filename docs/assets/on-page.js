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

/* The blocks of a long page marked "later", and its footnotes, are left out
 * of its first layout (overrides/main.html, site.css); once the theme's
 * script has started, they are shown a few at a time, about BUDGET elements
 * a frame, so that no step keeps a phone busy for long. A script that fills
 * such a block (compare.js) hears "ambigu:show" on it just before it shows.
 * Following a link to a #fragment or printing shows everything at once. */
(function () {
  "use strict";
  var root = document.documentElement;
  var WAITING = ".md-typeset .later:not([data-shown]), " +
    ".md-typeset .footnote > ol > li:not([data-shown])";
  var BUDGET = 40;
  var started = false;

  // Elements a block lays out: its own, less those inside closed folds.
  function weight(block) {
    var count = 1 + block.getElementsByTagName("*").length;
    block.querySelectorAll("details:not([open])").forEach(function (fold) {
      count -= fold.getElementsByTagName("*").length;
    });
    return count;
  }

  function show(block) {
    block.dispatchEvent(new CustomEvent("ambigu:show", {bubbles: true}));
    block.setAttribute("data-shown", "");
  }

  function showAll() {
    document.querySelectorAll(WAITING).forEach(show);
    root.removeAttribute("data-later");
  }

  function step() {
    if (!root.hasAttribute("data-later")) {
      return;
    }
    var waiting = document.querySelectorAll(WAITING);
    var spent = 0;
    for (var i = 0; i < waiting.length && (i === 0 || spent < BUDGET); i++) {
      spent += weight(waiting[i]);
      show(waiting[i]);
    }
    if (i >= waiting.length) {
      root.removeAttribute("data-later");
      return;
    }
    requestAnimationFrame(function () { setTimeout(step, 0); });
  }

  window.addEventListener("hashchange", function () {
    if (!root.hasAttribute("data-later")) {
      return;
    }
    showAll();
    var id = location.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch (error) {
      // not %-encoded: the id as written
    }
    var target = id ? document.getElementById(id) : null;
    if (target) {
      target.scrollIntoView();
    }
  });
  window.addEventListener("beforeprint", function () {
    if (root.hasAttribute("data-later")) {
      showAll();
    }
  });
  window.ambiguOnPage(function () {
    if (started || !root.hasAttribute("data-later")) {
      return;
    }
    started = true;
    window.ambiguShowingLater = true;
    requestAnimationFrame(function () { setTimeout(step, 0); });
  });
})();

/* The theme's search box is a dialog without a name; a screen reader
 * announces it as "Search", in the page's language (axe-core:
 * aria-dialog-name; assets/words.js). */
window.ambiguOnPage(function () {
  "use strict";
  document.querySelectorAll('.md-search[role="dialog"]:not([aria-label])').forEach(
    function (dialog) { dialog.setAttribute("aria-label", window.ambiguWords("page.search")); });
});

/* A footnote marker shows its note in a small box while it is pointed at or
 * focused, and Escape closes it. Material's own footnote tooltips are switched
 * off (mkdocs.yml): they build a tooltip for every marker as the page loads,
 * some four hundred on the open questions, which kept a phone busy for
 * seconds. This box is made only when a marker is reached, from the note's
 * text (textContent: no markup of the note is copied). */
(function () {
  "use strict";
  var tip = null;
  var marker = null;

  function noteOf(link) {
    var href = link.getAttribute("href") || "";
    if (href.charAt(0) !== "#") {
      return "";
    }
    var note = document.getElementById(decodeURIComponent(href.slice(1)));
    if (!note) {
      return "";
    }
    var copy = note.cloneNode(true);
    copy.querySelectorAll(".footnote-backref").forEach(function (back) { back.remove(); });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  function hide() {
    if (tip) {
      tip.hidden = true;
    }
    if (marker) {
      marker.removeAttribute("aria-describedby");
      marker = null;
    }
  }

  function show(link) {
    var text = noteOf(link);
    if (!text || link === marker) {
      return;
    }
    hide();
    if (!tip) {
      tip = document.createElement("div");
      tip.id = "ambigu-footnote-tip";
      tip.className = "ambigu-tip";
      tip.setAttribute("role", "tooltip");
      tip.style.cssText = "position:absolute;z-index:5;max-width:min(24rem,90vw);" +
        "padding:.4rem .6rem;font-size:.7rem;line-height:1.4;border-radius:.2rem;" +
        "background:var(--md-default-bg-color);color:var(--md-default-fg-color);" +
        "border:1px solid var(--md-default-fg-color--lighter);" +
        "box-shadow:0 .2rem .5rem rgba(0,0,0,.25);pointer-events:none";
      document.body.appendChild(tip);
    }
    tip.textContent = text;
    tip.hidden = false;
    marker = link;
    link.setAttribute("aria-describedby", tip.id);
    var box = link.getBoundingClientRect();
    var width = tip.offsetWidth;
    var page = document.documentElement.clientWidth;
    var left = Math.min(Math.max(8, box.left - 16), page - width - 8);
    tip.style.left = Math.max(8, left) + window.scrollX + "px";
    tip.style.top = box.bottom + window.scrollY + 6 + "px";
  }

  function markerIn(event) {
    var target = event.target;
    return target && target.closest ? target.closest("a.footnote-ref") : null;
  }

  document.addEventListener("mouseover", function (event) {
    var link = markerIn(event);
    if (link) {
      show(link);
    }
  });
  document.addEventListener("mouseout", function (event) {
    var link = markerIn(event);
    if (link && link === marker && !link.contains(event.relatedTarget)) {
      hide();
    }
  });
  document.addEventListener("focusin", function (event) {
    var link = markerIn(event);
    if (link) {
      show(link);
    } else {
      hide();
    }
  });
  document.addEventListener("focusout", function (event) {
    if (markerIn(event) === marker) {
      hide();
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      hide();
    }
  });
})();

/* A glossary term (an abbreviation with its definition in its title) shows
 * its definition in a small box under it when it is tapped, clicked or
 * focused: a touch screen shows no title, and the first use of each term on
 * a page takes the keyboard's focus (tools/mkdocs_hooks.py, focusable_terms).
 * The box is a tooltip that describes the term while it shows; Escape, a tap
 * elsewhere or the focus moving on closes it, and tapping the term again
 * closes it too. A pointer resting on a term still shows the browser's own
 * tooltip; while the box shows, the title is held back so that the two do
 * not show at once. The box is made once, when first needed, from the title's
 * text (no markup). */
(function () {
  "use strict";
  var tip = null;
  var term = null;

  function termIn(target) {
    var found = target && target.closest ? target.closest("abbr[title], abbr[data-title]") : null;
    // A term inside a link or a button is theirs to answer: the link is followed.
    return found && !found.closest("a, button, summary, label") ? found : null;
  }

  function hide() {
    if (tip) {
      tip.hidden = true;
    }
    if (term) {
      term.setAttribute("title", term.getAttribute("data-title"));
      term.removeAttribute("data-title");
      term.removeAttribute("aria-describedby");
      term = null;
    }
  }

  function show(node) {
    if (node === term) {
      return;
    }
    hide();
    var text = node.getAttribute("title");
    if (!text) {
      return;
    }
    if (!tip) {
      tip = document.createElement("div");
      tip.id = "ambigu-term-tip";
      tip.className = "ambigu-term-tip";
      tip.setAttribute("role", "tooltip");
      document.body.appendChild(tip);
    }
    tip.textContent = text;
    tip.hidden = false;
    term = node;
    node.setAttribute("data-title", text);
    node.removeAttribute("title");
    node.setAttribute("aria-describedby", tip.id);
    var box = node.getBoundingClientRect();
    var width = tip.offsetWidth;
    var height = tip.offsetHeight;
    var page = document.documentElement.clientWidth;
    var left = Math.max(8, Math.min(box.left - 16, page - width - 8));
    var below = box.bottom + 6 + height <= window.innerHeight || box.top - 6 - height < 0;
    tip.style.left = left + window.scrollX + "px";
    tip.style.top = (below ? box.bottom + 6 : box.top - 6 - height) + window.scrollY + "px";
  }

  // Whether the term pressed was already showing its definition: pressing a
  // term that takes the focus shows it (focusin) before its click arrives.
  var wasShowing = false;
  document.addEventListener("pointerdown", function (event) {
    var node = termIn(event.target);
    wasShowing = node !== null && node === term;
  });
  document.addEventListener("click", function (event) {
    var node = termIn(event.target);
    if (node && node === term && wasShowing) {
      hide();
    } else if (node) {
      show(node);
    } else if (term && !(tip && tip.contains(event.target))) {
      hide();
    }
    wasShowing = false;
  });
  document.addEventListener("focusin", function (event) {
    var node = termIn(event.target);
    if (node) {
      show(node);
    } else if (term) {
      hide();
    }
  });
  document.addEventListener("focusout", function (event) {
    if (term && event.target === term && !term.contains(event.relatedTarget)) {
      hide();
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && term) {
      hide();
    }
  });
})();

"""The combinations page's "What should I keep?": its heading, what it says, its box.

The box is filled in the browser by ``docs/assets/advice.js``, which asks the
site's Python for :func:`~ambigu_rules.advice.report.advise_report`; the page
itself holds only the words around it, in the page's language.

>>> from ambigu_rules.words.lang import FR
>>> print(advice_tool(FR, "../").splitlines()[0])
## Que garder ? { #what-to-keep }
>>> 'data-assets="../../assets/"' in advice_tool(FR, "../")
True
"""

from __future__ import annotations

from ...words.lang import Catalog, Lang
from ...words.markup import Md

T: Catalog[Md] = Catalog(__name__, "T", {
    "heading": Md("What should I keep?"),
    "intro": (Md("Pick a version, one of its exchanges and the cards you hold when it comes (and "
                 "any you have seen: your earlier discards, a hand shown), and the site's Python "
                 "lists every discard the version's rule file allows there, best first: the "
                 "chance of each combination your final hand can end with as its best, and the "
                 "expected value, the mean of what the rule file pays for that combination. The "
                 "chances are counted exactly, over every way the cards you have not seen can "
                 "come, as `ambigu advise` counts them on the [command line](command-line.md). "
                 "“Exactly” assumes two things: that every card you have not seen is as likely "
                 "to come as any other (the others' discards, chosen and out of the stock, are "
                 "counted among them), and, at the first exchange, that you stand at every later "
                 "one. The expected value is not a chance of winning: the others' hands and the "
                 "pool are left out. Python loads when you first use the tool (about 19 MB the "
                 "first time); each answer then takes a fraction of a second.")),
    "noscript": (Md("The advice needs JavaScript; <code>ambigu advise</code> gives it on the "
                    "command line.")),
})


def advice_tool(lang: Lang, up: str = "") -> Md:
    """The tool's section in ``lang``; ``up`` is what a French twin's raw addresses
    climb more (:attr:`~ambigu_rules.site.pages.context.Site.up`)."""
    return Md("## {} {{ #what-to-keep }}\n\n{}\n\n"
              '<div class="exchange-advice" data-assets="{}../assets/">\n'
              "<noscript>{}</noscript>\n</div>\n").format(
        T.forms("heading", lang), T.forms("intro", lang), up, T.forms("noscript", lang))

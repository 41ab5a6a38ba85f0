"""The site generator: Markdown pages written from the YAML rulesets.

Everything the site says about a rule comes from the rule files in
``rulesets/``: the pages are rendered with Jinja2 from the resolved rulesets,
the bibliography, the decks and the two data files of the site (the glossary
and the open questions). :func:`generate.render_site` returns every page as
text; ``tools/gen_site.py`` writes them into ``docs/`` (or, with ``--check``,
lists the ones that are out of date), and ``tools/mkdocs_hooks.py`` runs the
same code before each MkDocs build.

The modules, one concern each:

* :mod:`.markup` — the one way text becomes page markup (:func:`~.markup.esc`,
  :class:`~.markup.Md`), badges, cards;
* :mod:`.citations` — footnotes that cite the bibliography;
* :mod:`.words` — rule points in English sentences, one module per rule
  concept (betting, exchanges, payments, showdown and ties, the table, the
  session ...), and :mod:`.describe`, which puts them together for one
  ruleset;
* :mod:`.facts` — a version as the pages see it, and its rule points in
  page order;
* :mod:`.comparison` — the rows of the comparison matrix;
* :mod:`.data` — the glossary and the open questions (YAML, validated);
* :mod:`.table_view` — the worked examples drawn as hands on a table;
* :mod:`.pages` — one module per kind of page;
* :mod:`.generate` — the list of pages, writing and checking them.
"""

"""The pages of the site: one module per kind of page.

Each page function takes the :class:`~.context.Site` and returns the page's
Markdown, made from its context and a template. Every text that comes from
a YAML file is escaped with :func:`~ambigu_rules.words.markup.esc`: when it
fills a literal template (``Md("... {} ...").format``, ``Md(", ").join``),
or when a page template prints it (the environment escapes whatever is not
already :class:`~ambigu_rules.words.markup.Md`, see
:mod:`ambigu_rules.site.generate`).

* :mod:`.context` — what the pages are made from (:class:`~.context.Site`)
  and the data files they offer for download;
* :mod:`.provenance` — where a rule comes from: badges, sources, notes,
  inheritance;
* :mod:`.example_hands` — example hands and how often each combination is dealt;
* :mod:`.version_page` — a version's page, rule by rule;
* :mod:`.quick_start` — the first screen of a version's page;
* :mod:`.compare_page` — the comparison matrix;
* :mod:`.combinations_page` — the combinations in every version, their values
  and odds;
* :mod:`.glossary_page` — the glossary and its tooltips;
* :mod:`.open_questions_page` — the questions the sources leave open;
* :mod:`.sources_page` — the bibliography;
* :mod:`.glance_table` — the home page's table of the versions.
"""

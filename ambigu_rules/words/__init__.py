"""Rule points in English and French sentences, one module per rule concept.

The sentences are ours: each step kind, effect, condition and table rule has
one way of being said, filled in with the values of the YAML. Texts the YAML
supplies (a call such as "battez", a title, an option name) are escaped with
:func:`~ambigu_rules.words.markup.esc`; the words come back as
:class:`~ambigu_rules.words.markup.Md` fragments of inline Markdown, filled in
from literal templates.

* :mod:`.lang` — the languages (:class:`~.lang.Lang`: ``EN``, ``FR``, read from
  their folders in :mod:`ambigu_rules.languages`: number forms, typography,
  and each language's form of every phrase by message id), and the
  :class:`~.lang.Catalog` of each module's phrases, in English, the source
  language;
* :mod:`.phrases` — numbers, amounts, lists and calls in words;
* :mod:`.names` — the base of the sentences of one ruleset: combination
  names, links to steps;
* :mod:`.payments` — effects, outcomes and paying the combination (what
  moves counters and the pot);
* :mod:`.dealing`, :mod:`.exchanges`, :mod:`.bets`, :mod:`.ranking` —
  the steps of a deal;
* :mod:`.definitions` — definitions and values of the combinations;
* :mod:`.table_rules`, :mod:`.stakes` — the rules of the table, of the stakes and
  of the length of a game;
* :mod:`.markup` — the one way text from a rule file becomes page markup.

The package sits below the site and the play modules, which both speak
these words (a version page and the terminal's help say a bet alike).

:class:`~ambigu_rules.site.describe.Describer` puts the sentences of one
ruleset together.
"""

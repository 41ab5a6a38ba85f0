"""French meanings of the keys of :mod:`ambigu_rules.rules.common` (provenance, citations,
clauses, agreed amounts, ranges), keyed ``Class.field`` by the class that declares the
field, and the French forms of its classes' descriptions."""

from __future__ import annotations

FIELDS = {
    "Translated.translations": (
        "Les textes propres à cette partie dans d'autres langues, par code de langue puis "
        "par clé (`translations: {fr: {note: …}}`) : les clés sont `note` et, là où la "
        "partie les a, `title`, `short_title`, `period`, `summary`, `name`, `definition`, "
        "`description`, `says`, `text` ; chaque clé est un texte déjà donné de la même "
        "partie, chaque forme est écrite avec nos propres mots dans cette langue. Les pages "
        "d'une langue montrent ces formes ; une citation qu'elles contiennent reste dans sa "
        "langue. Une version qui remplace un texte dont elle hérite en redonne les formes."),
    "Translated.fr": (
        "L'ancienne écriture de `translations: {fr: …}`, toujours lue : les formes "
        "françaises des textes propres à cette partie."),
    "Provenance.source": (
        "D'où vient la règle : l'identifiant d'une source, suivi au besoin d'un repère "
        "(`foster-1897 Method of Playing`) ; une liste cite plusieurs sources."),
    "Provenance.evidence": (
        "Notre degré de certitude : `attested` (une source le dit), `reconstructed` (une "
        "reconstitution moderne le dit), `inferred` (notre lecture) ou `editorial` (notre "
        "choix là où les sources se taisent)."),
    "Provenance.note": "Notre remarque, avec nos propres mots.",
    "Provenance.inherited_from": (
        "Posée par l'héritage, jamais écrite à la main : l'identifiant de la version parente "
        "d'où cette règle vient sans changement."),
    "Provenance.parent_evidence": (
        "Posée par l'héritage, jamais écrite à la main : le degré de preuve chez le parent, "
        "gardé quand `inherit.downgrade_to` l'a abaissé."),
    "RulePoint.clauses": (
        "Les parties de la règle, chacune avec ses propres `says`, `source` et `evidence`, "
        "quand elles diffèrent ; l'`evidence` de la règle doit alors être la plus faible des "
        "leurs."),
    "SourceRef.id": "L'identifiant d'une source de `rulesets/sources.yaml`.",
    "SourceRef.at": "L'endroit de cette source : une section, un chapitre ou une page.",
    "Clause.says": "Cette partie de la règle, avec nos propres mots.",
    "Agreed.default": (
        "Le montant joué si la table n'en convient pas autrement ; l'un des `choices`."),
    "Agreed.choices": "Les montants dont la table peut convenir.",
    "Range.min": "Le plus petit nombre permis.",
    "Range.max": "Le plus grand nombre permis (pas moins que `min`).",
}
"""The French meaning of each field this model file declares, ``{"Class.field": text}``.

:meta hide-value:
"""

CLASSES = {
    "RulePoint": (
        "La provenance que porte chaque règle, et ses clauses si ses parties diffèrent.\n\n"
        "Une règle dont les parties viennent de sources différentes, ou ne sont pas toutes "
        "aussi sûres, les énumère dans `clauses` ; son `evidence` est alors la plus faible "
        "des leurs (un badge ne vaut pas plus que le plus faible de ce qu'il couvre)."),
    "SourceRef": "Une citation : l'identifiant d'une source de la bibliographie, et l'endroit "
                 "de cette source.",
    "Clause": "Une partie d'une règle, avec sa propre preuve et sa propre source.",
    "Agreed": "Un montant dont la table convient avant de jouer : l'un des `choices`.",
    "Range": "Un intervalle de nombres entiers, bornes comprises.",
}
"""The French description of each class of this model file that has one.

:meta hide-value:
"""

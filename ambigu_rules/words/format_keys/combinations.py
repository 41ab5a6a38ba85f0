"""French meanings of the keys of :mod:`ambigu_rules.rules.combinations` (combinations,
their conditions, their order and their payment), keyed ``Class.field``, and the French
forms of its classes' descriptions."""

from __future__ import annotations

FIELDS = {
    "Combination.id": (
        "L'identifiant de la combinaison, qu'emploient `ranking`, `parts` et l'héritage."),
    "Combination.name": "Le nom que la version donne à la combinaison.",
    "Combination.canonical": (
        "La combinaison type à laquelle elle répond, pour comparer les versions (à défaut, "
        "l'identifiant, s'il est celui d'une combinaison type) ; une combinaison propre à "
        "la version n'en a pas besoin."),
    "Combination.names": (
        "Ses noms dans d'autres langues ou graphies, par clé (`fr`, `fr-alt`)."),
    "Combination.definition": "La combinaison en mots.",
    "Combination.when": (
        "La condition sur les traits de la main que la combinaison demande."),
    "Combination.parts": (
        "Les combinaisons que la main doit aussi contenir ; "
        "`{best_of: [grand_prime, prime]}` prend la plus haute de celles qu'elle contient."),
    "Combination.cards": (
        "Quelles cartes forment la combinaison, et donc lesquelles regardent les clés de "
        "départage : `hand` (la main), `suit_group` (la meilleure couleur de deux cartes ou "
        "plus), `rank_group` (les cartes de la valeur la plus nombreuse), `suit_run` (la plus "
        "longue suite dans une couleur)."),
    "Combination.ties": (
        "Des clés calculées sur ces cartes, comparées dans l'ordre, la plus haute "
        "l'emportant : `card_count`, `pips`, `run` (plus longue suite dans une couleur), "
        "`top_rank`, `ranks_desc` (la carte la plus haute, puis la suivante…), `group_rank`, "
        "`run_top`."),
    "Combination.value": (
        "Les jetons que chaque joueur qui paie verse au gagnant qui la montre."),
    "Combination.value_if": (
        "Des valeurs pour les mains qui remplissent une condition, à la place de `value` : "
        "la première qui s'applique compte (par exemple selon les points : "
        "`[{when: {pips: {gt: 28}}, value: 11}]`)."),
    "Combination.payment": (
        "`own` : `value` est payée ; `adds` : `value` plus les valeurs des `parts`."),
    "Ranking.order": (
        "Les identifiants des combinaisons, de la plus basse à la plus haute ; une liste "
        "imbriquée en met plusieurs au même rang."),
    "Ranking.final_tie": (
        "Qui gagne une égalité parfaite, quand deux mains restent égales après tous les "
        "départages."),
    "CombinationPayment.payers": "Qui paie au gagnant la valeur de sa combinaison.",
    "CombinationPayment.uncontested": (
        "Si le gagnant que personne n'a tenu est payé de sa combinaison."),
    "CombinationPayment.shortfall": (
        "Ce qu'il advient d'un joueur qui ne peut payer en entier."),
    "Predicate.all": "Des conditions qui doivent toutes être remplies.",
    "Predicate.any": "Des conditions dont une au moins doit être remplie.",
    "Predicate.not_": "Une condition qui ne doit pas être remplie.",
    "Predicate.distinct_suits": "Le nombre de couleurs que montrent les quatre cartes.",
    "Predicate.distinct_ranks": "Le nombre de valeurs que montrent les quatre cartes.",
    "Predicate.max_suit_count": "Le plus grand nombre de cartes d'une même couleur.",
    "Predicate.max_rank_count": "Le plus grand nombre de cartes d'une même valeur.",
    "Predicate.pips": "La somme des points des quatre cartes.",
    "Predicate.longest_suit_run": (
        "La plus longue suite de valeurs consécutives dans une même couleur (l'as en bas, "
        "sans boucler)."),
    "Predicate.longest_run": (
        "La plus longue suite de valeurs consécutives, sans regarder les couleurs."),
    "BestOf.best_of": (
        "Des identifiants de combinaisons ; la plus haute de celles que la main contient "
        "est la partie."),
    "ValueIf.when": "La condition sur les traits de la main.",
    "ValueIf.value": "Ce que paie, pour une telle main, chaque joueur qui paie.",
    "Comparison.eq": "Le trait est égal à ce nombre.",
    "Comparison.ne": "Le trait diffère de ce nombre.",
    "Comparison.gt": "Le trait est plus grand que ce nombre.",
    "Comparison.ge": "Le trait vaut ce nombre ou plus.",
    "Comparison.lt": "Le trait est plus petit que ce nombre.",
    "Comparison.le": "Le trait vaut ce nombre ou moins.",
    "Comparison.in_": "Le trait est l'un de ces nombres.",
}
"""The French meaning of each field this model file declares, ``{"Class.field": text}``.

:meta hide-value:
"""

CLASSES = {
    "Combination": (
        "Une combinaison de quatre cartes qui rapporte.\n\n"
        "Une main contient la combinaison quand `when` est rempli et qu'elle contient aussi "
        "chacune des combinaisons de `parts`. `cards` dit quelles cartes de la main la "
        "forment (et donc lesquelles regardent les clés de départage). `value` est ce que "
        "chaque joueur qui paie verse au gagnant qui la montre ; avec `payment: adds`, les "
        "valeurs de ses parties s'ajoutent à `value`."),
    "Ranking": (
        "L'ordre des combinaisons, de la plus basse à la plus haute ; une liste imbriquée "
        "forme un seul rang."),
    "CombinationPayment": "Qui paie au gagnant la valeur de sa combinaison, et quand.",
    "Predicate": (
        "Une condition sur une main : des traits comparés à des nombres, et combinés.\n\n"
        "Plusieurs clés dans un même dictionnaire doivent toutes être remplies. `all`, "
        "`any` et `not` combinent des conditions subordonnées."),
    "BestOf": "La plus haute de plusieurs combinaisons que la main contient.",
    "ValueIf": "Une valeur pour les mains d'une combinaison qui remplissent une condition.",
    "Comparison": "Un test sur la valeur d'un trait, par exemple `{gt: 30}`.",
}
"""The French description of each class of this model file that has one.

:meta hide-value:
"""

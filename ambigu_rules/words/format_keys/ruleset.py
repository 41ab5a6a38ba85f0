"""French meanings of the keys of :mod:`ambigu_rules.rules.ruleset`,
:mod:`~ambigu_rules.rules.deck` and :mod:`~ambigu_rules.rules.sources` (the file as a
whole, its history, its own sources, the ranks of a deck, the places of a source),
keyed ``Class.field``, and the French forms of their classes' descriptions."""

from __future__ import annotations

_NEVER = " ; ne s'hérite jamais."

FIELDS = {
    "Ruleset.format": "La version du format des règles : toujours `1`.",
    "Ruleset.id": "L'identifiant de la version (`1730`, `foster`)" + _NEVER,
    "Ruleset.title": "Le titre complet de la version" + _NEVER,
    "Ruleset.short_title": "Un titre court pour les tableaux et les menus" + _NEVER,
    "Ruleset.year": (
        "L'année du texte de la version, un nombre entier (`1730` ; `\"1730\"` est lu comme "
        "le même nombre)" + _NEVER),
    "Ruleset.period": (
        "Une époque en mots, pour un intervalle ou une date approximative "
        "(`1911 (probably)`), que montre `ambigu variants` faute de `year`" + _NEVER),
    "Ruleset.summary": "La version en une phrase ou deux" + _NEVER,
    "Ruleset.extends": (
        "La version sur laquelle ce fichier s'appuie : un identifiant de version intégrée, "
        "ou le chemin relatif d'un `.yaml`/`.yml` situé dans le dossier de ce fichier ou "
        "plus bas."),
    "Ruleset.inherit": "Comment sont marquées les règles reprises telles quelles du parent.",
    "Ruleset.history": (
        "Des faits sur le texte même de la version (date, préface)" + _NEVER),
    "Ruleset.sources": (
        "Les ouvrages que citent les règles de ce fichier et qui ne sont pas dans "
        "`rulesets/sources.yaml` : les notes d'une maison, par exemple."),
    "Ruleset.players": "Le nombre de joueurs.",
    "Ruleset.deck": "Le jeu de cartes de la version.",
    "Ruleset.direction": "Le sens du jeu, qui parle le premier et qui coupe.",
    "Ruleset.combinations": "Les combinaisons qui rapportent.",
    "Ruleset.ranking": "L'ordre des combinaisons.",
    "Ruleset.payment": "Qui paie au gagnant la valeur de sa combinaison, et quand.",
    "Ruleset.procedure": "Les étapes d'un coup, dans l'ordre.",
    "Ruleset.table": "Les règles qui valent pour toute la partie.",
    "InheritPolicy.downgrade_to": (
        "Le degré de preuve auquel sont abaissées au plus les règles reprises telles "
        "quelles (une règle `editorial` le reste)."),
    "InheritPolicy.note": "Pourquoi, avec nos propres mots.",
    "HistoryPoint.id": "L'identifiant du fait.",
    "HistoryPoint.title": (
        "Le titre du fait sur la page de la version ; à défaut, l'identifiant mis en mots."),
    "HistoryPoint.text": "Le fait, avec nos propres mots.",
    "RankSpec.label": (
        "Comment s'écrit une carte de cette valeur, avant sa couleur : `A`, `10`, `K`."),
    "RankSpec.pips": "Ce que compte une carte de cette valeur pour un point ou une prime.",
    "RankSpec.aliases": (
        "D'autres façons d'écrire cette valeur (`1` pour l'as, `T` pour le dix)."),
    "OwnSource.id": "L'identifiant que citent ses règles, comme `source: my-notes p. 3`.",
    "OwnSource.title": "Le titre de l'ouvrage.",
    "OwnSource.author": "Qui l'a écrit.",
    "OwnSource.year": (
        "L'année où il a été écrit ou publié, un nombre entier (`2026` ; `\"2026\"` est lu "
        "comme le même nombre), comme le `year` d'une version."),
    "OwnSource.period": (
        "Quand il a été écrit ou publié, en mots, pour un intervalle ou une date "
        "approximative (`about 1900`), comme le `period` d'une version."),
    "OwnSource.url": "Où on peut le lire.",
    "OwnSource.note": "Ce qu'il est, en une phrase.",
    "Place.label": (
        "Ce qu'écrit un repère : `foster-1897 Method of Playing` désigne l'endroit "
        "`Method of Playing`."),
    "Place.starts": (
        "Les premiers mots de l'endroit, tels qu'ils ouvrent une ligne du texte que nous "
        "détenons ; obligatoire sauf avec `via: survey`."),
    "Place.via": (
        "`text` : l'endroit est dans un texte que nous détenons ; `survey` : nous ne le "
        "connaissons que par l'étude documentaire, et il n'a pas de `starts`."),
    "Place.text": (
        "Le fichier détenu qui contient cet endroit, quand ce n'est pas le `text` de la "
        "source elle-même (une partie de l'ouvrage détenue à part, comme « Value of the "
        "Hands » chez Foster) ; un simple nom de fichier, autre que le `text` de la source."),
    "Place.note": "Ce qu'est l'endroit, avec nos mots.",
}
"""The French meaning of each field this model file declares, ``{"Class.field": text}``.

:meta hide-value:
"""

CLASSES = {
    "Ruleset": "Une version des règles, complète et résolue.",
    "InheritPolicy": (
        "Comment sont marquées les règles reprises telles quelles du parent.\n\n"
        "`downgrade_to` abaisse leur degré de preuve à ce niveau au plus (une règle "
        "`editorial` le reste) ; `note` dit pourquoi."),
    "HistoryPoint": (
        "Un fait sur le texte même de la version (date, titre, préface), et non une règle."),
    "RankSpec": (
        "Une valeur d'un jeu de cartes : comment s'écrivent ses cartes et ce qu'elles "
        "comptent."),
    "OwnSource": (
        "Un ouvrage que cite un fichier de règles et qui n'est pas dans "
        "`rulesets/sources.yaml` : un ouvrage à soi."),
    "Place": (
        "Un endroit qu'un repère peut désigner dans une source de `rulesets/sources.yaml` : "
        "un titre du texte, ou un paragraphe que nous nommons nous-mêmes, ancré par les "
        "quelques mots qui l'ouvrent. Les `places` d'une source sont les seuls repères que "
        "ses citations peuvent employer."),
}
"""The French description of each class of this model file that has one.

:meta hide-value:
"""

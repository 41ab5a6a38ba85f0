"""French meanings of the keys of :mod:`ambigu_rules.rules.procedure` (the steps of a
deal, their effects and choices), keyed ``Class.field``, and the French forms of its
classes' descriptions."""

from __future__ import annotations

_PASS_CALL = "Ce que dit un joueur qui passe."

FIELDS = {
    "StepBase.id": "L'identifiant de l'étape, qu'emploient `goto` et l'héritage.",
    "StepBase.title": "Le titre de l'étape, montré sur le site.",
    "AnteStep.kind": "`ante` : les joueurs mettent des jetons sur la table.",
    "AnteStep.amount": (
        "Les jetons que met chaque joueur qui paie ; un dictionnaire est un montant dont "
        "la table convient."),
    "AnteStep.payer": "Qui les met : `each_player` (chaque joueur) ou le `dealer` (donneur).",
    "AnteStep.into": "Où ils vont : dans la `pool` (poule) ou la `batterie`.",
    "AnteStep.grows_by": (
        "De combien le montant croît pour chaque coup d'affilée qui s'est achevé sans que "
        "personne gagne la poule restée sur la table ; il revient à `amount` une fois la "
        "poule gagnée."),
    "AnteStep.label": "Le nom que la version donne à ce paiement.",
    "DealStep.kind": "`deal` : on donne des cartes.",
    "DealStep.cards": "Combien de cartes reçoit chaque joueur.",
    "DealStep.to": "Qui les reçoit.",
    "DealStep.one_at_a_time": (
        "Si les cartes sont données une à une (`false` : toutes ensemble)."),
    "DealStep.shuffle_stock": (
        "Si l'on mêle d'abord le jeu, ou le talon lors d'une donne suivante."),
    "DealStep.cut": "Si l'on coupe d'abord le jeu, ou le talon.",
    "ExchangeStep.kind": (
        "`exchange` : chacun à son tour, les joueurs écartent et reçoivent autant de "
        "cartes."),
    "ExchangeStep.who": "Qui peut échanger.",
    "ExchangeStep.discard": "Combien de cartes un joueur peut écarter.",
    "ExchangeStep.stand_call": "Ce que dit un joueur qui garde ses cartes.",
    "ExchangeStep.draw_call": "Ce que dit un joueur qui échange.",
    "ExchangeStep.stand_pays": "Ce que met dans la poule un joueur qui garde ses cartes.",
    "ExchangeStep.shuffle_stock_first": "Si le donneur mêle le talon avant l'échange.",
    "ShuffleCallStep.kind": (
        "`shuffle_call` : des tours de parole qui prennent fin quand un joueur demande "
        "qu'on mêle."),
    "ShuffleCallStep.pass_call": _PASS_CALL,
    "ShuffleCallStep.shuffle_call": "Ce que dit un joueur qui demande qu'on mêle.",
    "ShuffleCallStep.stake": "Ce que paie celui qui le demande.",
    "ShuffleCallStep.into": "Où va ce qu'il paie : dans la `batterie` ou la `pool` (poule).",
    "ShuffleCallStep.exchange": (
        "Combien de cartes chaque joueur écarte, et reçoit, quand tous ont passé."),
    "ShuffleCallStep.reshuffle_between_rounds": (
        "Si l'on mêle le talon avant de servir les cartes d'un nouveau tour."),
    "BettingStep.kind": "`betting` : un tour de parole et d'enchères.",
    "BettingStep.who": "Qui parle.",
    "BettingStep.pass_call": _PASS_CALL,
    "BettingStep.open_call": "Ce que dit un joueur qui ouvre les enchères.",
    "BettingStep.open_min": "La plus petite mise d'ouverture.",
    "BettingStep.open_max": (
        "La plus grande mise d'ouverture ; à défaut, jusqu'à la limite convenue des mises, "
        "ou jusqu'à tous les jetons du joueur."),
    "BettingStep.open_min_from_previous": (
        "Si l'ouverture doit aussi valoir au moins la dernière mise du tour d'enchères "
        "précédent."),
    "BettingStep.raises": (
        "Si les joueurs qui parlent après l'ouverture peuvent relancer (`false` : ils "
        "peuvent seulement tenir ou se retirer)."),
    "BettingStep.raise_rounds": (
        "`until_no_raise` (chaque relance ouvre un nouveau tour) ou `single_round` (chaque "
        "joueur parle une fois)."),
    "BettingStep.passers_before_open_may_call": (
        "Si un joueur qui a passé avant l'ouverture peut encore entrer (`false` : passer, "
        "c'est se retirer du coup)."),
    "BettingStep.raise_max": (
        "La plus grande relance permise à cette étape, quelle que soit la limite de la "
        "table."),
    "BettingStep.raises_max": (
        "Combien de relances cette étape permet en tout ; après la dernière, les joueurs "
        "peuvent seulement tenir ou se retirer."),
    "BettingStep.last_raiser_may_reraise": (
        "Si celui qui a relancé le dernier peut se relancer lui-même : quand les autres ont "
        "répondu à sa mise, il parle encore une fois."),
    "BettingStep.dealer_force": (
        "Ce que le donneur peut faire pour que le coup continue quand tous les joueurs "
        "avant lui ont passé."),
    "BettingStep.on_all_pass": "Ce qui arrive quand tout le monde passe.",
    "BettingStep.on_uncalled_open": "Ce qui arrive quand personne ne tient l'ouverture.",
    "BettingStep.on_uncalled_raise": (
        "Ce qui arrive quand personne ne tient une relance ; nécessaire quand `raises` "
        "vaut `true`."),
    "BettingStep.on_called": (
        "Ce qui arrive quand la mise est tenue ; vide : le jeu continue à l'étape "
        "suivante."),
    "ShowdownStep.kind": (
        "`showdown` : les joueurs encore en jeu montrent leur main, et la meilleure "
        "combinaison gagne."),
    "ShowdownStep.then": "Ce qui arrive ensuite.",
    "DealerForce.amount": "Les jetons que met le donneur pour forcer le jeu.",
    "DealerForce.then": "Ce qui arrive quand il force.",
    "Effect.return_bet": "`opener` : celui qui a ouvert reprend sa mise que personne n'a tenue.",
    "Effect.pay": "Un paiement à un joueur ou dans la poule.",
    "Effect.take": "Un joueur prend des tas sur la table.",
    "Effect.combination_payment": (
        "Ce joueur reçoit la valeur de sa combinaison des joueurs que nomme `payment`."),
    "Effect.add": "Des joueurs ajoutent des jetons à la poule ou à la batterie.",
    "Effect.carry_over": "Ces tas restent sur la table pour le coup suivant.",
    "Effect.show_hand": "Ce joueur montre ses cartes.",
    "Effect.goto": "Le jeu continue à l'étape qui a cet identifiant.",
    "Effect.redeal": (
        "`true` : on ramasse les cartes et le même donneur donne de nouveau, depuis la "
        "première étape `deal`."),
    "Effect.end_deal": "`true` : le coup est terminé.",
    "Choice.by": "Qui choisit : le `dealer` (donneur).",
    "Choice.options": "Les options, chacune un nom et les effets auxquels elle mène.",
    "PayEffect.amount": "Les jetons que paie chaque payeur.",
    "PayEffect.from_": (
        "Qui paie : le `dealer` (donneur), le `last_refuser` (le dernier à se retirer dans le "
        "tour d'enchères qui vient de finir) ou `each_player` (chaque joueur du coup). "
        "Personne ne se paie lui-même : un payeur qui est aussi celui qu'on paie ne paie "
        "rien."),
    "PayEffect.to": (
        "Qui est payé : l'`opener` (celui qui a ouvert), le `winner` (le gagnant) ou la "
        "`pool` (poule)."),
    "TakeEffect.who": (
        "Qui prend : l'`opener` (celui qui a ouvert), le `winner` (la meilleure main à "
        "l'abattage ; avec `final_tie: split`, les mains à égalité, à parts égales) ou le "
        "`last_player` (le seul joueur resté en jeu quand tous les autres se sont retirés)."),
    "TakeEffect.what": (
        "Ce qu'il prend : la `pool` (poule), les `bets` (mises) et/ou la `batterie`."),
    "AddEffect.amount": "Les jetons que met chacun de ceux qui ajoutent.",
    "AddEffect.into": "Où ils vont : dans la `pool` (poule) ou la `batterie`.",
    "AddEffect.who": "Qui ajoute : `each_player` (chaque joueur) ou le `dealer` (donneur).",
}
"""The French meaning of each field this model file declares, ``{"Class.field": text}``.

:meta hide-value:
"""

CLASSES = {
    "ShuffleCallStep": (
        "Des tours de parole répétés, qui prennent fin quand un joueur demande qu'on "
        "mêle.\n\n"
        "À chaque tour, un joueur passe ou demande qu'on mêle ; celui qui le demande paie "
        "`stake` dans la batterie, et l'étape prend fin. Si tous les joueurs passent, "
        "chacun écarte dans la limite d'`exchange`, reçoit autant de cartes du talon, et "
        "un nouveau tour commence."),
    "BettingStep": (
        "Un tour de parole et d'enchères.\n\n"
        "Le premier joueur qui mise ouvre avec `open_min` à `open_max` jetons "
        "(`open_max: null` veut dire jusqu'à la limite convenue des mises, ou jusqu'à tous les "
        "jetons du joueur). Avec `raises: false`, les joueurs qui parlent après l'ouverture "
        "peuvent seulement tenir ou se retirer. `dealer_force` est offert au donneur quand "
        "tous les joueurs avant lui ont passé."),
    "DealerForce": (
        "Le donneur peut faire continuer le coup quand tous ceux qui le précèdent ont "
        "passé."),
    "Effect": "Une chose qui arrive ; on donne exactement une clé.",
    "Choice": (
        "Une décision offerte à un joueur entre des listes d'effets, chacune nommée."),
}
"""The French description of each class of this model file that has one.

:meta hide-value:
"""

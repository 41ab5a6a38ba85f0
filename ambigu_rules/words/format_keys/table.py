"""French meanings of the keys of :mod:`ambigu_rules.rules.table` (players, pack,
direction, and the rules of the table that hold for the whole session), keyed
``Class.field``, and the French forms of its classes' descriptions."""

from __future__ import annotations

FIELDS = {
    "Players.min": "Le plus petit nombre de joueurs auquel se joue la version.",
    "Players.max": (
        "Le plus grand nombre de joueurs, au plus celui auquel le jeu de cartes peut donner "
        "quatre cartes."),
    "Players.best": "Les nombres de joueurs que les sources disent les meilleurs.",
    "DeckRule.use": (
        "L'identifiant d'un jeu de `rulesets/decks.yaml` : `forty`, ou `forty-courts` "
        "(J=8, Q=9, K=10)."),
    "DeckRule.ranks": (
        "Les valeurs propres au fichier, de la plus basse à la plus haute (au lieu de "
        "`use`), chacune avec son `label` et ses `pips` : l'as est haut quand il vient en "
        "dernier."),
    "DeckRule.removed": (
        "Les cartes retirées du jeu, écrites comme dans une main : `7H`, `AS`."),
    "DeckRule.wrap": (
        "Si les suites bouclent de la valeur la plus haute à la plus basse (K-A-2 avec l'as "
        "haut, ou 10-A-2 dans le jeu de quarante cartes)."),
    "Direction.turn": (
        "Le sens dans lequel tournent la donne et la parole : `counterclockwise` (vers la "
        "droite) ou `clockwise` (vers la gauche)."),
    "Direction.first_to_speak": (
        "Qui parle le premier : le joueur à droite du donneur ou celui à sa gauche."),
    "Direction.cut_by": (
        "Qui coupe le jeu : le joueur à gauche du donneur ou celui à sa droite."),
    "TableRules.first_dealer": "Comment on choisit le premier donneur.",
    "TableRules.dealer_rotation": "Où passe la main après chaque coup.",
    "TableRules.betting_limit": "Ce qui limite une mise.",
    "TableRules.bank": "Les jetons avec lesquels les joueurs commencent.",
    "TableRules.buy_back": (
        "Si un joueur peut racheter des jetons, et jusqu'à quand."),
    "TableRules.all_in": (
        "Si un joueur qui ne peut tenir une mise peut faire va-tout, et combien peut gagner "
        "à l'abattage un joueur qui a moins misé que d'autres."),
    "TableRules.stock_exhaustion": "Ce qui arrive quand le talon ne suffit plus.",
    "TableRules.duration": (
        "Combien de temps dure la partie, et qui peut la quitter plus tôt."),
    "TableRules.dealer_out_of_deal": (
        "Qui tient le rôle du donneur quand une pénalité le met hors du coup ; à défaut, "
        "`next_in_turn`."),
    "TableRules.penalties": "Les pénalités des fautes commises à la table.",
    "FirstDealer.method": (
        "Comment on choisit le premier donneur quand la table ne le désigne pas : "
        "`highest_card` (chacun tire une carte, la plus haute valeur donne, les joueurs à "
        "égalité tirent de nouveau), `by_lot` (une place tirée au sort) ou `as_agreed` (la "
        "place que désigne la table ; par défaut, la première)."),
    "DealerRotation.to": "Où passe la main après chaque coup : à droite ou à gauche.",
    "BettingLimit.kind": (
        "`agreed_limit` (une limite de chaque ouverture et de chaque relance, convenue "
        "avant de jouer), `purse_only` (aucune limite que les jetons de chaque joueur), "
        "`fixed_stakes_allowed` (une limite convenue, ou bien la table fixe une mise unique "
        "que doivent être chaque ouverture et chaque relance) ou `pool` (aucune ouverture "
        "ni relance plus grande que les jetons sur la table une fois que le joueur a "
        "tenu)."),
    "Bank.equal_banks": (
        "Si tous les joueurs commencent avec le même nombre de jetons : une partie "
        "préparée avec des avoirs inégaux est refusée, sauf si elle reprend une partie en "
        "cours."),
    "Bank.banker": (
        "Si un joueur tient la banque et vend les jetons : la façon dont la table est "
        "tenue, pour mémoire (le moteur compte des jetons, pas de l'argent)."),
    "BuyBack.allowed": "Si un joueur peut racheter des jetons.",
    "BuyBack.deadline": (
        "Quand il le peut : `between_deals` (entre deux coups) ou `before_third_card` "
        "(entre deux coups, ou au plus tard avant qu'on lui donne sa troisième carte)."),
    "AllIn.allowed": "Si un joueur qui ne peut tenir une mise peut faire va-tout.",
    "AllIn.wins_up_to_own_stake": (
        "Si un joueur encore en jeu à l'abattage ne peut gagner de chacun des autres que "
        "ce qu'il a mis lui-même. Cela vaut pour tout joueur qui a moins misé que d'autres, "
        "qu'il ait fait va-tout ou qu'on ne lui ait pas demandé de tenir une relance faite "
        "après qu'il a parlé, et aussi quand `allowed` vaut `false` ; `false` laisse la "
        "meilleure main prendre toutes les mises. Sans règle `all_in`, le gain est borné "
        "de cette façon."),
    "AllIn.remainder_to": (
        "Où va le reste des mises : `next_best_hand` (la meilleure main après celle du "
        "gagnant) ; à défaut, chaque joueur reprend ce qui restait de sa mise."),
    "StockExhaustion.discards_reused": (
        "Si l'on ramasse les écarts pour en faire un talon quand le talon ne suffit plus."),
    "StockExhaustion.shuffle": "Si l'on mêle les écarts ramassés.",
    "StockExhaustion.cut": "Si l'on coupe les écarts ramassés.",
    "StockExhaustion.keep_own_discards_apart": (
        "Si un joueur qui voit venir le moment peut garder ses propres écarts hors du "
        "nouveau talon."),
    "Duration.by": (
        "Ce dont les joueurs conviennent d'avance : `agreed_time` (la table dit quand le "
        "temps est écoulé), `agreed_deals` (un nombre de coups, après lequel on ne donne "
        "plus), ou les deux."),
    "Duration.leaving": (
        "Qui peut partir plus tôt : `only_broke_player` (seul un joueur qui a perdu tous "
        "ses jetons), `loser_may_leave_under_time_limit` (quand la partie a une durée "
        "convenue, un perdant peut partir et un gagnant doit rester) ou `not_stated` "
        "(n'importe qui). Un joueur part entre deux coups, et on ne lui donne plus de "
        "cartes."),
    "Duration.finish_current_deal": (
        "Si l'on finit le coup en cours quand le temps est écoulé (`false` : il s'arrête, "
        "chaque mise retourne à son joueur, la poule et la batterie restent)."),
    "DealerOutOfDeal.role_passes_to": (
        "Qui tient le rôle du donneur une fois qu'il est hors du coup : `next_in_turn` "
        "(le premier joueur encore dans le coup en comptant depuis la droite du donneur) "
        "ou `last_in_turn` (le dernier d'entre eux à parler)."),
    "Penalty.id": "L'identifiant de la pénalité, qu'emploient l'héritage et `remove:`.",
    "Penalty.offence": "La faute punie.",
    "Penalty.payer": "Qui paie : l'`offender` (le fautif) ou le `dealer` (donneur).",
    "Penalty.amount": "Les jetons que met celui qui paie.",
    "Penalty.into": "Où ils vont : dans la `pool` (poule).",
    "Penalty.consequence": "Ce qui arrive en outre à celui qui paie.",
}
"""The French meaning of each field this model file declares, ``{"Class.field": text}``.

:meta hide-value:
"""

CLASSES = {
    "DeckRule": (
        "Le jeu de cartes : un jeu de `rulesets/decks.yaml`, ou des valeurs propres au "
        "fichier.\n\n"
        "Les valeurs s'énumèrent de la plus basse à la plus haute, ce qui est aussi "
        "l'ordre des suites : l'as est haut s'il vient en dernier. Les quatre couleurs "
        "sont pique, cœur, carreau et trèfle."),
    "Direction": (
        "Le sens de la donne et de la parole, et où commence un coup."),
    "TableRules": (
        "Les conventions, et les règles des cas limites, qui valent pour toute la partie."),
    "DealerOutOfDeal": (
        "Qui tient le rôle du donneur (son choix, son forcement) une fois qu'il est hors "
        "du coup.\n\n"
        "`next_in_turn` : le premier joueur encore dans le coup en comptant depuis la "
        "droite du donneur (celui à qui passe la main dans le sens habituel) ; "
        "`last_in_turn` : le dernier d'entre eux à parler, la place la plus proche avant "
        "le donneur. Sans cette règle, le moteur prend `next_in_turn`."),
}
"""The French description of each class of this model file that has one.

:meta hide-value:
"""

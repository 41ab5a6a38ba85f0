"""The seeded play that the numpy-free and the browser parity tests run twice.

``PLAY`` is Python source defining ``record(variant)``: it evaluates 200
seeded hands and plays up to twelve seeded deals with bots under the
version, and returns the hands' evaluations, the event log and the banks.
A test runs it here (CPython, with numpy) and elsewhere (a Python without
numpy, Pyodide in a browser) and compares the two records exactly.
"""

PLAY = '''
import json, random
from ambigu_rules.engine import Game
from ambigu_rules.hands.evaluator import evaluator_for
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.bots import HeuristicBot, RandomBot

def record(variant):
    ruleset = load_ruleset(variant)
    evaluator = evaluator_for(ruleset)
    rng = random.Random(7)
    cards = list(evaluator.deck.cards())
    hands = [evaluator.evaluate(rng.sample(cards, 4)).to_json() for _ in range(200)]
    game = Game(ruleset, players=4, seed=11, banks=200)
    bots = [HeuristicBot(20), RandomBot(21), HeuristicBot(22), RandomBot(23)]
    log = []
    for _ in range(12):
        if not game.can_start_deal():
            break
        game.start_deal()
        while not game.deal_over:
            seat = game.to_act
            game.apply(bots[seat].choose(game.view(seat)))
    log = [repr(event) for event in game.log]
    return {"hands": hands, "log": log, "banks": list(game.table.banks),
            "odds": [(row.combination_id, row.count, row.value)
                     for row in evaluator.odds().combinations]}
'''


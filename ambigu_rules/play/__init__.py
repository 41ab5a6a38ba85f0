"""Playing deals: bots, replay files, simulation, terminal play and the worked
examples, all driving :class:`ambigu_rules.engine.game.Game`."""

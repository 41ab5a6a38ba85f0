"""The rule points of every version, lined up row by row for comparison.

A row is one question a reader may ask of every version ("how much is the
ante?", "what is a fredon worth?"); its cell for a version is the answer in
words together with the rule points it comes from. The rows are used by the
comparison matrix, the combinations page, the open questions and the home
page's table, so that they all say the same thing.

* :mod:`.cells` — a cell, a row, and what fills a cell from rule points;
* :mod:`.step_cells` — the cells of the steps of a deal;
* :mod:`.combination_cells` — the cells of the combinations, their ranking and
  their payment;
* :mod:`.table_cells` — the cells of the rules of the table and of the penalties;
* :mod:`.rows` — every row, in the order of the matrix.
"""

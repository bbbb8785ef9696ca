"""The turn models: how one turn is played, given what banking and trash are worth.

* dice left (the rules without pyramiding or Rotary Club): :mod:`..turns` solves many turns
  at once (numpy, the rows compiled by numba where it can: :mod:`..compiled`), :mod:`..turn`
  plays one from a table (pure Python);
* pyramiding's stretches: :mod:`.stretch_solver` (numpy) and :mod:`.stretches` (pure
  Python);
* Rotary Club's pegging (no bank; each corner pegs the stretch onto the board):
  :mod:`.pegging_solver` and :mod:`.pegging`.

Each solver has the same call, ``solve(bank, trash, minimum, cap)`` for many columns at
once (in Rotary Club the "bank" rows are what pegging each stretch score is worth), so the
engine (:mod:`..engine`) takes any of them.
"""

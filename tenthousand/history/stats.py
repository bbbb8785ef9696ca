"""Statistics of one player over the stored games (pure Python, plain data out).

:func:`statistics` answers everything the Statistics window and ``--stats`` show: games
and wins with a 95% interval (also by opponent level), points banked per turn against the
optimum for the rules, trash, corners, the best turn, the longest winning streak, margins,
clean against assisted games, skill (what the decisions gave away, by kind of mistake),
luck (what the dice gave), and each face's count with a chi-square test of fairness.

A row with a value the figures cannot use (text in a number column, a time no calendar
has, infinity, text that is not UTF-8) leaves its game out and is named in
:attr:`Statistics.skipped`: one odd row never hides the others.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple, get_args, get_type_hints

from ..i18n import _, ngettext, number, percent
from .analysis import MISTAKE_WORDS
from .chisquare import chi_square_sf
from .dice_sets import DiceSet, tally
from .dice_sets import signed_percent as signed_percent  # (defined there, long used from here)
from .store import LATEST, History

Z95 = 1.959964


@dataclass(frozen=True)
class Filters:
    """Which games count: the player's finished games, narrowed by rule set, the level of
    a computer opponent, a period (seconds since 1970, ``until`` excluded), the dice
    (``dice``: "program" for the program's, "real" for real dice, and ``dice_set`` for one
    set of them), the screens (``network``: True for network games only, False for
    games on one screen only), an opponent's name (``opponent``: games with a person
    of that name in another seat) and the host's dice (``checked_only``: a friend's network
    game counts only when the host's dice were checked and found fair)."""

    player: str
    preset: str | None = None
    level: str | None = None  # a computer level, or "person" for games against people
    since: float | None = None
    until: float | None = None
    include_demo: bool = False
    dice: str | None = None
    dice_set: str | None = None
    network: bool | None = None
    opponent: str | None = None
    checked_only: bool = False


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def chi_square_p(statistic: float) -> float:
    """P(X >= statistic) for chi-square with 5 degrees of freedom (six faces): the
    regularised upper gamma function Q(5/2, x/2) (see :mod:`.chisquare`)."""
    return chi_square_sf(statistic, 5)


@dataclass(frozen=True)
class Fairness:
    """A chi-square test of face counts against fair dice."""

    counts: tuple[int, ...]
    statistic: float
    p_value: float
    words: str


def fairness(counts: Sequence[int]) -> Fairness:
    """Test six face counts against fair dice and say what it means in plain words."""
    n = sum(counts)
    if n == 0:
        return Fairness(tuple(counts), 0.0, 1.0, _("No dice thrown yet."))
    expected = n / 6
    stat = sum((c - expected) ** 2 / expected for c in counts)
    p = chi_square_p(stat)
    if n < 60:
        words = ngettext("Only {n} die so far: too few to tell anything about fairness.",
                         "Only {n} dice so far: too few to tell anything about fairness.",
                         n).format(n=number(n))
    elif p >= 0.01:
        # Translators: {percent} is a percentage such as 35%.
        words = _("The dice look fair. Fair dice would give counts at least this uneven "
                  "{percent} of the time.").format(percent=percent(p, 0))
    elif p >= 1e-6:
        # Translators: {odds} is a number such as 1,250.
        words = _("These counts are unusual for fair dice: fair dice would give counts this "
                  "uneven about once in {odds} times. With many players and many games, rare "
                  "things do happen now and then.").format(odds=number(1 / p))
    else:  # (a count of a hundred thousand digits says no more than this)
        words = _("These counts are unusual for fair dice: fair dice would give counts this "
                  "uneven less than once in a million times. With many players and many "
                  "games, rare things do happen now and then.")
    return Fairness(tuple(counts), stat, p, words)


@dataclass
class GamePoint:
    """One game of the player, for the charts over time."""

    game_id: int
    started: float
    won: bool
    score: int
    cost: float | None  # what the decisions gave away (win probability or points)
    luck: float | None
    skill: float | None  # own decisions, as a change of the player's chance
    others: float | None
    kind: str
    seats: int = 2  # the players at the table (an even chance is one in as many)


@dataclass
class Statistics:
    player: str
    games: int = 0
    wins: int = 0
    win_rate: float = 0.0
    ci95: tuple[float, float] = (0.0, 1.0)
    by_level: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: The network games by the name of each person met in them (games, wins, interval).
    by_opponent: dict[str, dict[str, Any]] = field(default_factory=dict)
    turns: int = 0
    banked_per_turn: float = 0.0
    optimum_per_turn: float | None = None
    trash_rate: float = 0.0
    corners: int = 0
    best_turn: int = 0
    longest_streak: int = 0
    won_by: dict[str, float] = field(default_factory=dict)
    lost_by: dict[str, float] = field(default_factory=dict)
    clean: dict[str, Any] = field(default_factory=dict)
    assisted: dict[str, Any] = field(default_factory=dict)
    abandoned: int = 0
    #: The games counted that were played at a friend's table whose dice could not be
    #: checked, or were found not fair (their results rest on the host's word).
    unchecked: int = 0
    skill: dict[str, Any] = field(default_factory=dict)
    luck: dict[str, Any] = field(default_factory=dict)
    faces: Fairness | None = None
    computer_faces: Fairness | None = None
    series: list[GamePoint] = field(default_factory=list)
    #: Each set of real dice in the player's games, judged (see :mod:`.dice_sets`).
    dice_sets: list[DiceSet] = field(default_factory=list)
    seconds: float = 0.0
    skipped: list[Skipped] = field(default_factory=list)  # games left out: odd values

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("series")
        data["games_over_time"] = [
            {"id": p.game_id, "won": p.won, "luck": p.luck, "skill": p.skill}
            for p in self.series[-50:]]
        data["skipped"] = [{"id": g.game_id, "started": g.started} for g in self.skipped]
        return data


class Skipped(NamedTuple):
    """A game left out because a value stored of it cannot be used; ``started`` is None
    when that is the odd value (or not read)."""

    game_id: int | None
    started: float | None




def _fits(value: object, kind: str) -> bool:
    """Whether a value read from the database is of ``kind`` (int, float, str or time; a
    trailing ``?`` allows NULL)."""
    if value is None:
        return kind.endswith("?")
    kind = kind.rstrip("?")
    if kind == "str":
        return type(value) is str
    if kind == "int":
        return type(value) is int
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not math.isfinite(value):
        return False
    return kind == "float" or 0 <= value <= LATEST


_TYPES: dict[str, set[type]] = {"str": {str}, "int": {int}, "float": {int, float},
                                "time": {int, float}}


def _all_fit(rows: Sequence[Sequence[Any]], kinds: Sequence[str]) -> bool:
    """Whether every value of every row fits (column by column, at the speed of the
    built-ins: 10,000 rows are checked in milliseconds)."""
    for column, kind in zip(zip(*rows, strict=True), kinds, strict=True):
        base = kind.rstrip("?")
        types = set(map(type, column))
        if not types <= (_TYPES[base] | {type(None)} if kind.endswith("?") else _TYPES[base]):
            return False
        if base in ("float", "time"):
            numbers = [v for v in column if v is not None] if type(None) in types else column
            if not all(map(math.isfinite, numbers)):
                return False
            if base == "time" and (min(numbers) < 0 or max(numbers) > LATEST):
                return False
    return True


def readable(rows: Sequence[Sequence[Any]], kinds: Sequence[str], skipped: list[Skipped],
             id_at: int = 0, started_at: int | None = 1) -> list[Sequence[Any]]:
    """The rows whose every value fits its kind; the others' games go to ``skipped``
    (checked column by column first: 10,000 rows of the statistics in about 20 ms)."""
    if not rows or _all_fit(rows, kinds):
        return list(rows)
    good = []
    for row in rows:
        if all(_fits(v, k) for v, k in zip(row, kinds, strict=True)):
            good.append(row)
            continue
        skip(skipped, row[id_at], None if started_at is None else row[started_at])
    return good


def skip(skipped: list[Skipped], game_id: object, started: object) -> None:
    """Name a game left out (once), with its start when that is a time."""
    number = game_id if isinstance(game_id, int) and not isinstance(game_id, bool) else None
    when = float(started) if isinstance(started, (int, float)) and _fits(started, "time") \
        else None
    if number is None or all(g.game_id != number for g in skipped):
        skipped.append(Skipped(number, when))


_COLUMNS = ("game_id started preset assisted won board_score turns banked_points "
            "trash_turns corners best_turn f1 f2 f3 f4 f5 f6 luck skill value_kind seat "
            "other_best opponents rules seat_count other_skill start_chance decisions "
            "given_away bank_early bank_early_cost throw_on throw_on_cost wrong_dice "
            "wrong_dice_cost optimum")


class _Row(NamedTuple):
    game_id: int
    started: float
    preset: str
    assisted: int
    won: int
    board_score: int
    turns: int
    banked_points: int
    trash_turns: int
    corners: int
    best_turn: int
    f1: int
    f2: int
    f3: int
    f4: int
    f5: int
    f6: int
    luck: float | None
    skill: float | None
    value_kind: str
    seat: int
    other_best: int | None
    opponents: str
    rules: str
    seat_count: int
    other_skill: float | None
    start_chance: float | None
    decisions: int
    given_away: float
    bank_early: int
    bank_early_cost: float
    throw_on: int
    throw_on_cost: float
    wrong_dice: int
    wrong_dice_cost: float
    optimum: float | None




def _kind(name: str, hint: Any) -> str:
    """A field's kind for :func:`readable`: ``float | None`` is ``float?``."""
    if name == "started":
        return "time"
    args = [a for a in get_args(hint) if a is not type(None)]
    return args[0].__name__ + "?" if args else str(hint.__name__)


_ROW_KINDS = tuple(_kind(n, h) for n, h in get_type_hints(_Row).items())
# One row a game of the player: everything the figures need is in the seat's own row
# (see the store's layout 2), so 10,000 games are 10,000 rows read.
_GAMES_SQL = ("SELECT " + ", ".join(
    f"g.{c}" if c in ("started", "preset", "assisted", "value_kind", "rules", "seat_count",
                      "optimum") else f"s.{c}" for c in _COLUMNS.split())
    + " FROM seats s JOIN games g ON g.id = s.game_id"
    " WHERE s.name = ? AND g.status = 'finished' {where} ORDER BY g.started, g.id")


def _where(f: Filters) -> tuple[str, list[Any]]:
    parts: list[str] = []
    args: list[Any] = [f.player]
    if not f.include_demo:
        parts.append("g.demo = 0")
    if f.preset:
        parts.append("g.preset = ?")
        args.append(f.preset)
    if f.since is not None:
        parts.append("g.started >= ?")
        args.append(f.since)
    if f.until is not None:
        parts.append("g.started < ?")
        args.append(f.until)
    if f.dice_set is not None:
        parts.append("g.dice_set = ?")
        args.append(f.dice_set)
    elif f.dice == "real":
        parts.append("g.dice_set IS NOT NULL")
    elif f.dice == "program":
        parts.append("g.dice_set IS NULL")
    if f.network is not None:
        parts.append("g.network != ''" if f.network else "g.network = ''")
    if f.checked_only:  # (a rigged or unchecked game's result is the host's word alone)
        parts.append("g.dice_check NOT IN ('unchecked', 'unfair')")
    if f.opponent is not None:
        parts.append("EXISTS (SELECT 1 FROM seats o WHERE o.game_id = s.game_id "
                     "AND o.seat != s.seat AND o.computer = 0 AND o.name = ?)")
        args.append(f.opponent)
    if f.level == "person":
        parts.append("EXISTS (SELECT 1 FROM seats o WHERE o.game_id = s.game_id "
                     "AND o.seat != s.seat AND o.computer = 0)")
    elif f.level:
        parts.append("EXISTS (SELECT 1 FROM seats o WHERE o.game_id = s.game_id "
                     "AND o.seat != s.seat AND o.computer = 1 AND o.level = ?)")
        args.append(f.level)
    return "".join(" AND " + p for p in parts), args


@lru_cache(maxsize=32)
def optimum_per_turn(rules_json: str) -> float | None:
    """What the best play for points banks per turn on average (on the board, no
    penalties pending): the max-expected tables' value of a whole turn."""
    import json

    from ..ai.tables import ExpectedTable, tables_for
    from ..model.rules import Rules

    try:
        rules = Rules.from_dict(json.loads(rules_json))
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None  # rules this release cannot read: no optimum to compare with
    if rules.rotary_club or rules.pyramiding:
        return None
    table = tables_for(rules).expected_table(rules.minimum, 0.0)
    return table.start if isinstance(table, ExpectedTable) else None


def _margins(values: list[int]) -> dict[str, float]:
    if not values:
        return {"games": 0, "average": 0.0, "most": 0, "least": 0}
    return {"games": len(values), "average": sum(values) / len(values), "most": max(values),
            "least": min(values)}


def _share(games: int, wins: int) -> dict[str, Any]:
    return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0,
            "ci95": wilson(wins, games)}


def statistics(history: History, filters: Filters, *, with_optimum: bool = True
               ) -> Statistics:
    """Every figure for ``filters.player`` (see the module's docstring)."""
    t0 = time.perf_counter()
    where, args = _where(filters)
    st = Statistics(filters.player)
    rows = [_Row._make(r) for r in readable(
        history.rows(_GAMES_SQL.format(where=where), args), _ROW_KINDS, st.skipped)]
    computer_faces = _computer_faces(history, filters, st.skipped)
    st.skipped.sort(key=lambda g: -1 if g.game_id is None else g.game_id)
    left_out = {g.game_id for g in st.skipped}
    rows = [r for r in rows if r.game_id not in left_out]
    _basic(st, rows)
    _by_level(st, rows)
    _skill(st, rows)
    _luck(st, rows)
    if with_optimum:
        st.optimum_per_turn = _optimum(rows)
    st.abandoned = _abandoned(history, filters)
    st.unchecked = _unchecked(history, filters, left_out)
    st.computer_faces = computer_faces
    st.dice_sets = real_dice_sets(history, filters)
    st.by_opponent = _by_opponent(history, filters, left_out)
    st.seconds = time.perf_counter() - t0
    return st


def _basic(st: Statistics, rows: list[_Row]) -> None:
    st.games = len(rows)
    st.wins = sum(r.won for r in rows)
    st.win_rate = st.wins / st.games if st.games else 0.0
    st.ci95 = wilson(st.wins, st.games)
    st.turns = sum(r.turns for r in rows)
    banked = sum(r.banked_points for r in rows)
    st.banked_per_turn = banked / st.turns if st.turns else 0.0
    st.trash_rate = sum(r.trash_turns for r in rows) / st.turns if st.turns else 0.0
    st.corners = sum(r.corners for r in rows)
    st.best_turn = max((r.best_turn for r in rows), default=0)
    streak = 0
    for r in rows:
        streak = streak + 1 if r.won else 0
        st.longest_streak = max(st.longest_streak, streak)
    won_by = [r.board_score - r.other_best for r in rows if r.won and r.other_best is not None]
    lost_by = [r.other_best - r.board_score for r in rows
               if not r.won and r.other_best is not None]
    st.won_by, st.lost_by = _margins(won_by), _margins(lost_by)
    assisted = [r for r in rows if r.assisted]
    st.clean = _share(st.games - len(assisted), st.wins - sum(r.won for r in assisted))
    st.assisted = _share(len(assisted), sum(r.won for r in assisted))
    st.faces = fairness([sum(r.f1 for r in rows), sum(r.f2 for r in rows),
                         sum(r.f3 for r in rows), sum(r.f4 for r in rows),
                         sum(r.f5 for r in rows), sum(r.f6 for r in rows)])


def _by_level(st: Statistics, rows: list[_Row]) -> None:
    groups: dict[str, list[int]] = {}
    for r in rows:
        opponents = r.opponents.split(",") if r.opponents else []
        key = (opponents[0] if len(set(opponents)) == 1 else "mixed") if opponents else \
            "alone"
        g = groups.setdefault(key, [0, 0])
        g[0] += 1
        g[1] += r.won
    st.by_level = {k: _share(n, w) for k, (n, w) in sorted(groups.items())}


def _skill(st: Statistics, rows: list[_Row]) -> None:
    """What the decisions gave away, by kind of value (win chance or points)."""
    st.skill = {}
    for kind in ("win", "score"):
        valued = [r for r in rows if r.value_kind == kind and r.decisions]
        count = sum(r.decisions for r in valued)
        if not count:
            continue
        total = sum(r.given_away for r in valued)
        mistakes = {}
        for name, n, cost in (("bank-early", "bank_early", "bank_early_cost"),
                              ("throw-on", "throw_on", "throw_on_cost"),
                              ("wrong-dice", "wrong_dice", "wrong_dice_cost")):
            times = sum(getattr(r, n) for r in valued)
            if times:
                mistakes[MISTAKE_WORDS[name]] = {
                    "count": times, "cost": sum(getattr(r, cost) for r in valued)}
        st.skill[kind] = {
            "decisions": count, "given_away": total, "per_decision": total / count,
            "per_game": total / len(valued), "mistakes": mistakes,
            "costliest": max(mistakes, key=lambda m: mistakes[m]["cost"]) if mistakes
            else None,
        }


def _luck(st: Statistics, rows: list[_Row]) -> None:
    series: list[GamePoint] = []
    lucks: list[float] = []
    for r in rows:
        others = None
        if r.value_kind == "win" and r.luck is not None and r.skill is not None:
            # Two seats: the final result minus the start is luck + skill + others, and the
            # other seat's decisions move this seat's chance by minus their own skill.  With
            # more seats no single other skill is stored (other_skill is None): no others.
            lucks.append(r.luck)
            others = -r.other_skill if r.other_skill is not None else None
        cost = r.given_away if r.decisions else None
        series.append(GamePoint(r.game_id, r.started, bool(r.won), r.board_score, cost,
                                r.luck, r.skill, others, r.value_kind or "",
                                max(1, r.seat_count)))
    st.series = series
    st.luck = {"games": len(lucks), "total": sum(lucks),
               "average": sum(lucks) / len(lucks) if lucks else 0.0,
               "best": max(lucks, default=0.0), "worst": min(lucks, default=0.0)}


def _optimum(rows: list[_Row]) -> float | None:
    """The optimum per turn, weighted by the player's turns under each rule set."""
    total = sum(r.turns for r in rows)
    if not total:
        return None
    value = 0.0
    for r in rows:
        best = r.optimum if r.optimum is not None else optimum_per_turn(r.rules)
        if best is None:
            return None
        value += best * r.turns / total
    return value


def _by_opponent(history: History, filters: Filters, left_out: set[int | None]
                 ) -> dict[str, dict[str, Any]]:
    """The player's finished network games by the name of each person in another seat
    (a game with two of them counts for each), most games first."""
    where, args = _where(filters)
    rows = history.rows(
        "SELECT s.game_id, o.name, s.won FROM seats s JOIN games g ON g.id = s.game_id "
        "JOIN seats o ON o.game_id = s.game_id AND o.seat != s.seat AND o.computer = 0 "
        f"WHERE s.name = ? AND g.status = 'finished' AND g.network != ''{where}", args)
    groups: dict[str, list[int]] = {}
    for game_id, name, won in rows:
        if game_id in left_out or not isinstance(name, str) or type(won) is not int:
            continue
        g = groups.setdefault(name, [0, 0])
        g[0] += 1
        g[1] += won
    return {k: _share(n, w) for k, (n, w) in sorted(groups.items(),
                                                      key=lambda kv: (-kv[1][0], kv[0]))}


def real_dice_sets(history: History, filters: Filters) -> list[DiceSet]:
    """Each set of real dice in the player's games under ``filters``, judged from the faces
    their records hold: every game with the set, finished or left unfinished (its dice
    were thrown all the same); the player's luck with it from the finished ones."""
    where, args = _where(filters)
    rows = history.rows(
        "SELECT g.dice_set, r.record, g.value_kind, "
        "CASE WHEN g.status = 'finished' THEN s.luck END FROM seats s "
        "JOIN games g ON g.id = s.game_id JOIN records r ON r.game_id = g.id "
        f"WHERE s.name = ? AND g.dice_set IS NOT NULL{where} ORDER BY g.started, g.id", args)
    return tally(rows)


def _abandoned(history: History, filters: Filters) -> int:
    where, args = _where(filters)
    return int(history.con.execute(
        "SELECT count(*) FROM seats s JOIN games g ON g.id = s.game_id "
        f"WHERE s.name = ? AND g.status = 'abandoned'{where}", args).fetchone()[0])


def _unchecked(history: History, filters: Filters, left_out: set[int | None]) -> int:
    where, args = _where(filters)
    ids = [r[0] for r in history.rows(
        "SELECT g.id FROM seats s JOIN games g ON g.id = s.game_id WHERE s.name = ? "
        f"AND g.status = 'finished' AND g.dice_check IN ('unchecked', 'unfair'){where}",
        args)]
    return sum(1 for game_id in ids if game_id not in left_out)


#: The computers' seats in the player's games.
_COMPUTERS = ("FROM seats c WHERE c.computer = 1 AND c.game_id IN (SELECT s.game_id FROM "
              "seats s JOIN games g ON g.id = s.game_id WHERE s.name = ? "
              "AND g.status = 'finished'{where})")
_FACES_FIT = " AND ".join(f"typeof(c.f{i}) = 'integer'" for i in range(1, 7))


def _computer_faces(history: History, filters: Filters, skipped: list[Skipped]
                    ) -> Fairness:
    """The faces thrown by the computers in the player's games, but in the games left out:
    those in ``skipped`` and those with a face count that is not a whole number (added to
    it).  Summed by SQLite as floats, which never overflow, in one pass; the games left
    out, usually none, are taken away one by one."""
    where, args = _where(filters)
    row = history.con.execute(
        "SELECT " + ", ".join(f"total(CASE WHEN {_FACES_FIT} THEN c.f{i} END)"
                              for i in range(1, 7))
        + f", group_concat(CASE WHEN NOT ({_FACES_FIT}) THEN c.game_id END) "
        + _COMPUTERS.format(where=where), args).fetchone()
    counts = list(row[:6])
    for odd in sorted({int(g) for g in str(row[6] or "").split(",") if g.isdigit()}):
        started = history.con.execute("SELECT started FROM games WHERE id = ?",
                                      (odd,)).fetchone()
        skip(skipped, odd, started[0] if started else None)
    for game_id in {g.game_id for g in skipped if g.game_id is not None}:
        mine = history.con.execute(
            "SELECT " + ", ".join(f"total(c.f{i})" for i in range(1, 7)) + " FROM seats c "
            f"WHERE c.computer = 1 AND c.game_id = ? AND {_FACES_FIT}", (game_id,)).fetchone()
        counts = [a - b for a, b in zip(counts, mine, strict=True)]
    return fairness([int(v) for v in counts])


def split_words(luck: float, skill: float, others: float | None = None,
                opponents: int = 1) -> str:
    """One game's split in words: "The dice gave you +18%, your decisions cost 4%."
    (``others``: what the ``opponents``' decisions gave this player)."""
    fields = {"luck": signed_percent(luck), "cost": percent(-skill, 0),
              "others": signed_percent(others or 0.0)}
    dice = round(luck * 100) != 0
    own = round(skill * 100) != 0
    rest = "" if others is None or round(others * 100) == 0 else \
        "one" if opponents <= 1 else "several"
    # Translators: one game's luck and skill, in twelve whole sentences: {luck} and
    # {others} are changes of the win chance with their sign (+18%), {cost} a percentage
    # (4%); {others} is what the opponent's decisions gave, or the opponents' together.
    sentences = {
        (True, True, ""): _("The dice gave you {luck}, your decisions cost {cost}."),
        (True, False, ""): _("The dice gave you {luck}, your decisions cost nothing "
                             "that counts."),
        (False, True, ""): _("The dice were even, your decisions cost {cost}."),
        (False, False, ""): _("The dice were even, your decisions cost nothing that "
                              "counts."),
        (True, True, "one"): _("The dice gave you {luck}, your decisions cost {cost}, your "
                               "opponent's decisions gave you {others}."),
        (True, False, "one"): _("The dice gave you {luck}, your decisions cost nothing that "
                                "counts, your opponent's decisions gave you {others}."),
        (False, True, "one"): _("The dice were even, your decisions cost {cost}, your "
                                "opponent's decisions gave you {others}."),
        (False, False, "one"): _("The dice were even, your decisions cost nothing that "
                                 "counts, your opponent's decisions gave you {others}."),
        (True, True, "several"): _("The dice gave you {luck}, your decisions cost {cost}, "
                                   "your opponents' decisions gave you {others}."),
        (True, False, "several"): _("The dice gave you {luck}, your decisions cost nothing "
                                    "that counts, your opponents' decisions gave you "
                                    "{others}."),
        (False, True, "several"): _("The dice were even, your decisions cost {cost}, your "
                                    "opponents' decisions gave you {others}."),
        (False, False, "several"): _("The dice were even, your decisions cost nothing that "
                                     "counts, your opponents' decisions gave you {others}."),
    }
    return sentences[dice, own, rest].format(**fields)

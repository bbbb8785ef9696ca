"""What the charts draw, computed from a record or from the statistics (pure Python).

A :class:`ChartData` is plain data: titles, axis labels, series of (x, y) points and the
ranges; :class:`tenthousand.view.charts.Chart` draws any of them.  So the replay window can
show :func:`score_race` of the record it replays, and tests check the numbers without a
display.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..i18n import N_, _, number
from ..model.events import TurnStarted
from ..model.record import Record
from .analysis import Analysis, start_of
from .dice_sets import DiceSet, set_title
from .stats import Fairness, GamePoint, split_words

LINE = "line"
BARS = "bars"
DOTS = "dots"


@dataclass(frozen=True)
class Series:
    name: str
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class ChartData:
    title: str
    x_label: str
    y_label: str
    series: tuple[Series, ...]
    kind: str = LINE
    y_min: float | None = None  # None: from the data
    y_max: float | None = None
    percent: bool = False  # y values are 0..1 shown as percentages
    x_names: tuple[str, ...] = ()  # bar charts: a name under each bar
    reference: float | None = None  # a dashed line across (the game point, 50%, fair)
    reference_label: str = ""
    note: str = ""  # a line under the title (what the chart says in words)
    #: What an empty chart says instead of its dots: why there is nothing to show yet.
    empty_note: str = ""
    steps: bool = False  # a value holds until the next point (scores between turns)
    x_whole: bool = False  # the x axis counts whole things (rounds, games)

    @property
    def empty(self) -> bool:
        return not any(s.points for s in self.series)


def score_race(record: Record) -> ChartData:
    """Every seat's board score after each round of turns, from the start of the game."""
    game = start_of(record)
    n = len(record.seats)
    points: list[list[tuple[float, float]]] = [[(0.0, float(b))] for b in game.board]
    turns = 0
    for command in record.commands:
        events = command.apply(game)
        started = sum(1 for e in events if isinstance(e, TurnStarted))
        if started or game.over:
            turns += max(started, 1 if game.over else 0)
            x = turns / n  # rounds: every seat has had this many turns, on average
            for s in range(n):
                points[s].append((x, float(game.board[s])))
    series = tuple(Series(seat.name, tuple(p)) for seat, p in zip(record.seats, points,
                                                                  strict=True))
    # Translators: chart titles and axes are short: a few words each.
    return ChartData(_("The score race"), _("Round"), _("Board score"), series,
                     y_min=min(0.0, min(y for s in series for _x, y in s.points)),
                     reference=float(record.rules.game_point),
                     # Translators: the label of the game point's line across a chart.
                     reference_label=_("game point {points}").format(
                         points=number(record.rules.game_point)), steps=True,
                     x_whole=True)


def win_chances(record: Record, analysis: Analysis) -> ChartData | None:
    """Each player's chance of winning at the start of every turn, one line a seat (a game
    a perfect-play table answers; None otherwise).  The line across is an even chance:
    one in as many as there are seats."""
    if analysis.kind != "win" or not analysis.chances:
        return None
    n = len(record.seats)
    series = tuple(Series(record.seats[s].name,
                          tuple((turn / n, chances[s]) for turn, chances in analysis.chances))
                   for s in range(n))
    return ChartData(_("Chance of winning"), _("Round"), _("Chance of winning"), series,
                     y_min=0.0,
                     y_max=1.0, percent=True, reference=1 / n, x_whole=True)


def split_lines(record: Record, analysis: Analysis) -> list[str]:
    """Under the chances chart, each person's luck and skill in words ("Ann: The dice gave
    you +18%, your decisions cost 4%."): a person's own decisions only; a seat the
    computer played all game (demo mode) gets no line, and the moves it made for a person
    in part of the game are not "your decisions"."""
    lines = []
    for s, seat in enumerate(record.seats):
        if seat.computer or not any(record.person_made(c) for c in record.commands
                                    if c.seat == s):
            continue
        # Translators: {name} is a player's name, {split} a sentence such as "The dice
        # gave you +18%, your decisions cost 4%."
        lines.append(_("{name}: {split}").format(name=seat.name, split=split_words(
            analysis.luck[s], analysis.skill[s], analysis.others[s],
            opponents=len(record.seats) - 1)))
    return lines


def faces_chart(mine: Fairness, computers: Fairness | None, player: str) -> ChartData:
    """How often each face came up, as shares of all dice thrown, against the fair 1/6."""
    def shares(f: Fairness) -> tuple[tuple[float, float], ...]:
        total = sum(f.counts) or 1
        return tuple((float(i + 1), c / total) for i, c in enumerate(f.counts))

    series = [Series(player, shares(mine))]
    if computers is not None and any(computers.counts):
        # Translators: a chart's legend: the faces thrown by the computer opponents.
        series.append(Series(_("the computers"), shares(computers)))
    top = max([y for s in series for _x, y in s.points] + [1 / 6])
    return ChartData(_("Faces thrown"), _("Face"), _("Share of the dice"), tuple(series),
                     kind=BARS, y_min=0.0, y_max=max(0.25, top * 1.1), percent=True,
                     x_names=("1", "2", "3", "4", "5", "6"), reference=1 / 6,
                     # Translators: the label of the line at 1/6 on the faces chart.
                     reference_label=_("fair: 1 in 6"), note=mine.words)


def dice_sets_chart(sets: Sequence[DiceSet]) -> ChartData:
    """Each set of real dice: how often each face came up, as shares of its dice, against
    the fair 1/6 (the sets with the most dice first, as many as the chart has colours)."""
    series = []
    for d in sets[:6]:
        total = d.dice or 1
        series.append(Series(set_title(d.name), tuple(
            (float(i + 1), c / total) for i, c in enumerate(d.counts))))
    top = max([y for s in series for _x, y in s.points] + [1 / 6])
    # Translators: the title of the chart of the faces of each set of real dice.
    return ChartData(_("Faces of each set of real dice"), _("Face"), _("Share of the dice"),
                     tuple(series), kind=BARS, y_min=0.0, y_max=max(0.25, top * 1.1),
                     percent=True, x_names=("1", "2", "3", "4", "5", "6"), reference=1 / 6,
                     reference_label=_("fair: 1 in 6"),
                     # Translators: what the dice-fairness chart shows before any game.
                     empty_note=_("No games with real dice yet."))


def _rolling(values: Sequence[float], width: int) -> list[float]:
    out, total = [], 0.0
    for i, v in enumerate(values):
        total += v
        if i >= width:
            total -= values[i - width]
        out.append(total / min(i + 1, width))
    return out


def win_rate_over_time(points: Sequence[GamePoint], width: int = 20) -> ChartData:
    """The win rate over the last ``width`` games, game after game; the line across is
    an even chance, one in as many as there were players (the games' average: one in
    three for games of three)."""
    rate = _rolling([1.0 if p.won else 0.0 for p in points], width)
    # Translators: a chart's legend; {n} is a number of games (20).
    series = (Series(_("win rate (last {n} games)").format(n=number(width)),
                     tuple((float(i + 1), r) for i, r in enumerate(rate))),)
    even = sum(1 / p.seats for p in points) / len(points) if points else 0.5
    return ChartData(_("Win rate over time"), _("Game"), _("Win rate"), series, y_min=0.0,
                     y_max=1.0, percent=True, reference=even, x_whole=True)


def skill_over_time(points: Sequence[GamePoint], width: int = 10) -> ChartData:
    """What the decisions gave away per game (win chance), averaged over ``width`` games."""
    valued = [p for p in points if p.kind == "win" and p.cost is not None]
    cost = _rolling([p.cost or 0.0 for p in valued], width)
    # Translators: a chart's legend; {n} is a number of games (10).
    series = (Series(_("given away per game (last {n})").format(n=number(width)),
                     tuple((float(i + 1), c) for i, c in enumerate(cost))),)
    return ChartData(_("Skill over time"), _("Analysed game"), _("Win chance given away"),
                     series, y_min=0.0, percent=True, x_whole=True,
                     note=_("Lower is better: a perfect player gives nothing away."),
                     empty_note=_(UNVALUED))


#: Why the luck and skill charts can be empty.
UNVALUED = N_("Nothing to show yet: luck and skill are worked out for games of two or three "
              "players whose rules have a perfect-play table (the presets without options, and rules "
              "Perfect has solved). Play one to the end and it shows here.")


def luck_against_skill(points: Sequence[GamePoint]) -> ChartData:
    """One dot a game: what the dice gave (across) against what the decisions cost (up)."""
    dots = tuple((p.luck, p.skill) for p in points
                 if p.kind == "win" and p.luck is not None and p.skill is not None)
    wins = tuple((x, y) for (x, y), p in zip(dots, [p for p in points if p.kind == "win"
                 and p.luck is not None and p.skill is not None], strict=True) if p.won)
    losses = tuple(d for d in dots if d not in set(wins))
    return ChartData(_("Luck against skill, game by game"),
                     _("What the dice gave (win chance)"), _("What your decisions changed"),
                     # Translators: the legend of the luck chart: games won, games lost.
                     (Series(_("won"), wins), Series(_("lost"), losses)),
                     kind=DOTS, percent=True, reference=0.0,
                     note=_("Right: lucky dice. Up: good decisions (0 is perfect play)."),
                     empty_note=_(UNVALUED))

"""The statistics in words, for the Statistics window and ``tenthousand --stats``, and the
``--verify`` and ``--export-csv`` commands (pure Python)."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

from ..i18n import N_, _, decimal, join_words, ngettext, number, percent
from ..model.rules import level_word
from .analysis import MISTAKE_WORDS
from .dice_sets import set_title
from .dice_sets import words as dice_set_words
from .schema import Damaged, HistoryError, Unavailable, trouble
from .stats import Filters, Skipped, Statistics, signed_percent, statistics
from .store import History, history_path

#: How long a reader waits for a lock another program holds on the history (seconds).
READ_WAIT = 2.0

#: The opponents of a group of games that are not one computer level.
LEVEL_WORDS = {
    # Translators: a row of the statistics: the games against people only.
    "person": N_("Against people"),
    # Translators: a row of the statistics: the games with no opponent.
    "alone": N_("Playing alone"),
    # Translators: a row of the statistics: the games against several kinds of opponents.
    "mixed": N_("Against several opponents"),
}


def _share(share: dict[str, Any]) -> str:
    games, wins = int(share["games"]), int(share["wins"])
    if not games:
        # Translators: in the statistics: no games of this kind.
        return _("none")
    lo, hi = (float(v) for v in share["ci95"])
    # Translators: {wins} and {games} are counts; {percent}, {sure} (95%), {low} and {high}
    # percentages: the true win rate lies between low and high with 95% certainty.
    return ngettext("{wins} of {games} won ({percent}; {sure} sure between {low} and {high})",
                    "{wins} of {games} won ({percent}; {sure} sure between {low} and {high})",
                    games).format(wins=number(wins), games=number(games),
                                  percent=percent(wins / games), sure=percent(0.95, 0),
                                  low=percent(lo), high=percent(hi))


def _mistake(words: object) -> str:
    """A kind of mistake as the statistics keep it (English) in the language in use."""
    text = str(words)
    return _(text) if text in MISTAKE_WORDS.values() else text


def _skill_lines(st: Statistics) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    win = st.skill.get("win")
    if win:
        n = int(win["decisions"])
        # Translators: {per_decision} and {per_game} are percentages of win chance.
        out.append((_("Skill"), ngettext(
            "{n} decision valued; on average each gave away {per_decision} win chance, "
            "{per_game} a game",
            "{n} decisions valued; on average each gave away {per_decision} win chance, "
            "{per_game} a game", n).format(
                n=number(n), per_decision=percent(win["per_decision"], 2),
                per_game=percent(win["per_game"], 1))))
        if win["costliest"]:
            out.append((_("Costliest habit"), _mistake(win["costliest"])))
    score = st.skill.get("score")
    if score:
        n = int(score["decisions"])
        out.append((_("Skill (in points)"), ngettext(
            "{n} decision; each gave away {per_decision} points on average, {per_game} a game",
            "{n} decisions; each gave away {per_decision} points on average, {per_game} a "
            "game", n).format(n=number(n), per_decision=decimal(score["per_decision"], 1),
                              per_game=number(score["per_game"]))))
        if score["costliest"] and not win:
            out.append((_("Costliest habit"), _mistake(score["costliest"])))
    if st.luck.get("games"):
        n = int(st.luck["games"])
        # Translators: {average}, {best} and {worst} are changes of the win chance with
        # their sign (+1.5%).
        out.append((_("Luck"), ngettext(
            "over {n} analysed game the dice gave you {average} win chance a game on average "
            "(best {best}, worst {worst})",
            "over {n} analysed games the dice gave you {average} win chance a game on average "
            "(best {best}, worst {worst})", n).format(
                n=number(n), average=signed_percent(st.luck["average"], 1),
                best=signed_percent(st.luck["best"]), worst=signed_percent(st.luck["worst"]))))
    return out


def _per_turn(st: Statistics) -> str:
    banked = number(st.banked_per_turn)
    if st.optimum_per_turn:
        return _("{banked} points banked per turn (the best play for points banks "
                 "{optimum})").format(banked=banked, optimum=number(st.optimum_per_turn))
    return _("{banked} points banked per turn").format(banked=banked)


def _margin(margin: dict[str, float]) -> str:
    # Translators: by how many points games were won or lost.
    return _("{average} on average (closest {least}, widest {most})").format(
        average=number(margin["average"]), least=number(margin["least"]),
        most=number(margin["most"]))


def skipped_words(skipped: list[Skipped], most: int = 10) -> str:
    """Which games were left out for odd values: "Game 17 (2023-11-14) is left out: ..."."""
    games = []
    for g in sorted(skipped, key=lambda g: -1 if g.game_id is None else g.game_id):
        shown = "?" if g.game_id is None else str(g.game_id)
        if g.started is not None:
            shown += time.strftime(" (%Y-%m-%d)", time.localtime(g.started))
        games.append(shown)
    n = len(games)
    if n > most:
        games = games[:most] + [ngettext("{n} more", "{n} more", n - most).format(
            n=number(n - most))]
    # Translators: {games} lists games by number and date: "17 (2023-11-14) and 20".
    return ngettext("Game {games} is left out: some of its stored values cannot be read.",
                    "Games {games} are left out: some of their stored values cannot be read.",
                    n).format(games=join_words(games))


def report_lines(st: Statistics, *, with_sets: bool = True) -> list[tuple[str, str]]:
    """(label, text) rows of every figure, in the order the window and terminal show
    (``with_sets``: the sets of real dice too; the window has a page for them)."""
    left_out = [(_("Left out"), skipped_words(st.skipped))] if st.skipped else []
    if not st.games:
        return [(_("Games"), _("no finished games match these filters yet")), *left_out]
    rows = [(_("Games"), _share({"games": st.games, "wins": st.wins, "ci95": st.ci95}))]
    for level, share in st.by_level.items():
        label = _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else \
            _("Against {level}").format(level=level_word(level))
        rows.append(("  " + label, _share(share)))
    for name, share in st.by_opponent.items():
        # Translators: a row of the statistics: the network games with a person of this
        # name in another seat.
        rows.append(("  " + _("Against {name} on the network").format(name=name),
                     _share(share)))
    rows.append((_("Per turn"), _per_turn(st)))
    rows.append((_("Trash"), _("{percent} of turns ended in trash").format(
        percent=percent(st.trash_rate))))
    # Translators: {corners} is a count, {per_game} a number with one decimal (1.5).
    rows.append((_("Corners"), _("{corners} ({per_game} a game)").format(
        corners=number(st.corners), per_game=decimal(st.corners / st.games, 1))))
    rows.append((_("Best turn"), ngettext("{n} point", "{n} points", st.best_turn).format(
        n=number(st.best_turn))))
    rows.append((_("Longest winning streak"), ngettext(
        "{n} game", "{n} games", st.longest_streak).format(n=number(st.longest_streak))))
    if st.won_by["games"]:
        rows.append((_("Won by"), _margin(st.won_by)))
    if st.lost_by["games"]:
        rows.append((_("Lost by"), _margin(st.lost_by)))
    rows.append((_("Clean games"), _share(st.clean)))
    # Translators: {share} is "3 of 5 won (...)".
    rows.append((_("Assisted games"), _("{share} (undo or the advisor)").format(
        share=_share(st.assisted)) if st.assisted["games"] else _("none")))
    if st.abandoned:
        rows.append((_("Abandoned"), ngettext(
            "{n} game left unfinished", "{n} games left unfinished", st.abandoned).format(
                n=number(st.abandoned))))
    if st.unchecked:
        # Translators: a row of the statistics: games at a friend's table (network games)
        # whose host's dice were not checked fair.
        rows.append((_("Dice not checked"), ngettext(
            "{n} game at a host's table whose dice could not be checked, or were not fair: "
            "its result rests on the host's word",
            "{n} games at a host's table whose dice could not be checked, or were not fair: "
            "their results rest on the host's word", st.unchecked).format(
                n=number(st.unchecked))))
    rows += _skill_lines(st)
    if st.faces is not None:
        rows.append((_("Your dice"), _faces(st.faces.counts)))
        rows.append(("", st.faces.words))
    if st.computer_faces is not None and any(st.computer_faces.counts):
        rows.append((_("Computers' dice"), _faces(st.computer_faces.counts)))
        rows.append(("", st.computer_faces.words))
    return rows + (dice_set_lines(st) if with_sets else []) + left_out


def dice_set_lines(st: Statistics) -> list[tuple[str, str]]:
    """Each set of real dice: its face counts, then the test in words, a row a sentence."""
    rows: list[tuple[str, str]] = []
    for s in st.dice_sets:
        # Translators: a row of the statistics: a set of real dice the player named.
        rows.append((_("Real dice: {name}").format(name=set_title(s.name)), _faces(s.counts)))
        rows += [("", line) for line in dice_set_words(s)]
    return rows


def _faces(counts: tuple[int, ...]) -> str:
    """Each face's count: "1: 1,203 · 2: 1,180 ..." (one, two... are the faces)."""
    return " \u00b7 ".join(f"{i + 1}: {number(c)}" for i, c in enumerate(counts))


def default_player(history: History) -> str | None:
    names = history.names()
    return names[0] if names else None


def trouble_words(error: BaseException, path: Path) -> str:
    """Why a reader (``--stats``, the Statistics window) cannot read the history, and what
    to do, in one sentence; it never sets the file aside (the game does)."""
    found = trouble(error)
    if isinstance(found, Damaged) and found.why == "newer":
        return _("The game history was written by a newer release of the game; use that "
                 "release to see these figures.")
    if isinstance(found, Damaged):
        return _("The game history is damaged; start the game once and it sets the history "
                 "aside and begins a new one.")
    if isinstance(found, Unavailable) and found.kind == "busy":
        return _("The game history is in use by another program; try again when it is done.")
    # Translators: {file} is the history's path.
    return _("The game history cannot be read; check that {file} can be read.").format(
        file=path)


def stats_main(player: str | None, *, rules: str | None = None, level: str | None = None,
               since: float | None = None, until: float | None = None, as_json: bool = False,
               export: str | None = None, dice: str | None = None,
               dice_set: str | None = None, network: bool | None = None,
               opponent: str | None = None, checked_only: bool = False) -> int:
    """``tenthousand --stats``: print the statistics (or export CSV); 0, or 1 with a line.
    The history is read as it is: opened read-only, never set aside nor created."""
    path = history_path()
    if not path.exists():
        print("tenthousand: " + _("no games stored yet (the history would be {path})").format(
            path=path), file=sys.stderr)
        return 1
    try:
        history = History(path, read_only=True, timeout=READ_WAIT)
    except (OSError, sqlite3.Error, HistoryError) as e:
        print("tenthousand: " + trouble_words(e, path), file=sys.stderr)
        return 1
    with history:
        try:  # (damaged pages are met as the rows are read)
            filters = Filters("", rules, level, since, until, dice=dice, dice_set=dice_set,
                              network=network, opponent=opponent, checked_only=checked_only)
            return _report(history, player, filters, as_json, export)
        except (sqlite3.Error, HistoryError) as e:
            print("tenthousand: " + trouble_words(e, path), file=sys.stderr)
            return 1


def _report(history: History, player: str | None, filters: Filters, as_json: bool,
            export: str | None) -> int:
    """What ``--stats`` prints, from the open history (``filters`` without a player).  A
    CSV file that cannot be written raises OSError, for the caller to say."""
    if export is not None:
        from .export import export_csv

        skipped: list[Skipped] = []
        games, decisions = export_csv(history, Path(export), skipped)
        if skipped:
            print("tenthousand: " + skipped_words(skipped), file=sys.stderr)
        # Translators: --export-csv; {games} and {decisions} are the files' paths.
        print(_("Wrote {games} and {decisions}").format(games=games, decisions=decisions))
        return 0
    name = player or default_player(history)
    if name is None:
        print("tenthousand: " + _("no games stored yet"), file=sys.stderr)
        return 1
    names = history.names()
    if name not in names:
        # Translators: --stats --player NAME; {names} lists the stored players' names.
        print("tenthousand: " + _("no games of {name} are stored; the players are "
                                  "{names}").format(name=name, names=", ".join(names)),
              file=sys.stderr)
        return 1
    st = statistics(history, dataclasses.replace(filters, player=name))
    if as_json:
        print(json.dumps(st.to_json()))
        return 0
    # Translators: the first line of --stats; {name} is the player's name.
    print(_("Statistics of {name}").format(name=name))
    rows = report_lines(st)
    width = max(len(label) for label, _text in rows)
    for label, text in rows:
        print(f"  {label:<{width}}  {text}")
    return 0


def verify_main(path: str, fingerprint: str | None) -> int:
    """``tenthousand --verify RECORD``: 0 when the dice follow from the seed."""
    from ..files.records import read_record
    from ..model import BadSave
    from .codes import verify

    try:
        record = read_record(Path(path))
    except BadSave as e:
        print(f"tenthousand: {e}", file=sys.stderr)
        return 1
    verdict = verify(record, fingerprint)
    for line in verdict.lines:
        print(line)
    print(_("Verified.") if verdict.ok else _("NOT verified."))
    return 0 if verdict.ok else 1

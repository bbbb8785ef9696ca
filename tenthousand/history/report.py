"""The statistics in words, for the Statistics window and ``tenthousand --stats``, and the
``--verify`` and ``--export-csv`` commands (pure Python)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .stats import Filters, Statistics, statistics
from .store import History, HistoryError, history_path

LEVEL_WORDS = {"person": "people", "alone": "playing alone", "mixed": "several opponents"}


def _pct(value: float) -> str:
    return f"{value * 100:.1f}%"


def _share(share: dict[str, Any]) -> str:
    games, wins = int(share["games"]), int(share["wins"])
    if not games:
        return "none"
    lo, hi = (float(v) for v in share["ci95"])
    return (f"{wins} of {games} won ({_pct(wins / games)}; 95% sure between {_pct(lo)} "
            f"and {_pct(hi)})")


def _skill_lines(st: Statistics) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    win = st.skill.get("win")
    if win:
        out.append(("Skill", f"{win['decisions']:,} decisions valued; on average each gave "
                    f"away {win['per_decision'] * 100:.2f}% win chance, "
                    f"{win['per_game'] * 100:.1f}% a game"))
        if win["costliest"]:
            out.append(("Costliest habit", str(win["costliest"])))
    score = st.skill.get("score")
    if score:
        out.append(("Skill (in points)", f"{score['decisions']:,} decisions; each gave away "
                    f"{score['per_decision']:,.1f} points on average, "
                    f"{score['per_game']:,.0f} a game"))
        if score["costliest"] and not win:
            out.append(("Costliest habit", str(score["costliest"])))
    if st.luck.get("games"):
        avg = st.luck["average"]
        out.append(("Luck", f"over {st.luck['games']} analysed games the dice gave you "
                    f"{avg * 100:+.1f}% win chance a game on average "
                    f"(best {st.luck['best'] * 100:+.0f}%, worst {st.luck['worst'] * 100:+.0f}%)"))
    return out


def report_lines(st: Statistics) -> list[tuple[str, str]]:
    """(label, text) rows of every figure, in the order the window and terminal show."""
    if not st.games:
        return [("Games", "no finished games match these filters yet")]
    rows = [("Games", _share({"games": st.games, "wins": st.wins, "ci95": st.ci95}))]
    for level, share in st.by_level.items():
        rows.append((f"  Against {LEVEL_WORDS.get(level, level)}", _share(share)))
    per_turn = f"{st.banked_per_turn:,.0f} points banked per turn"
    if st.optimum_per_turn:
        per_turn += f" (the best play for points banks {st.optimum_per_turn:,.0f})"
    rows.append(("Per turn", per_turn))
    rows.append(("Trash", f"{_pct(st.trash_rate)} of turns ended in trash"))
    rows.append(("Corners", f"{st.corners:,} ({st.corners / st.games:.1f} a game)"))
    rows.append(("Best turn", f"{st.best_turn:,} points"))
    rows.append(("Longest winning streak", f"{st.longest_streak} games"))
    if st.won_by["games"]:
        rows.append(("Won by", f"{st.won_by['average']:,.0f} on average "
                     f"(closest {st.won_by['least']:,}, widest {st.won_by['most']:,})"))
    if st.lost_by["games"]:
        rows.append(("Lost by", f"{st.lost_by['average']:,.0f} on average "
                     f"(closest {st.lost_by['least']:,}, widest {st.lost_by['most']:,})"))
    rows.append(("Clean games", _share(st.clean)))
    rows.append(("Assisted games", _share(st.assisted) + " (undo or the advisor)"
                 if st.assisted["games"] else "none"))
    if st.abandoned:
        rows.append(("Abandoned", f"{st.abandoned} games left unfinished"))
    rows += _skill_lines(st)
    if st.faces is not None:
        rows.append(("Your dice", _faces(st.faces.counts)))
        rows.append(("", st.faces.words))
    if st.computer_faces is not None and any(st.computer_faces.counts):
        rows.append(("Computers' dice", _faces(st.computer_faces.counts)))
        rows.append(("", st.computer_faces.words))
    return rows


def _faces(counts: tuple[int, ...]) -> str:
    """Each face's count: "1: 1,203 · 2: 1,180 ..." (one, two... are the faces)."""
    return " \u00b7 ".join(f"{i + 1}: {c:,}" for i, c in enumerate(counts))


def default_player(history: History) -> str | None:
    names = history.names()
    return names[0] if names else None


def stats_main(player: str | None, *, rules: str | None = None, level: str | None = None,
               since: float | None = None, until: float | None = None, as_json: bool = False,
               export: str | None = None) -> int:
    """``tenthousand --stats``: print the statistics (or export CSV); 0, or 1 with a line."""
    path = history_path()
    if not path.exists():
        print(f"tenthousand: no games stored yet (the history would be {path})",
              file=sys.stderr)
        return 1
    try:
        history = History(path)
    except (OSError, HistoryError, Exception) as e:  # noqa: BLE001 - say it in one line
        print(f"tenthousand: the history cannot be read: {e}", file=sys.stderr)
        return 1
    with history:
        if history.problem:
            print(f"tenthousand: {history.problem}", file=sys.stderr)
        if export is not None:
            from .stats import export_csv

            games, decisions = export_csv(history, Path(export))
            print(f"Wrote {games} and {decisions}")
            return 0
        name = player or default_player(history)
        if name is None:
            print("tenthousand: no games stored yet", file=sys.stderr)
            return 1
        st = statistics(history, Filters(name, rules, level, since, until))
    if as_json:
        print(json.dumps(st.to_json()))
        return 0
    print(f"Statistics of {name}")
    width = max(len(label) for label, _ in report_lines(st))
    for label, text in report_lines(st):
        print(f"  {label:<{width}}  {text}")
    return 0


def verify_main(path: str, fingerprint: str | None) -> int:
    """``tenthousand --verify RECORD``: 0 when the dice follow from the seed."""
    from ..model import BadSave
    from ..savegame import read_record
    from .codes import verify

    try:
        record = read_record(Path(path))
    except BadSave as e:
        print(f"tenthousand: {e}", file=sys.stderr)
        return 1
    verdict = verify(record, fingerprint)
    for line in verdict.lines:
        print(line)
    print("Verified." if verdict.ok else "NOT verified.")
    return 0 if verdict.ok else 1

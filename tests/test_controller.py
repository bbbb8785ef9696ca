"""The controller without a display: a fake screen, a manual clock, real games.

It plays a human turn (throw, pick dice, throw on, bank), a computer turn advanced by the
clock, undo and redo, and a game played on from a recorded position, and checks what the
screen was shown and what the player was told.  No tkinter: the last test checks that
importing and playing all of this never loaded it.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import pytest
from rules_kit import Script

from tenthousand.ai import Decision
from tenthousand.control.controller import Controller
from tenthousand.control.messages import Kind, Messages
from tenthousand.control.session import Origin, Session
from tenthousand.model import Banked, Game, Rules, Seat
from tenthousand.model.game import Phase
from tenthousand.model.rules import PRESETS
from tenthousand.present import presenter
from tenthousand.present.presenter import Display
from tenthousand.services.jobs import JobRunner
from tenthousand.services.speech import Priority

ROOT = Path(__file__).resolve().parent.parent
ONE = (1, 2, 2, 3, 4, 6)  # only the 1 scores
TRASH = (2, 2, 3, 4, 6, 6)


class Clock:
    """A manual clock with ``after`` and ``after_cancel``; calls made while it runs wait
    for their own time."""

    def __init__(self) -> None:
        self.now = 0
        self.calls: dict[str, tuple[int, int, Callable[[], None]]] = {}
        self._next = 0

    def after(self, ms: int, func: Callable[[], None]) -> str:
        self._next += 1
        after_id = f"after#{self._next}"
        self.calls[after_id] = (self.now + ms, self._next, func)
        return after_id

    def after_cancel(self, after_id: str) -> None:
        self.calls.pop(after_id, None)

    def advance(self, ms: int) -> None:
        end = self.now + ms
        while True:
            due = [(when, n, key) for key, (when, n, _f) in self.calls.items() if when <= end]
            if not due:
                break
            when, _n, key = min(due)
            self.now = max(self.now, when)
            func = self.calls.pop(key)[2]
            func()
        self.now = end


class FakeScreen:
    """A :class:`~tenthousand.control.screen.Screen` that remembers what it was asked."""

    def __init__(self) -> None:
        self.shown: list[Display] = []
        self.cues: list[tuple[str, str]] = []
        self.lines: list[tuple[str, str]] = []
        self.log_calls = 0
        self.tumbles = 0
        self.tumbling = False
        self.tumble_ms = 420
        self.animation = True
        self.is_watched = True

    @property
    def display(self) -> Display:
        return self.shown[-1]

    def show(self, display: Display) -> None:
        self.shown.append(display)

    def cue(self, kind: str, text: str, ms: int | None) -> None:
        self.cues.append((kind, text))

    def clear_cue(self) -> None:
        pass

    def tumble(self) -> None:
        self.tumbles += 1

    def settle(self) -> None:
        self.tumbling = False

    def set_animation(self, on: bool) -> None:
        self.animation = on

    def log(self, lines: Sequence[tuple[str, str]]) -> None:
        self.log_calls += 1
        self.lines += lines

    def clear_log(self) -> None:
        self.lines = []

    def watched(self) -> bool:
        return self.is_watched

    def texts(self) -> list[str]:
        return [text for text, _tag in self.lines]


class Told:
    """What the player was told: the status line, speech and the bell."""

    def __init__(self) -> None:
        self.status: list[str] = []
        self.spoken: list[tuple[str, Priority]] = []
        self.bells = 0
        self.logged: list[str] = []
        self.messages = Messages(self, speak=self._speak,
                                 log=lambda text, tag: self.logged.append(text),
                                 bell=self._bell)

    def say(self, text: str) -> None:  # the status line
        self.status.append(text)

    def _speak(self, text: str, priority: Priority) -> None:
        self.spoken.append((text, priority))

    def _bell(self) -> None:
        self.bells += 1


class Careful:
    """A computer player that freezes the first scoring choice and banks from 300 on."""

    def __init__(self, level: str, rules: Rules, *, seed: int | None = None,
                 players: int = 2) -> None:
        self.level, self.rules, self.fallback_reason = level, rules, None
        self.ready = True
        self.moves = 0

    def prepare(self) -> None:
        pass

    def choose_challenge(self, game: Game) -> int | None:
        return None

    def choose_move(self, game: Game) -> Decision:
        self.moves += 1
        faces, points = game.legal_freezes()[0]
        freeze = game.indices_for(faces)
        return Decision(freeze, game.bank_refusal(freeze) is None
                        and game.turn_score + points >= 300)

    def choose_discard(self, game: Game) -> int:
        return 0


class Table:
    """A controller on a fake screen, a manual clock and a real job runner."""

    def __init__(self, throws: Iterable[Sequence[int]] = (), *,
                 seats: Sequence[Seat] = (Seat("Ann"), Seat("Bot", True, "normal")),
                 delay: float = 0.5, screen: FakeScreen | None = None,
                 factory: Callable[..., object] = Careful) -> None:
        self.clock = Clock()
        self.screen = screen if screen is not None else FakeScreen()
        self.told = Told()
        self.jobs = JobRunner(self.clock)
        game = Game(PRESETS["ten-thousand"], list(seats), seed=11, dice=Script(throws, seed=5),
                    first_seat=0)
        self.session = Session(game)
        self.controller = Controller(self.screen, self.clock, self.session,
                                     messages=self.told.messages, jobs=self.jobs,
                                     delay=delay, player_factory=factory, seed=11)
        self.session.watch("table", self.controller.follow)
        self.controller.start()

    @property
    def game(self) -> Game:
        return self.controller.game

    def run_until(self, done: Callable[[], bool], seconds: float = 10.0, *,
                  wait_for_workers: bool = False) -> None:
        """Advance the clock 20 ms at a time (the workers run in real time meanwhile);
        ``wait_for_workers``: the clock stands still while a worker is busy, so that it
        measures only what the controller waits for, however slow the machine."""
        deadline = time.monotonic() + seconds
        while not done():
            assert time.monotonic() < deadline, "timed out"
            if not (wait_for_workers and self.jobs.working):
                self.clock.advance(20)
            time.sleep(0.002)

    def close(self) -> None:
        self.controller.destroy()
        self.jobs.close()


@pytest.fixture
def table() -> Iterable[Table]:
    made: list[Table] = []

    def make(*args: object, **kwargs: object) -> Table:
        t = Table(*args, **kwargs)  # type: ignore[arg-type]
        made.append(t)
        return t

    yield make  # type: ignore[misc]
    for t in made:
        t.close()


class Solving(Careful):
    """A Perfect stand-in whose table is solved in the background: it plays as Careful
    until the solve it shares with the other Perfect seats has run."""

    def __init__(self, level: str, rules: Rules, *, go: threading.Event, fails: bool,
                 **kwargs: object) -> None:
        super().__init__(level, rules, **kwargs)  # type: ignore[arg-type]
        self.go, self.fails = go, fails
        self.solving = True
        self.progress = 0.5

    def background_solve(self) -> Callable[[], None] | None:
        return self._finish if self.solving else None

    def _finish(self) -> None:
        assert self.go.wait(10)
        if self.fails:
            raise RuntimeError("no table")
        self.solving = False


@pytest.mark.parametrize("fails", [False, True])
def test_two_perfect_seats_waiting_for_one_solve_hear_its_end_once(
        table: Callable[..., Table], fails: bool) -> None:
    go = threading.Event()
    t = table(seats=(Seat("Ann"), Seat("Bot", True, "perfect"), Seat("Cy", True, "perfect")),
              factory=lambda level, rules, **kw: Solving(level, rules, go=go, fails=fails,
                                                          **kw))
    computers = t.controller.computers
    t.run_until(lambda: computers.solving(1) and computers.solving(2))
    go.set()
    end = presenter.SOLVE_FAILED_STATUS if fails else presenter.SOLVED_STATUS
    t.run_until(lambda: t.told.status and t.told.status[-1] == end)
    t.run_until(lambda: t.jobs.pending == 0)
    t.clock.advance(1000)
    assert t.told.status.count(end) == 1
    assert t.screen.texts().count(presenter.SOLVED_STATUS) == (0 if fails else 1)
    if not fails:  # both play their best from now on
        assert not computers.solving(1) and not computers.solving(2)


def test_a_long_solve_shows_its_time_left_in_the_status_line(
        table: Callable[..., Table]) -> None:
    """Once the solve can guess it, the status line counts the time left with the share."""
    go = threading.Event()
    made: list[Solving] = []

    def factory(level: str, rules: Rules, **kw: object) -> Solving:
        made.append(Solving(level, rules, go=go, fails=False, **kw))
        return made[-1]

    t = table(seats=(Seat("Ann"), Seat("Bot", True, "perfect")), factory=factory)
    try:
        t.run_until(lambda: t.controller.computers.solving(1))
        t.clock.advance(1000)
        assert t.told.status[-1] == "Solving perfect play for these rules: 50%..."
        for player in made:
            player.remaining = 2.2 * 3600  # type: ignore[attr-defined]
        t.clock.advance(600)
        assert t.told.status[-1] == ("Solving perfect play for these rules: 50%, "
                                     "about 2 hours left...")
    finally:
        go.set()


class Keeping(Solving):
    """A Perfect stand-in whose three-player solve, stopped, takes ``keeps`` seconds to
    keep what it solved before it ends."""

    def __init__(self, *args: object, keeps: float, events: list[str],
                 **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.keeps, self.events = keeps, events
        self.stop = threading.Event()
        self.ended = threading.Event()

    def cancel_solve(self) -> None:
        self.events.append("stopped")
        self.stop.set()

    def solve_stopped(self, timeout: float) -> bool:
        return self.ended.wait(timeout)

    def _finish(self) -> None:
        try:
            assert self.stop.wait(10)
            time.sleep(self.keeps)  # the last levels written to disk
            self.events.append("kept")
        finally:
            self.ended.set()


@pytest.mark.parametrize("keeps, waited", [(0.3, True), (3.0, False)])
def test_a_quit_waits_a_little_for_a_stopped_solve_to_keep_its_work(
        table: Callable[..., Table], monkeypatch: pytest.MonkeyPatch, keeps: float,
        waited: bool) -> None:
    from tenthousand.control import controller as controller_module

    monkeypatch.setattr(controller_module, "SOLVE_QUIT_WAIT_S", 1.0)
    events: list[str] = []
    t = table(seats=(Seat("Ann"), Seat("Bot", True, "perfect"), Seat("Cy", True, "expert")),
              factory=lambda level, rules, **kw: Keeping(
                  level, rules, go=threading.Event(), fails=False, keeps=keeps,
                  events=events, **kw))
    t.run_until(lambda: t.controller.computers.solving(1))
    started = time.monotonic()
    t.controller.destroy()
    took = time.monotonic() - started
    assert events and events[0] == "stopped"  # (each Perfect player made: the advisor's too)
    if waited:  # the quit ends once the work is kept
        assert "kept" in events and 0.25 < took < 1.0
    else:  # and never waits longer than it says
        assert "kept" not in events and 0.9 < took < 2.0


def test_a_human_turn_throw_pick_throw_on_bank(table: Callable[..., Table]) -> None:
    t = table([(1, 5, 2, 3, 4, 6), (1, 1, 1, 2)])
    c, screen = t.controller, t.screen
    assert screen.texts()[0].startswith("New game: Ten-Thousand")
    assert screen.display.bar.throw_ok and screen.display.table.caption == "Ann, your turn"
    c.throw()
    assert t.game.thrown == (1, 5, 2, 3, 4, 6) and screen.tumbles == 1
    c.click_die("thrown", 0)
    c.click_die("thrown", 1)
    assert screen.display.table.selected == {0, 1}
    assert screen.display.bar.reason == "a 1 + a 5 = 150. Throw on, or bank."
    assert t.told.spoken[-1] == (screen.display.bar.reason, Priority.NORMAL)
    c.throw()  # throw on: the 1 and the 5 frozen
    assert t.game.frozen == [(1, 5)] and t.game.thrown == (1, 1, 1, 2)
    for i in range(3):
        c.toggle(i)
    assert screen.display.bar.bank_text == "Bank 1,150 (B)"
    c.bank()
    assert t.game.board[0] == 1150
    assert any("banked 1,150" in line for line in screen.texts())
    assert screen.display.table.caption == "Bot is playing"


def test_a_computer_turn_is_played_step_by_step_on_the_clock(table: Callable[..., Table]) -> None:
    t = table([TRASH], delay=0.5)
    c, screen = t.controller, t.screen
    c.throw()  # trash: the computer's turn follows
    assert t.game.current == 1 and "step" in c.timers.purposes()
    shown = len(screen.shown)
    t.clock.advance(100)
    assert len(screen.shown) == shown and t.game.current == 1  # the delay is not over
    t.run_until(lambda: t.game.current == 0 or t.game.over)
    assert t.game.turns_taken == [1, 1]
    assert any(line.startswith("Bot throws") for line in screen.texts())
    # Each decision was shown before it was made: the picked dice, "throws again"/"banks".
    assert any(d.table.selected and d.table.caption == "Bot is playing" for d in screen.shown)
    spoken = [p for text, p in t.told.spoken if text.startswith("Bot throws")]
    assert spoken and set(spoken) == {Priority.QUEUED}  # the computer's moves wait their turn
    assert c.pending == 0 and c.human_to_play


def test_a_key_while_the_computer_plays_is_refused_aloud_with_the_bell(
        table: Callable[..., Table]) -> None:
    t = table([TRASH])
    t.controller.throw()
    t.controller.bank()
    assert t.told.status[-1] == "Wait: it is Bot's turn."
    assert t.told.spoken[-1] == ("Wait: it is Bot's turn.", Priority.URGENT)
    assert t.told.bells == 1
    assert t.told.messages.last == ("Wait: it is Bot's turn.", Kind.REFUSAL)
    # Once it is the person's turn again, the line no longer tells them to wait.
    t.run_until(lambda: t.game.current == 0 or t.game.over)
    assert t.told.messages.last is None or "Wait" not in t.told.messages.last[0]


def test_a_refused_undo_is_spoken_with_the_bell_like_a_refused_bank(
        table: Callable[..., Table]) -> None:
    t = table([ONE])
    assert not t.controller.take_back()
    said = "There is nothing of yours to undo yet."
    assert t.told.status[-1] == said
    assert t.told.spoken[-1] == (said, Priority.URGENT) and t.told.bells == 1
    t.controller.bank()  # nothing thrown: refused the same way
    assert t.told.spoken[-1][1] is Priority.URGENT and t.told.bells == 2


def test_undo_and_redo_rebuild_the_log_with_a_new_games_first_lines(
        table: Callable[..., Table]) -> None:
    t = table([ONE])
    c, screen = t.controller, t.screen
    first = screen.texts()[:2]
    assert first[0] == "New game: Ten-Thousand, to 10,000."
    assert first[1].startswith("Fair dice: ")
    before = t.game.to_dict()
    c.throw()
    thrown = t.game.to_dict()
    assert c.take_back()
    assert t.game.to_dict() == before
    start = [text for text, _tag in presenter.start_lines(t.game)]
    assert screen.texts() == start + [presenter.log_line(t.game, e)[0] for e in t.game.log]
    assert screen.texts()[:2] == first
    assert c.take_back(redo=True)
    assert t.game.to_dict() == thrown and screen.texts()[:2] == first
    assert screen.display.table.thrown == ONE  # the same dice come back


def test_a_move_worked_out_for_a_position_left_behind_is_not_made(
        table: Callable[..., Table]) -> None:
    """The computer's move is worked out while its step waits; if the game moves on
    meanwhile (here behind the controller's back), the move is worked out again."""
    t = table(seats=(Seat("Bot", True, "normal"), Seat("Ann")))
    t.clock.advance(0)  # the move for the start of Bot's turn (a throw) is on its way
    t.run_until(lambda: t.controller.computers.planned)
    t.game.throw()  # thrown already: that move is of no use now
    t.run_until(lambda: t.game.current == 1 or t.game.over)
    assert t.game.turns_taken[0] == 1


def test_play_on_from_a_recorded_position(table: Callable[..., Table]) -> None:
    t = table([TRASH, (1, 1, 5, 2, 3, 4)])
    c, screen = t.controller, t.screen
    c.throw()
    t.run_until(lambda: t.game.current == 0)
    record = t.game.record
    branch = record.play_on(1)  # after Ann's trash: Bot is to play
    assert branch.current == 1 and branch.record.branch
    t.session.put(branch, Origin.PLAY_ON)
    assert screen.texts()[0].startswith("Resumed game: ")
    assert screen.display.table.caption == "Bot is playing"
    assert not screen.display.table.thrown_clickable
    t.run_until(lambda: branch.current == 0 or branch.over)
    assert branch.turns_taken == [1, 1] and c.game is branch
    assert len(branch.record) > 1


def test_one_click_describes_the_selection_once(table: Callable[..., Table],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    t = table([(1, 5, 2, 3, 4, 6)])
    t.controller.throw()
    calls = []
    real = Game.describe_selection

    def counted(self: Game, indices: Iterable[int]) -> tuple[str, int | None]:
        calls.append(tuple(indices))
        return real(self, calls[-1])

    monkeypatch.setattr(Game, "describe_selection", counted)
    shown = len(t.screen.shown)
    t.controller.click_die("thrown", 0)
    assert calls == [(0,)] and len(t.screen.shown) == shown + 1
    assert t.told.spoken[-1][0] == t.screen.display.bar.reason  # read, not worked out again
    t.controller.click_die("thrown", 1)
    assert calls == [(0,), (0, 1)]


def test_a_throw_refreshes_once_and_logs_in_one_go(table: Callable[..., Table]) -> None:
    t = table([(1, 5, 2, 3, 4, 6)])
    shown, logged = len(t.screen.shown), t.screen.log_calls
    t.controller.throw()
    assert len(t.screen.shown) == shown + 1 and t.screen.log_calls == logged + 1
    assert t.game.phase is Phase.CHOOSE and t.screen.tumbles == 1


def test_a_failed_save_is_a_warning(table: Callable[..., Table]) -> None:
    t = table()
    t.controller.saver._said_now("The game could not be saved to /x (full).")
    assert t.told.messages.last == ("The game could not be saved to /x (full).", Kind.WARNING)
    assert t.told.logged == ["The game could not be saved to /x (full)."] and t.told.bells == 1


def test_the_controller_never_loads_tkinter() -> None:
    """Import the controller and play a turn in a fresh interpreter: no tkinter."""
    probe = (
        "import sys\n"
        "sys.path.insert(0, 'tests')\n"
        "import test_controller as t\n"
        "table = t.Table([t.TRASH])\n"
        "table.controller.throw()\n"
        "table.run_until(lambda: table.game.current == 0)\n"
        "table.close()\n"
        "assert 'tkinter' not in sys.modules, 'tkinter was loaded'\n"
        "print('no tkinter')\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "no tkinter"


def test_a_persons_trash_stays_on_the_table_as_long_as_its_banner(
        table: Callable[..., Table]) -> None:
    """Issue 42, item 9: the computer's first throw replaced a person's trash (and its
    banner) after the delay, under a second; a trash now holds the next computer step for
    its banner's time at the usual speed, and names whose turn it ended."""
    t = table([TRASH], delay=0.8)
    c, screen = t.controller, t.screen
    c.throw()  # trash on the first throw: nothing lost, the turn is over
    assert screen.cues[-1] == ("trash", "Trash! Nothing for Ann this turn")
    t.run_until(lambda: any(line.startswith("Bot throws") for line in screen.texts()))
    assert t.clock.now >= 1500  # the trash banner's time (it was the 800 ms of the delay)


class TumblingScreen(FakeScreen):
    """A fake screen whose throws tumble (animation on) until the controller settles
    them, and which notes when each banner came, by a clock."""

    def __init__(self) -> None:
        super().__init__()
        self.clock = Clock()  # (the table's, once it is made)
        self.cue_times: list[tuple[int, str]] = []

    def tumble(self) -> None:
        super().tumble()
        self.tumbling = self.animation

    def cue(self, kind: str, text: str, ms: int | None) -> None:
        super().cue(kind, text, ms)
        self.cue_times.append((self.clock.now, kind))


def _tumbling_table(table: Callable[..., Table], *, animation: bool = True) -> Table:
    screen = TumblingScreen()
    t = table([TRASH], delay=0.8, screen=screen)
    screen.clock = t.clock
    t.controller.set_animation(animation)
    return t


def _bot_throws_at(t: Table) -> int:
    t.run_until(lambda: any(line.startswith("Bot throws") for line in t.screen.texts()))
    return t.clock.now


def test_a_trash_throw_shows_its_banner_and_the_next_prompt_once_its_dice_land(
        table: Callable[..., Table]) -> None:
    """Issue 42, item 9 (tour 3): the trash banner and "Bot is playing..." came 0.03 s
    after Space, while the dice still tumbled, and the red dice stayed ~0.8 s.  Now
    nothing gives the throw away before its dice land, and the landed trash stays on the
    table at least as long as a bank's banner shows."""
    t = _tumbling_table(table)
    c, screen = t.controller, t.screen
    assert isinstance(screen, TumblingScreen)
    logged = len(screen.texts())
    c.throw()  # trash on the first throw
    assert screen.tumbling and screen.cues == []
    assert screen.display.table.caption == "Ann, your turn"  # not yet "Bot is playing"
    assert screen.display.bar.reason == "" and not screen.display.bar.throw_ok
    assert len(screen.texts()) == logged  # nor the log (the last thing left, tour 4)
    t.clock.advance(screen.tumble_ms - 20)
    assert screen.cues == [] and screen.display.bar.reason == ""  # still tumbling
    assert len(screen.texts()) == logged
    t.clock.advance(20)
    assert not screen.tumbling
    assert screen.cue_times == [(screen.tumble_ms, "trash")]
    assert any("trash" in line.lower() for line in screen.texts()[logged:])
    assert screen.display.table.caption == "Bot is playing"
    assert screen.display.table.thrown_state == "trash"
    bank = presenter.cue(t.game, Banked(0, 300, 300))
    assert bank is not None and bank.ms is not None
    assert _bot_throws_at(t) - screen.tumble_ms >= bank.ms


def test_a_key_during_a_trash_tumble_lands_it_at_once(table: Callable[..., Table]) -> None:
    t = _tumbling_table(table)
    c, screen = t.controller, t.screen
    c.throw()
    c.bank()  # a key while the dice tumble: they land, and it is Bot's turn now
    assert not screen.tumbling and [kind for kind, _text in screen.cues] == ["trash"]
    assert screen.display.table.caption == "Bot is playing"
    assert t.told.status[-1].startswith("Wait")


def test_a_box_opened_while_a_trash_tumbles_keeps_its_lines_in_the_log(
        table: Callable[..., Table]) -> None:
    t = _tumbling_table(table)
    logged = len(t.screen.texts())
    t.controller.throw()
    t.controller.cancel_all()  # what a dialog does: every step cancelled
    assert any("trash" in line.lower() for line in t.screen.texts()[logged:])


def test_with_the_animation_off_a_trash_waits_for_nothing(
        table: Callable[..., Table]) -> None:
    t = _tumbling_table(table, animation=False)
    screen = t.screen
    assert isinstance(screen, TumblingScreen)
    t.controller.throw()
    assert screen.cue_times == [(0, "trash")]  # at once: no tumble to wait for
    assert screen.display.table.caption == "Bot is playing"
    assert _bot_throws_at(t) < 1500 + 100  # the banner's hold, and no tumble before it


def test_at_no_delay_a_trash_holds_nothing(table: Callable[..., Table]) -> None:
    t = table([TRASH], delay=0.0)
    t.controller.throw()
    t.run_until(lambda: any(line.startswith("Bot throws") for line in t.screen.texts()),
                wait_for_workers=True)
    assert t.clock.now < 200

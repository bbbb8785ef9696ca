"""A real-dice game on the controller, with a fake screen and a manual clock: every throw
waits for its dice to be entered, a wrong entry is refused whole, the computer's throws
are entered for it, and undo, a resume and a kill during entry lose nothing that counted."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Sequence

import pytest
from test_controller import Careful, Clock, FakeScreen, Told

from tenthousand.control.controller import Controller
from tenthousand.control.messages import Kind
from tenthousand.control.session import Session
from tenthousand.model import Game, Seat, persist
from tenthousand.model.game import Phase
from tenthousand.model.real_dice import real_game
from tenthousand.model.rules import PRESETS
from tenthousand.present.dice_entry import EntryDisplay
from tenthousand.services.jobs import JobRunner


class RealTable:
    """A controller playing a real-dice game; ``rows`` is every entry row it showed."""

    def __init__(self, seats: Sequence[Seat] = (Seat("Ann"), Seat("Bot", True, "normal")),
                 game: Game | None = None) -> None:
        self.clock = Clock()
        self.screen = FakeScreen()
        self.told = Told()
        self.jobs = JobRunner(self.clock)
        self.rows: list[EntryDisplay | None] = []
        game = game or real_game(PRESETS["ten-thousand"], list(seats), "Blue set",
                                 first_seat=0)
        self.controller = Controller(self.screen, self.clock, Session(game),
                                     messages=self.told.messages, jobs=self.jobs,
                                     delay=0.2, player_factory=Careful, seed=11)
        self.entry = self.controller.dice_entry
        self.entry.show = self.rows.append
        self.controller.start()

    @property
    def game(self) -> Game:
        return self.controller.game

    @property
    def row(self) -> EntryDisplay | None:
        return self.rows[-1] if self.rows else None

    def enter(self, faces: Iterable[int]) -> None:
        for face in faces:
            self.entry.type_face(face)
        self.entry.enter()

    def run_until(self, done: Callable[[], bool], seconds: float = 10.0) -> None:
        """Advance the clock 20 ms at a time (the workers run in real time meanwhile)."""
        deadline = time.monotonic() + seconds
        while not done():
            assert time.monotonic() < deadline, "timed out"
            self.clock.advance(20)
            time.sleep(0.002)

    def close(self) -> None:
        self.controller.destroy()
        self.jobs.close()


@pytest.fixture
def real() -> Iterable[Callable[..., RealTable]]:
    made: list[RealTable] = []

    def make(*args: object, **kwargs: object) -> RealTable:
        made.append(RealTable(*args, **kwargs))  # type: ignore[arg-type]
        return made[-1]

    yield make
    for t in made:
        t.close()


def test_a_persons_turn_asks_for_each_throw_and_reads_it_back(
        real: Callable[..., RealTable]) -> None:
    t = real()
    c = t.controller
    assert t.row is not None and t.row.count == 6 and t.row.name == "Ann"
    assert t.row.prompt.startswith("Ann: throw 6 dice, then enter them")
    assert t.game.phase is Phase.START  # nothing is thrown before the dice are in
    for face in (1, 1, 4, 5):
        t.entry.type_face(face)
    assert t.row.faces == (1, 1, 4, 5) and t.row.progress == "4 of 6 entered: 1 1 4 5"
    assert t.told.spoken[-1][0] == "5, 4 of 6"
    t.entry.backspace()
    assert t.row.faces == (1, 1, 4) and "Took back 5" in t.told.spoken[-1][0]
    t.enter((5, 5, 6))
    assert t.row is None and t.game.thrown == (1, 1, 4, 5, 5, 6)
    assert t.game.record.commands[-1].dice == ((1, 1, 4, 5, 5, 6),)
    assert any("1 1 4 5 5 6" in s or "1, 1, 4, 5, 5" in s for s, _p in t.told.spoken)
    c.toggle(0)
    c.toggle(1)
    c.throw()  # freeze the two 1s: four dice to throw, asked for
    assert t.row is not None and t.row.count == 4 and t.game.thrown == (1, 1, 4, 5, 5, 6)
    t.enter((1, 5, 3, 3))
    assert t.game.frozen == [(1, 1)] and t.game.thrown == (1, 5, 3, 3)
    c.toggle(0)
    c.toggle(1)
    c.bank()
    assert t.game.board[0] == 350 and t.game.current == 1


def test_a_wrong_entry_is_refused_whole_with_its_reason(real: Callable[..., RealTable]) -> None:
    t = real()
    bells = t.told.bells
    t.entry.type_face(7)
    assert t.told.status[-1] == "7 is not a face of a die: a die shows 1 to 6."
    assert t.row is not None and t.row.faces == ()
    t.enter((1, 2, 3))
    assert t.told.status[-1] == "This throw is of 6 dice, but 3 faces were entered."
    # the row keeps what was typed and says why beside it (issue 42, item 13: it was wiped
    # and the reason was only in the status bar)
    assert t.row is not None and t.row.faces == (1, 2, 3) and t.game.phase is Phase.START
    assert t.row.problem == "This throw is of 6 dice, but 3 faces were entered."
    assert t.row.progress.startswith("This throw is of 6 dice, but 3 faces were entered. ")
    for face in (4, 5, 6):
        t.entry.type_face(face)
    assert t.row is not None and t.row.problem == ""  # typing on answers it
    t.entry.type_face(2)
    assert t.told.status[-1].startswith("All 6 dice are entered")
    assert t.told.bells == bells + 3
    assert len(t.game.record) == 0  # nothing wrong ever counted
    t.entry.enter()
    assert t.game.thrown == (1, 2, 3, 4, 5, 6)


def test_a_throw_the_rules_refuse_asks_for_no_dice(real: Callable[..., RealTable]) -> None:
    t = real()
    t.enter((1, 2, 3, 4, 6, 6))
    t.controller.toggle(1)  # a lone 2 scores nothing
    shown = len(t.rows)
    t.controller.throw()
    assert len(t.rows) == shown and not t.entry.open
    assert "2" in t.told.status[-1] and t.told.status[-1].endswith(".")


def test_trash_and_a_corner_are_recognised(real: Callable[..., RealTable]) -> None:
    t = real()
    t.enter((1, 1, 1, 5, 5, 5))  # six scoring dice: hot dice
    for i in range(6):
        t.controller.toggle(i)
    t.controller.throw()
    assert t.row is not None and t.row.count == 6  # the corner: six fresh dice
    t.enter((2, 2, 3, 4, 6, 6))  # trash
    assert t.game.current == 1 and t.game.board[0] == 0
    assert any(kind == "trash" for kind, _text in t.screen.cues)


def test_a_computer_seat_says_what_it_does_and_waits_for_its_dice(
        real: Callable[..., RealTable]) -> None:
    t = real()
    t.enter((2, 2, 3, 4, 6, 6))  # Ann's trash: Bot's turn
    t.run_until(lambda: t.entry.open)
    assert t.entry.open and t.row is not None and t.row.computer and t.row.name == "Bot"
    assert t.row.prompt.startswith("Throw 6 dice for Bot")
    assert "Bot throws: throw 6 dice for it." in t.told.status
    t.clock.advance(10_000)
    assert t.game.phase is Phase.START  # it waits
    t.enter((1, 2, 3, 4, 6, 6))
    assert t.game.thrown == (1, 2, 3, 4, 6, 6)
    t.run_until(lambda: t.entry.open)  # it freezes the 1 (Careful: the first scoring choice), throws on
    assert t.entry.open and t.row is not None and t.row.count == 5
    assert "Bot freezes 1 and throws on: throw 5 dice for it." in t.told.status
    assert not t.entry.cancel()  # a computer's decision stands
    t.enter((5, 5, 5, 2, 3))
    t.run_until(lambda: t.game.current == 0)  # 100 + 500: it banks
    assert t.game.board[1] == 600 and t.game.current == 0
    assert "Bot freezes 5 5 5 and banks." in t.told.status
    assert t.entry.open and t.row is not None and t.row.name == "Ann"


def test_esc_puts_a_persons_throw_off_and_undo_asks_again(
        real: Callable[..., RealTable]) -> None:
    t = real()
    c = t.controller
    t.enter((1, 5, 2, 3, 4, 6))
    c.toggle(0)
    c.throw()
    assert t.entry.open
    assert t.entry.cancel() and not t.entry.open and t.row is None
    c.toggle(1)  # the 5 too
    c.throw()
    t.enter((2, 2, 3, 4))  # trash, after a typo in the dice
    assert t.game.current == 1
    assert c.take_back()  # undo: the throw of four dice is asked for again
    assert t.game.current == 0 and t.game.phase is Phase.CHOOSE
    c.toggle(0)
    c.toggle(1)
    c.throw()
    assert t.entry.open and t.row is not None and t.row.count == 4
    t.enter((1, 1, 1, 3))
    assert t.game.thrown == (1, 1, 1, 3) and t.game.turn_score == 150


def test_a_kill_during_entry_loses_only_that_throw_and_the_resume_asks_again(
        real: Callable[..., RealTable]) -> None:
    t = real()
    t.enter((1, 5, 2, 3, 4, 6))
    t.controller.toggle(0)
    t.controller.throw()
    t.entry.type_face(5)  # typing, then the power goes
    saved = json.loads(json.dumps(t.game.record.to_dict()))  # what the autosave holds
    assert saved["dice"] == "real" and saved["dice_set"] == "Blue set"
    assert saved["commands"] == [{"seat": 0, "throw": [], "dice": [[1, 5, 2, 3, 4, 6]]}]
    resumed = persist.load_game(saved)
    again = real(game=resumed)
    assert again.game.thrown == (1, 5, 2, 3, 4, 6) and not again.entry.open
    again.controller.toggle(0)
    again.controller.throw()
    assert again.row is not None and again.row.count == 5  # asked again, from nothing
    again.enter((5, 5, 5, 2, 2))
    assert again.game.thrown == (5, 5, 5, 2, 2)
    assert persist.load_record(again.game.record.to_dict()).replay().log == again.game.log


def test_the_entry_is_refused_with_kind_refusal(real: Callable[..., RealTable]) -> None:
    t = real()
    seen: list[Kind] = []
    tell = t.told.messages.tell
    t.told.messages.tell = lambda text, kind=Kind.NOTE, **kw: (  # type: ignore[method-assign]
        seen.append(kind), tell(text, kind, **kw))
    t.enter((1,))
    assert seen[-1] is Kind.REFUSAL


def test_a_computers_throw_asked_again_after_a_dialog_keeps_what_was_typed(
        real: Callable[..., RealTable]) -> None:
    t = real()
    t.enter((2, 2, 3, 4, 6, 6))  # Ann's trash: Bot's turn
    t.run_until(lambda: t.entry.open)
    t.entry.type_face(1)
    t.entry.type_face(5)
    t.controller.cancel_all()  # a dialog opens: the computer's steps wait...
    t.controller.start()  # ...and go on when it closes
    t.run_until(lambda: t.entry.open and len(t.rows) > 0 and t.rows[-1] is not None
                and t.told.status.count("Bot throws: throw 6 dice for it.") == 2)
    assert t.row is not None and t.row.faces == (1, 5)

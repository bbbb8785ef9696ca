"""The commands for playing by ear and by keyboard alone: speech (on and off, the
questions the player can ask, silence) and the die cursor (Tab, Shift+Tab, P).

What is spoken is what the window shows: the log's lines and the presenter's texts, told
through :class:`~tenthousand.control.messages.Messages`, whose speaker
(:mod:`tenthousand.services.speech`) speaks them while speech is on."""

from __future__ import annotations

from ..files.settings import LivePreferences, Preferences
from ..i18n import _
from ..model.game import Phase
from ..present import presenter
from ..present.advice import AdvisorDisplay
from ..present.commands import handles
from ..present.spoken import dice_report, die_report, scores_report, sentences
from ..services.speech import NO_SPEECH, Priority, Speaker
from ..view.window import MainWindow
from .advising import AdvisorService
from .controller import Controller
from .messages import Kind, Messages


class AccessCommands:
    """Speech and the die cursor."""

    def __init__(self, prefs: LivePreferences, window: MainWindow, controller: Controller,
                 advisor: AdvisorService, speaker: Speaker, messages: Messages) -> None:
        self.live = prefs
        self.window = window
        self.controller = controller
        self.advisor = advisor
        self.speaker = speaker
        self.messages = messages
        #: Ctrl+A asked while the advisor was still working: speak its line once ready.
        self._advice_wanted = False
        # Speech follows its preference; without a speech program it stays off, and the
        # menu entry is greyed out with the reason in the status line.
        prefs.watch("speech", self._follow_speech)
        speaker.set_on(self.prefs.speech)
        window.set_check("speech", speaker.on)
        if self.prefs.speech and not speaker.available:
            messages.tell(_(NO_SPEECH))

    @property
    def prefs(self) -> Preferences:
        return self.live.value

    def speech_problem(self) -> str | None:
        """Why speech cannot be turned on (no speech program), or None."""
        return None if self.speaker.available else _(NO_SPEECH)

    def _follow_speech(self) -> None:
        self.speaker.set_on(self.prefs.speech)
        self.window.set_check("speech", self.speaker.on)

    def say(self, text: str, priority: Priority = Priority.NORMAL) -> None:
        """Speak a text the window shows (nothing happens while speech is off)."""
        self.speaker.say(text, priority)

    def _answer(self, lines: list[str]) -> None:
        """The answer to a question: in the status line as sentences (shown whole when it
        is too long for the bar), and spoken before anything else."""
        self.messages.tell(sentences(lines), spoken="\n".join(lines),
                           priority=Priority.URGENT)
        self.window.status.show_whole()

    @handles("speech")
    def toggle_speech(self) -> None:
        """Ctrl+T, Options > Speech."""
        if not self.speaker.available:
            self.messages.tell(_(NO_SPEECH), Kind.REFUSAL)
            return
        self.live.update(speech=not self.prefs.speech)
        self.messages.tell(_("Speech on.") if self.prefs.speech else _("Speech off."),
                           priority=Priority.URGENT)

    @handles("say_dice")
    def say_dice(self) -> None:
        """Ctrl+D: the dice on the table and the turn score."""
        c = self.controller
        self._answer(dice_report(presenter.table(c.game, c.context())))

    @handles("say_scores")
    def say_scores(self) -> None:
        """Ctrl+S: everyone's score."""
        c = self.controller
        self._answer(scores_report(presenter.seat_rows(c.game, c.context()),
                                   presenter.stage_text(c.game)))

    @handles("say_advice")
    def say_advice(self) -> None:
        """Ctrl+A: the advisor's best choice (the advisor is turned on to work it out)."""
        c = self.controller
        if not c.human_to_play:
            self._answer([presenter.not_your_turn(c.game)])
            return
        if c.game.phase is not Phase.CHOOSE:
            self._answer([_("The advisor values the dice of your throws: throw first.")])
            return
        self._advice_wanted = True
        if not self.prefs.advisor:
            self.live.update(advisor=True)  # it works the throw out, then shows its line
        else:
            self.advisor.update(c.game, True, sorted(c.selection))  # its line, if ready

    def show_advice(self, display: AdvisorDisplay) -> None:
        """The advisor's display: its panel, and its line under Throw and Bank."""
        self.window.advisor.show(display)
        self.advice_line(display.line)

    def advice_line(self, text: str | None) -> None:
        """The advisor's line under Throw and Bank; spoken once when Ctrl+A asked for it."""
        self.window.actions.show_advice(text)
        if text and self._advice_wanted:
            self._advice_wanted = False
            self._answer([text])

    @handles("say_again")
    def say_again(self) -> None:
        """Ctrl+R: the last message again, aloud and shown whole (speech off: shown)."""
        if self.speaker.last:
            self.messages.tell(self.speaker.last, spoken=self.speaker.last,
                               priority=Priority.URGENT)
        self.window.status.show_whole()

    @handles("silence")
    def silence(self) -> None:
        """Ctrl+.: stop speaking now."""
        self.speaker.silence()

    # -- the die cursor --------------------------------------------------------------------

    def _cursor_row(self) -> tuple[str, int] | None:
        """The row the cursor moves on now, and its number of dice (None: no dice to pick)."""
        c = self.controller
        if not c.human_to_play:
            return None
        if c.game.phase is Phase.CHOOSE:
            return "thrown", len(c.game.thrown)
        if c.game.phase is Phase.DISCARD:
            return "frozen", len(c.game.discard_choices)
        return None

    def follow_cursor(self) -> None:
        """After every redraw: keep the cursor on a die of the row in play, or hide it."""
        if not self.controller.human_to_play:
            self._advice_wanted = False  # the question was about a throw now gone
        table = self.window.table
        if table.cursor is None:
            return
        row = self._cursor_row()
        if row is None or row[1] == 0:
            table.show_cursor(None)
        elif row[0] != table.cursor[0] or table.cursor[1] >= row[1]:
            table.show_cursor(row[0], 0)
        else:
            table.show_cursor(*table.cursor)

    @handles("die_next")
    def die_next(self) -> None:
        """Tab: the cursor to the next die (from none: the first)."""
        self._move_cursor(+1)

    @handles("die_previous")
    def die_previous(self) -> None:
        """Shift+Tab: the cursor to the die before (from none: the last)."""
        self._move_cursor(-1)

    def _move_cursor(self, step: int) -> None:
        row = self._cursor_row()
        table = self.window.table
        if row is None or row[1] == 0:
            c = self.controller  # no dice to move through: say why
            self._answer([presenter.not_your_turn(c.game) if not c.human_to_play
                          else presenter.action_bar(c.game, c.context()).reason])
            return
        name, count = row
        if table.cursor is None or table.cursor[0] != name:
            index = 0 if step > 0 else count - 1
        else:
            index = (table.cursor[1] + step) % count
        table.show_cursor(name, index)
        self._say_die(name, index)

    def _say_die(self, row: str, index: int) -> None:
        c = self.controller
        if row == "thrown":
            self.say(die_report(index, c.game.thrown[index], index in c.selection))
        else:
            self.say(die_report(index, c.game.discard_choices[index], False))

    @handles("die_pick")
    def die_pick(self) -> None:
        """P: pick the die under the cursor or put it back (Mutant Trash: give it away)."""
        cursor = self.window.table.cursor
        if cursor is None or self._cursor_row() is None:
            self._move_cursor(+1)  # no cursor yet: P shows it first
            return
        self.controller.number_key(cursor[1] + 1)

"""The command line: options of today and the letters of 1989.

Parsing never shows a traceback: a bad flag or value exits 2 with one line from the parser.
The language is chosen first (``--language``, else Preferences, else the desktop), so
``--help`` and every message come out in it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

from . import __version__, i18n
from .cli_network import check_network, network_arguments
from .files.options import Options, SeatSpec
from .files.settings import (
    THEMES,
    GameSettings,
    SeatSetting,
    next_computer_name,
    next_guest_name,
    saved_language,
)
from .i18n import N_, _, pgettext
from .model import OPTION_NAMES, PRESETS
from .model.rules import BY_STRENGTH, COMMAND_WORDS, level_of_word, option_clash
from .model.text import is_plain

#: The 1989 program's one-letter arguments and what they mean today.
LETTERS = {"S": "--no-sound", "M": "--mono", "C": "--color", "*": "--skip-intro"}

#: argparse's own words that ``--help`` and its errors show: argparse looks them up through
#: our catalogue (``i18n._patch_argparse``), so they are marked here for it.
ARGPARSE_WORDS = (
    # Translators: argparse's words in --help and in command-line errors.  Keep the
    # trailing space of "usage: " and every %(...)s or %s field as it is.
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("unrecognized arguments: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
)


def parse_players(text: str) -> list[SeatSpec]:
    """``You,cpu:expert,Ann`` -> seats.  ``cpu`` or ``cpu:LEVEL`` is a computer seat (lettered:
    Computer A, Computer B...), ``NAME=cpu:LEVEL`` names it; ``net`` is a seat a friend fills
    over the network (``--host``: Guest A until they join); anything else is a human's name.

    Only the spelling is checked here; :func:`seat_problem` checks the seats together.
    """
    parts = [p.strip() for p in text.split(",")]
    seats: list[SeatSpec | None] = []  # None: a computer still to be named
    levels: list[str] = []
    for number, part in enumerate(parts, start=1):
        name, equals, kind = part.rpartition("=")
        if not equals:
            name, kind = "", part
        low = kind.strip().lower()
        if low == "cpu" or low.startswith("cpu:"):
            word = low[4:].strip() if low.startswith("cpu:") else "normal"
            found = level_of_word(word)
            if found is None:
                raise argparse.ArgumentTypeError(_level_problem(number, part, word))
            level = found
            if equals and not name.strip():
                raise argparse.ArgumentTypeError(
                    # Translators: {number} counts the seats of --players; {part} is its text.
                    _("seat {number} ({part}) needs a name before the '='").format(
                        number=number, part=repr(part)))
            seats.append(SeatSpec(name.strip(), True, level) if equals else None)
            levels.append(level)
        elif equals:
            raise argparse.ArgumentTypeError(
                _("seat {number} ({part}): only a computer seat takes a name and '=', as in "
                  "Max=cpu:expert").format(number=number, part=repr(part)))
        elif low == "net":  # a friend over the network (--host): named as they join
            seats.append(SeatSpec("", False, "normal", net=True))
            levels.append("normal")
        else:
            seats.append(SeatSpec(part, False, "normal"))
            levels.append("normal")
    named = [s.name for s in seats if s is not None]
    result: list[SeatSpec] = []
    for seat, level in zip(seats, levels, strict=True):
        if seat is None:
            seat = SeatSpec(next_computer_name(named), True, level)
            named.append(seat.name)
        elif seat.net:
            seat = SeatSpec(next_guest_name(named), False, level, net=True)
            named.append(seat.name)
        result.append(seat)
    return result


def _level_problem(number: int, part: str, level: str) -> str:
    """A seat of ``--players`` names a computer level that does not exist."""
    if level:
        # Translators: {levels} lists the levels as the command line writes them.
        return _("seat {number} ({part}) names the computer level {level}; the levels are "
                 "{levels}").format(number=number, part=repr(part), level=repr(level),
                                    levels=_level_words())
    return _("seat {number} ({part}) names no computer level; the levels are "
             "{levels}").format(number=number, part=repr(part), levels=_level_words())


def _against(word: str) -> str:
    """--against: a computer level by its command-line word, or ``person``."""
    if word.strip().lower() == "person":
        return "person"
    level = level_of_word(word)
    if level is None:
        # Translators: --against; {levels} lists the levels as the command line writes them.
        raise argparse.ArgumentTypeError(_("{word} is no computer level; the levels are "
                                           "{levels}, or person").format(
                                               word=repr(word), levels=_level_words()))
    return level


def _level_words() -> str:
    """The levels as the command line writes them, weakest first."""
    return ", ".join(COMMAND_WORDS[level] for level in BY_STRENGTH)


def seat_problem(players: list[SeatSpec], options: list[str], rules: str | None) -> str | None:
    """What the new-game dialog would refuse in these seats and options, as one sentence
    (the same check, :meth:`GameSettings.errors`, so the two cannot disagree)."""
    settings = GameSettings(
        preset=rules or "ten-thousand",
        seats=tuple(SeatSetting(p.name, p.computer, p.level) for p in players),
        options=tuple(options))
    errors = settings.errors()
    for key, message in errors.items():
        if key.startswith("seat") and key[4:].isdigit():
            index = int(key[4:])
            # Translators: {problem} is one of the new-game dialog's messages.
            return _("--players: seat {number} ({name}): {problem}").format(
                number=index + 1, name=repr(players[index].name), problem=message)
    if "seats" in errors:
        return _("--players: {problem}, not {count}").format(problem=errors["seats"],
                                                            count=len(players))
    if "options" in errors:
        return _("--option: {problem}, and --players gives {count}").format(
            problem=errors["options"], count=len(players))
    return None


def _delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a number of seconds").format(text=repr(text))) from None
    if not 0 <= value <= 3:
        raise argparse.ArgumentTypeError(
            _("the delay is 0 to 3 seconds, not {value}").format(value=f"{value:g}"))
    return value


#: The seeds a saved game can hold: a whole number whose size is below 2**64 (the loader
#: refuses any other, so the game could not be resumed or stored).
SEED_LIMIT = 2**64


def _seed(text: str) -> int:
    try:
        value = int(text) if len(text) <= 40 else None
    except ValueError:
        value = None
    if value is None:
        raise argparse.ArgumentTypeError(
            _("{text} is not a whole number").format(text=f"{text!r:.40}"))
    if abs(value) >= SEED_LIMIT:
        raise argparse.ArgumentTypeError(
            # Translators: {limit} is 18446744073709551615, written as is.
            _("the seed is a whole number from -{limit} to {limit}").format(
                limit=SEED_LIMIT - 1))
    return value


#: The most characters --fingerprint takes: the 64 hex digits of a whole fingerprint,
#: with room for the spaces of one copied in groups.
FINGERPRINT_CHARACTERS = 160


def _fingerprint(text: str) -> str:
    digits = [c for c in text.lower() if c in "0123456789abcdef"]
    if len(text) > FINGERPRINT_CHARACTERS or len(digits) > 64:
        raise argparse.ArgumentTypeError(
            _("a fingerprint has at most 64 hex digits; copy only the fingerprint"))
    return text


def _import_rules_file(parser: argparse.ArgumentParser, path: str) -> str:
    """Read a rule file and keep it with the saved rule sets; the settings' name for it."""
    from .files import rulefile
    from .files.settings import SAVED_PREFIX

    try:
        rule_set = rulefile.read(path)
    except rulefile.RuleFileError as e:
        parser.error(_("--rules-file: {problem}").format(problem=e))
    kept = rulefile.find_saved(rule_set.name)
    if kept is not None and kept.rules != rule_set.rules:
        # Translators: "name = ..." is the rule file's own key: keep it in English.
        parser.error(_("--rules-file: a different saved rule set is already called {name}; "
                       "give the file another name = ... or import it with File > Import "
                       "rules, which asks before replacing").format(name=repr(rule_set.name)))
    try:
        rulefile.save(rule_set)
    except OSError as e:
        parser.error(_("--rules-file: the rule set cannot be kept in the rules folder: "
                       "{problem}").format(problem=e))
    for warning in rulefile.warnings(rule_set):  # legal rules, but a game may never end
        # Translators: {warning} says what keeps a game under these rules from ending.
        print(_("tenthousand: --rules-file: beware: {warning}").format(warning=warning),
              file=sys.stderr)
    return SAVED_PREFIX + rule_set.name


def _day(text: str) -> float:
    import datetime as dt

    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a date like 2026-11-30: {text}").format(text=f"{text!r:.40}")) from None
    try:
        return dt.datetime(day.year, day.month, day.day).timestamp()
    except (ValueError, OverflowError, OSError):  # a day the clock cannot count to
        raise argparse.ArgumentTypeError(
            _("{text} is too long ago or too far ahead; give a day like 2026-11-30").format(
                text=repr(text))) from None


def language_choices() -> tuple[str, ...]:
    """The codes ``--language`` takes: the languages with a catalogue, and ``pseudo``."""
    return (*i18n.available(), i18n.PSEUDO)


def _language(text: str) -> str:
    code = text.strip()
    if code not in language_choices():
        raise argparse.ArgumentTypeError(
            # Translators: {choices} lists the language codes: en, de, fr, pseudo.
            _("there is no language {code}; choose one of {choices}").format(
                code=repr(text), choices=", ".join(language_choices())))
    return code


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose errors are one line (what is wrong), not the whole usage:
    ``--help`` shows the usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, _("%(prog)s: error: %(message)s\n") % {"prog": self.prog,
                                                             "message": message})


def build_parser() -> argparse.ArgumentParser:
    """The parser, its texts in the language in use (set it first: :func:`choose_language`)."""
    parser = _Parser(
        prog="tenthousand",
        description=_("Ten-Thousand: the classic six-dice game against strong computer "
                      "players."),
        epilog=_("The 1989 letters work too: S (no sound), M (mono), C (colour), * (skip the "
                 "startup show), alone or together (tenthousand MS)."),
    )
    parser.add_argument("--version", action="version", version=f"tenthousand {__version__}",
                        help=_("show the program's version and exit"))
    _game_arguments(parser)
    network_arguments(parser)
    _tool_arguments(parser)
    _window_arguments(parser)
    return parser


def _game_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the game to play."""
    # Translators: the placeholders of --help (PRESET, FILE, SPEC...) are in capitals.
    parser.add_argument("--rules", choices=sorted(PRESETS), metavar=_("PRESET"),
                        help=_("the rule set: {presets}").format(presets=", ".join(PRESETS)))
    parser.add_argument("--rules-file", metavar=_("FILE"),
                        help=_("play the rule set in this rule file (it joins your saved rule "
                               "sets, so the new-game dialog offers it too)"))
    parser.add_argument("--players", type=parse_players, metavar=_("SPEC"),
                        help=_("the seats in order, e.g. 'You,cpu:expert' or "
                               "'Ann,Bob=cpu:normal' (levels: {levels}); with --host, net "
                               "is a friend's seat: 'Ann,net,cpu:expert'").format(
                            levels=_level_words()))
    parser.add_argument("--option", action="append", default=[], choices=OPTION_NAMES,
                        metavar=_("NAME"), help=_("switch an option on (repeatable): "
                                                  "{options}").format(
                            options=", ".join(OPTION_NAMES)))
    parser.add_argument("--seed", type=_seed, metavar=_("SEED"),
                        help=_("seed the dice, for a game you can replay (a whole number "
                               "below 2**64)"))
    parser.add_argument("--demo", action="store_true",
                        help=_("demo mode: the computer plays every seat"))
    parser.add_argument("--real-dice", action="store_true",
                        help=_("play with real dice: you throw them and enter each throw"))
    parser.add_argument("--delay", type=_delay, metavar=_("SECONDS"),
                        help=_("pause between the computer's moves, 0 to 3 seconds"))
    parser.add_argument("--resume", action="store_true",
                        help=_("resume the unfinished game without asking"))
    parser.add_argument("--reset-preferences", action="store_true",
                        help=_("forget the saved preferences and start with the defaults"))
    parser.add_argument("--language", type=_language,
                        metavar=pgettext("command line: a language code", "CODE"),
                        help=_("the language of the game for this start: {codes} (default: "
                               "the one chosen in Preferences, else the desktop's)").format(
                            codes=", ".join(language_choices())))


def _tool_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that print or write something and exit."""
    parser.add_argument("--print-paths", action="store_true",
                        help=_("print where preferences, the saved game, the history, the log "
                               "and the cache live"))
    parser.add_argument("--stats", action="store_true",
                        help=_("print a player's statistics from the game history and exit"))
    parser.add_argument("--json", action="store_true",
                        help=_("with --stats: as one JSON object"))
    parser.add_argument("--player", metavar=_("NAME"),
                        help=_("with --stats: whose (default: the person with the most games)"))
    parser.add_argument("--against", metavar=_("LEVEL"), type=_against,
                        help=_("with --stats: only games against this computer level (or a "
                               "person)"))
    parser.add_argument("--since", type=_day, metavar=_("YYYY-MM-DD"),
                        help=_("with --stats: only games from this day on"))
    parser.add_argument("--until", type=_day, metavar=_("YYYY-MM-DD"),
                        help=_("with --stats: only games before this day"))
    parser.add_argument("--dice", choices=("program", "real"),
                        help=_("with --stats: only games with the program's dice (program) or "
                               "with real dice (real)"))
    parser.add_argument("--dice-set", metavar=_("NAME"),
                        help=_("with --stats: only games with this set of real dice"))
    parser.add_argument("--opponent", metavar=_("NAME"),
                        help=_("with --stats: only games with a person of this name in "
                               "another seat"))
    parser.add_argument("--network", choices=("yes", "no"),
                        help=_("with --stats: only network games (yes) or only games on one "
                               "screen (no)"))
    parser.add_argument("--checked-dice", action="store_true",
                        help=_("with --stats: leave out the network games played at a "
                               "friend's table whose dice could not be checked (or were not "
                               "fair)"))
    folder = _("FOLDER")
    parser.add_argument("--export-csv", type=str, metavar=folder,
                        help=_("write every stored game and decision as CSV into {folder}, "
                               "a folder that exists (its tenthousand-games.csv and "
                               "tenthousand-decisions.csv are replaced)").format(folder=folder))
    parser.add_argument("--verify", metavar=_("RECORD"),
                        help=_("check that a game record's dice follow from its seed"))
    parser.add_argument("--fingerprint", metavar=_("HEX"), type=_fingerprint,
                        help=_("with --verify: the fingerprint shown before the game"))
    parser.add_argument("--install-desktop", action="store_true",
                        help=_("add Ten-Thousand to the desktop's application menu"))
    parser.add_argument("--uninstall-desktop", action="store_true",
                        help=_("remove what --install-desktop added"))


def _window_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the window: sound, colours, the title show, speech, a replay."""
    parser.add_argument("--no-sound", action="store_true",
                        help=_("start with the sound off (S)"))
    parser.add_argument("--mono", action="store_true", help=_("monochrome colours (M)"))
    parser.add_argument("--color", action="store_true", help=_("full colours (C)"))
    parser.add_argument("--theme", choices=THEMES, metavar=_("THEME"),
                        help=_("the screen's colours: color, mono, contrast (high contrast: "
                               "white and yellow on black) or colorblind (safe for red-green "
                               "colour blindness)"))
    parser.add_argument("--skip-intro", action="store_true",
                        help=_("skip the startup show (*)"))
    parser.add_argument("--speech", action="store_true",
                        help=_("speak what happens (needs speech-dispatcher or espeak-ng on "
                               "Linux; the system voice on macOS and Windows)"))
    parser.add_argument("--replay", type=Path, metavar=_("FILE"),
                        help=_("open the window on the replay of a saved game record (Game > "
                               "Save record as..., or the simulator's --records)"))


def expand_letters(argv: list[str]) -> list[str]:
    """Turn the 1989 letters (``S``, ``M``, ``C``, ``*``, or several together) into flags."""
    out: list[str] = []
    for arg in argv:
        if arg and not arg.startswith("-") and all(ch.upper() in LETTERS for ch in arg):
            out.extend(LETTERS[ch.upper()] for ch in arg)
        else:
            out.append(arg)
    return out


def parse(argv: list[str]) -> tuple[argparse.Namespace, Options]:
    parser = build_parser()
    ns = parser.parse_args(expand_letters(argv))
    if ns.mono and ns.color:
        parser.error(_("--mono (M) and --color (C) cannot both be given"))
    if ns.theme is not None and (ns.mono or ns.color):
        parser.error(_("--theme cannot be given with --mono (M) or --color (C)"))
    _check_tools(parser, ns)
    if ns.rules_file is not None:
        if ns.rules:
            parser.error(_("--rules and --rules-file cannot both be given"))
        ns.rules = _import_rules_file(parser, ns.rules_file)
    clash = option_clash(ns.option)
    if clash is not None:
        # Translators: {problem} says which two options do not go together and why.
        parser.error(_("--option: {problem}").format(problem=clash))
    if ns.players:
        problem = seat_problem(ns.players, ns.option, ns.rules)
        if problem:
            parser.error(problem)
    check_network(parser, ns)
    record = _read_replay(parser, ns.replay) if ns.replay is not None else None
    opts = Options(
        rules=ns.rules,
        players=ns.players,
        options=list(dict.fromkeys(ns.option)),
        seed=ns.seed,
        demo=ns.demo,
        real_dice=ns.real_dice,
        delay=ns.delay,
        resume=ns.resume,
        reset_preferences=ns.reset_preferences,
        sound=False if ns.no_sound else None,
        theme="mono" if ns.mono else ("color" if ns.color else ns.theme),
        skip_intro=ns.skip_intro or record is not None,
        speech=True if ns.speech else None,
        language=ns.language,
        replay=record,
        host=ns.host, port=ns.port, code=ns.code, join=ns.join, name=ns.name, watch=ns.watch,
        internet=ns.internet, join_code=ns.join_code, mailbox=ns.mailbox,
        transit_relay=ns.transit_relay,
    )
    return ns, opts


def _check_tools(parser: argparse.ArgumentParser, ns: argparse.Namespace) -> None:
    """The flags that go together (or not), and the files and folders they name: each
    mistake exits 2 with one sentence before anything is read or written."""
    if ns.install_desktop and ns.uninstall_desktop:
        parser.error(_("--install-desktop and --uninstall-desktop cannot both be given"))
    if ns.fingerprint is not None and ns.verify is None:
        parser.error(_("--fingerprint goes with --verify RECORD: give the record to check"))
    if ns.player is not None and not (ns.player.strip() and is_plain(ns.player)):
        parser.error(_("--player: give the name as the statistics show it, in plain text"))
    if ns.opponent is not None and not (ns.opponent.strip() and is_plain(ns.opponent)):
        parser.error(_("--opponent: give the name as the statistics show it, in plain text"))
    if ns.dice_set is not None and not is_plain(ns.dice_set):
        parser.error(_("--dice-set: give the set's name as the statistics show it, in plain "
                       "text"))
    if ns.dice_set is not None and ns.dice == "program":
        parser.error(_("--dice-set names a set of real dice: leave out --dice program"))
    for flag, value in (("--rules-file", ns.rules_file), ("--verify", ns.verify),
                        ("--replay", ns.replay)):
        if value is not None:
            _check_file(parser, flag, str(value))
    if ns.export_csv is not None:
        _check_folder(parser, ns.export_csv)


def _check_file(parser: argparse.ArgumentParser, flag: str, text: str) -> None:
    """A file the player named must be there and be a file (exit 2 with a sentence)."""
    import stat

    if not text.strip():
        # Translators: {flag} is the option, as --verify.
        parser.error(_("{flag}: give the name of a file").format(flag=flag))
    try:
        mode = os.stat(text).st_mode
    except FileNotFoundError:
        parser.error(_("{flag}: there is no file {path}").format(flag=flag, path=text))
    except OSError:
        parser.error(_("{flag}: {path} cannot be read; check its name and its permissions"
                       ).format(flag=flag, path=text))
    if stat.S_ISDIR(mode):
        parser.error(_("{flag}: {path} is a folder; give the name of a file in it").format(
            flag=flag, path=text))
    if not stat.S_ISREG(mode):
        parser.error(_("{flag}: {path} is not an ordinary file (it is a device or a pipe)"
                       ).format(flag=flag, path=text))


def _check_folder(parser: argparse.ArgumentParser, text: str) -> None:
    """--export-csv names a folder that exists and can be written to."""
    if not text.strip():
        parser.error(_("--export-csv: give the folder to write the CSV files into"))
    if not os.path.isdir(text):
        if os.path.exists(text):
            parser.error(_("--export-csv: {path} is not a folder; give the folder to write "
                           "the CSV files into").format(path=text))
        parser.error(_("--export-csv: there is no folder {path}; create it first").format(
            path=text))
    if not os.access(text, os.W_OK | os.X_OK):
        parser.error(_("--export-csv: the folder {path} cannot be written to; give another"
                       ).format(path=text))


def _read_replay(parser: argparse.ArgumentParser, path: Path) -> Any:
    """The record to replay; a file that is not one exits 2 with one sentence."""
    from .files.records import read_record
    from .model import BadSave

    try:
        return read_record(path)
    except BadSave as e:
        parser.error(_("--replay: {problem}").format(problem=e))


def asked_language(argv: list[str]) -> str | None:
    """The code ``--language`` gives in ``argv`` (``--language de``, ``--language=de`` or an
    abbreviation argparse would take, ``--lang de``), read before the parser is built."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        name, equals, value = arg.partition("=")
        if len(name) >= 3 and "--language".startswith(name):
            if equals:
                found = value
            elif i + 1 < len(argv):
                found = argv[i + 1]
    return found


def choose_language(argv: list[str]) -> str:
    """Set the language before any text is built: ``--language``, else the one kept in
    Preferences, else the desktop's (a wrong ``--language`` is left to the parser)."""
    asked = asked_language(argv)
    if asked is not None and asked.strip() in language_choices():
        return i18n.set_language(asked.strip())
    return i18n.set_language(saved_language() or None)


def run(argv: list[str]) -> int:
    choose_language(argv)
    ns, opts = parse(argv)
    if ns.print_paths:
        from .files.paths import paths

        print(json.dumps(paths().as_dict(), indent=2))
        return 0
    if ns.stats or ns.export_csv is not None:
        from .history.report import stats_main

        return stats_main(ns.player, rules=ns.rules, level=ns.against, since=ns.since,
                          until=ns.until, as_json=ns.json, export=ns.export_csv,
                          dice=ns.dice, dice_set=ns.dice_set, opponent=ns.opponent,
                          network=None if ns.network is None else ns.network == "yes",
                          checked_only=ns.checked_dice)
    if ns.verify is not None:
        from .history.report import verify_main

        return verify_main(ns.verify, ns.fingerprint)
    if ns.install_desktop or ns.uninstall_desktop:
        from .services import desktop

        return desktop.main(install=ns.install_desktop)
    if sys.platform.startswith("linux") and not os.environ.get("DISPLAY") \
            and not os.environ.get("WAYLAND_DISPLAY"):
        print(_("tenthousand: no display found (DISPLAY is not set); start it from a desktop "
                "session, or set DISPLAY to a running X server"), file=sys.stderr)
        return 1
    if opts.speech:
        from .services.speech import NO_SPEECH, find_backend

        if find_backend() is None:
            print(f"tenthousand: {_(NO_SPEECH)}", file=sys.stderr)  # the game starts without it
            opts.speech = None
    from .launch import launch

    return launch(opts)

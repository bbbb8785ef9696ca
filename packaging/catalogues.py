"""Keep the game's message catalogues (Babel is needed here, never at run time).

    python packaging/catalogues.py extract   # the source's messages -> tenthousand/locale/tenthousand.pot
    python packaging/catalogues.py update    # merge the template into every language's .po
    python packaging/catalogues.py compile   # every .po -> its .mo (these ship in the wheel)
    python packaging/catalogues.py check     # CI: template, catalogues and .mo files up to date,
                                             # every message translated, fields kept
    python packaging/catalogues.py stats     # how much of each language is done
    python packaging/catalogues.py fragment OUT.pot FILE...   # the messages of some files only
    python packaging/catalogues.py absorb DIR  # take translations from DIR/*.<lang>.po files

See docs/translating.md.
"""

from __future__ import annotations

import datetime
import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tenthousand"
LOCALE = PACKAGE / "locale"
DOMAIN = "tenthousand"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3)}
FIELD = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[-#0 +]?\d*(?:\.\d+)?[sdifr]")


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir())


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract(files: list[str] | None = None) -> Catalog:
    """Every marked message of the package (or of ``files``), with the translators'
    comments."""
    catalog = Catalog(project="Ten-Thousand", domain=DOMAIN, charset="utf-8",
                      msgid_bugs_address="", copyright_holder="The Ten-Thousand team")
    wanted = {str(Path(f).resolve().relative_to(ROOT)) for f in files or ()}
    method_map = [(f, "python") for f in sorted(wanted)] or [("tenthousand/**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, keywords=KEYWORDS, comment_tags=("Translators:",),
            strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments,
                    context=context)
    return catalog


def _write_po(path: Path, catalog: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, omit_header=False, sort_output=False,
             include_lineno=False, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = _stable(buffer.getvalue().decode("utf-8"))
    if not path.exists() or path.read_text("utf-8") != text:
        path.write_text(text, "utf-8")


def _stable(text: str) -> str:
    """Without the dates that change at every run, so the files change only with content."""
    return re.sub(r'^"(POT-Creation-Date|PO-Revision-Date): .*\\n"\n', "", text, flags=re.M)


_FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def _mo_bytes(catalog: Catalog) -> bytes:
    # The .mo's header would carry today's date otherwise: the same .po, the same bytes.
    catalog.creation_date = catalog.revision_date = _FIXED_DATE
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def update() -> None:
    template = read(TEMPLATE)
    for lang in languages():
        path = po_path(lang)
        catalog = read(path, lang) if path.exists() else Catalog(locale=lang, domain=DOMAIN)
        catalog.update(template, no_fuzzy_matching=True)
        _write_po(path, catalog)


def compile_all() -> None:
    for lang in languages():
        catalog = read(po_path(lang), lang)
        po_path(lang).with_suffix(".mo").write_bytes(_mo_bytes(catalog))


def _ids(catalog: Catalog) -> set[tuple[object, str | None]]:
    return {(m.id, m.context) for m in catalog if m.id}


def _fields(text: str) -> list[str]:
    return sorted(FIELD.findall(text))


def problems() -> Iterator[str]:
    """Everything that is out of date or missing, one sentence each."""
    fresh = extract()
    if not TEMPLATE.exists() or _ids(read(TEMPLATE)) != _ids(fresh):
        yield f"{TEMPLATE.relative_to(ROOT)} is out of date: run `python packaging/catalogues.py extract update`"
    wanted = _ids(fresh)
    for lang in languages():
        path = po_path(lang)
        catalog = read(path, lang)
        have = _ids(catalog)
        for msgid, context in sorted(wanted - have, key=str):
            yield f"{lang}: missing {msgid!r}" + (f" (context {context})" if context else "")
        for message in catalog:
            if not message.id or (message.id, message.context) not in wanted:
                continue
            yield from _message_problems(lang, message)
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != _mo_bytes(catalog):
            yield f"{mo.relative_to(ROOT)} is out of date: run `python packaging/catalogues.py compile`"


def _message_problems(lang: str, message: Message) -> Iterator[str]:
    ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
    strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    if message.fuzzy:
        yield f"{lang}: fuzzy {ids[0]!r}"
    if not all(strings):
        yield f"{lang}: untranslated {ids[0]!r}"
        return
    for text in strings:
        if _fields(text) != _fields(ids[-1]) and _fields(text) != _fields(ids[0]):
            yield f"{lang}: {ids[0]!r} has the fields {_fields(ids[0])}, the translation {_fields(text)}"
    if "&" in ids[0].replace("&&", "") and all("&" not in s.replace("&&", "") for s in strings):
        yield f"{lang}: {ids[0]!r} has an access key (&), the translation none"


def stats() -> None:
    wanted = _ids(extract())
    for lang in languages():
        catalog = read(po_path(lang), lang)
        done = sum(1 for m in catalog if m.id and (m.id, m.context) in wanted and not m.fuzzy
                   and all(m.string if isinstance(m.string, (list, tuple)) else [m.string]))
        print(f"{lang}: {done} of {len(wanted)} messages translated")


def absorb(folder: Path) -> None:
    """Fill each language's untranslated messages from ``folder/*.<lang>.po``."""
    for lang in languages():
        found: dict[tuple[object, str | None], object] = {}
        for fragment in sorted(folder.glob(f"*.{lang}.po")):
            for message in read(fragment, lang):
                if message.id and message.string and not message.fuzzy:
                    found.setdefault((message.id, message.context), message.string)
        path = po_path(lang)
        catalog = read(path, lang)
        for message in catalog:
            key = (message.id, message.context)
            strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
            if message.id and key in found and not all(strings):
                message.string = found[key]
                message.flags.discard("fuzzy")
        _write_po(path, catalog)


def main(argv: list[str]) -> int:
    if argv[:1] == ["fragment"]:
        _write_po(Path(argv[1]), extract(argv[2:]))
        return 0
    commands = list(argv or ["check"])
    while commands:
        command = commands.pop(0)
        if command == "absorb" and commands:
            absorb(Path(commands.pop(0)))
        elif command == "extract":
            _write_po(TEMPLATE, extract())
        elif command == "update":
            update()
        elif command == "compile":
            compile_all()
        elif command == "stats":
            stats()
        elif command == "check":
            found = list(problems())
            for line in found[:200]:
                print(line, file=sys.stderr)
            if found:
                print(f"catalogues: {len(found)} problems", file=sys.stderr)
                return 1
            print("catalogues: up to date, every message translated")
        else:
            print(f"unknown command {command!r}: extract, update, compile, check or stats",
                  file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The gettext catalogues (``partyapp/translations/{en,ru}/LC_MESSAGES/messages.po``,
package data): extract every message id, bring the ``.po`` files up to date
and check them (``make i18n`` runs ``python -m partyapp.i18n.catalogue update
check``), and compile a catalogue in memory for the app (``compiled``).

Where the message ids come from (Babel's extractors, ``babel.cfg``):
- ``partyapp/templates/`` (Jinja: ``_()``),
- ``partyapp/static/js/`` (JavaScript: ``t()`` and the marker ``N_()``, the
  expressions inside html`` templates too; read with Babel's JavaScript
  tokens by ``extract_js``),
- ``partyapp/`` (Python: ``_``/``N_``/``Term``, the refusals
  ``IllegalAction(...)`` and its kind, ``ProtocolError(code, ...)``,
  ``bad(...)``, ``say(...)``, ``TextRefused(...)``, ``OptionError(...)``, the rooms'
  refusals (``NameTaken(...)`` and the other kinds of ``rooms/errors.py``), and the options' help
  ``flag``/``number``/``choice``),
- and, because the screens show them through ``t()`` built from data, the
  names and choices of every game option as the option form words them.

A message id written ``"one form|other forms"`` (the pages' and the
server's way of writing a plural) becomes a gettext plural entry (msgid and
msgid_plural), so a catalogue gives it as many forms as its language has
(Russian three).

``prune`` (not part of ``make i18n``) drops the obsolete entries (``#~``)
that ``update`` keeps for words dropped and restored across a merge.

``check`` fails on a Russian message left empty, a plural short of a form,
a fuzzy entry, a message id the code uses that the catalogue lacks, or a
translation whose ``{placeholders}`` differ from its message id's.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

PACKAGE = Path(__file__).resolve().parent.parent  # partyapp/: templates, static, translations and the code
ROOT = PACKAGE.parent  # what extraction walks (message locations read partyapp/...)
TRANSLATIONS = PACKAGE / "translations"
LOCALES = ("en", "ru")
CHECKED = ("ru",)  # English message ids are English text: an empty msgstr falls back to them
PLACEHOLDER = re.compile(r"\{(\w+)\}")

KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "t": None, "N_": None, "Term": None, "answer_text": None, "Wording": None,
    "IllegalAction": None, "NotYourTurn": None, "GameIsOver": None, "TooLate": None, "TextRefused": None,
    "DeckError": None, "OptionError": None, "ProtocolError": (2,), "bad": None,
    "say_in": (2,), "words_for": (2,),  # the dispatcher's answers, in the connection's language
    # the rooms' refusals (partyapp/rooms/errors.py)
    "RoomError": None, "BadRequest": None, "NoSuchRoom": None, "Forbidden": None, "RoomFull": None,
    "NameTaken": None, "Busy": None, "Unavailable": None, "Unreadable": None, "TooManyRooms": None,
    "Paused": None,  # the host's pause (partyapp/rooms/pause.py)
    "WordsRefused": None,  # the word filter's (partyapp/rooms/clean_words.py)
}
# The games' option helpers (their help texts), read in the engines only: a
# function of the same name elsewhere (the protocol's ``flag(value, field)``)
# carries no message.
OPTION_KEYWORDS = {"flag": (2,), "number": (4,), "choice": (3,)}
OPTION_METHODS = [("partyapp/games/**.py", "python")]
METHODS = [
    ("partyapp/templates/**.html", "jinja2"),
    ("partyapp/static/vendor/**", "ignore"),
    ("partyapp/static/js/**.js", "partyapp.i18n.catalogue:extract_js"),
    ("partyapp/**.py", "python"),
]
OPTIONS: dict = {}


JS_CALL = re.compile(r'(?<![\w$.])(t|N_)\(\s*("(?:[^"\\\n]|\\.)*")')


def extract_js(fileobj, keywords, comment_tags, options):
    """The pages' message ids: the first argument of each ``t(...)`` and
    ``N_(...)`` call that is a string literal, wherever it stands (inside
    html`` templates too); comment lines are skipped. Babel's own JavaScript
    extractor, given a call whose later argument is a template literal
    (``t("{name} to draw", {name: html`<b>${name}</b>`})``), takes the
    template for the message and misses the calls nested in templates, so
    the pages' calls are found by their shape instead (the literals are
    double-quoted, with JSON's escapes)."""
    wanted = {"t", "N_"} & set(keywords)
    for lineno, line in enumerate(fileobj.read().decode(options.get("encoding", "utf-8")).splitlines(), 1):
        if line.lstrip().startswith(("//", "*", "/*")):
            continue
        for m in JS_CALL.finditer(line):
            if m.group(1) in wanted:
                yield lineno, m.group(1), json.loads(m.group(2)), []


def po_path(lang: str) -> Path:
    return TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"


def humanize(name: str) -> str:
    """The option form's label of a name (static/js/common.js ``humanize``)."""
    text = str(name).replace("_", " ")
    return text[:1].upper() + text[1:]


def _add(cat: Catalog, msgid: str, where: str, line: int = 0) -> None:
    if not msgid or "${" in msgid:  # an html`` template given as a value, not a message
        return
    parts = msgid.split("|")
    key: str | tuple = (parts[0], parts[1]) if len(parts) == 2 else msgid
    found = cat.get(key)
    if found is not None:
        if found.id != key:
            raise ValueError(f"{where}:{line}: {msgid!r} and {found.id!r} share a message id; "
                             "write the singular as its plural form too (\"one|many\")")
        found.locations.append((where, line))
    else:
        cat.add(key, locations=[(where, line)])


def _data_ids() -> list[tuple[str, str]]:
    """Message ids the screens build from the engines' data: the option
    names and choices the option form shows (``t(humanize(...))``)."""
    sys.path.insert(0, str(ROOT))
    from partyapp.games import MODES

    out = []
    for cls in MODES.values():
        for option in cls.option_list() if hasattr(cls, "option_list") else []:
            out.append((humanize(option["name"]), "option"))
            for c in option.get("choices", ()):
                out.append((humanize(c), "option choice"))
    return out


def extract() -> Catalog:
    """Every message id of the code, as a template catalogue."""
    cat = Catalog(project="partyapp", fuzzy=False)
    for methods, keywords in ((METHODS, KEYWORDS), (OPTION_METHODS, OPTION_KEYWORDS)):
        for filename, lineno, message, _comments, _context in extract_from_dir(
                str(ROOT), methods, OPTIONS, keywords, comment_tags=(), strip_comment_tags=True):
            for msgid in (message if isinstance(message, tuple) else (message,)):
                if isinstance(msgid, str):
                    _add(cat, msgid, filename, lineno)
    for msgid, where in _data_ids():
        _add(cat, msgid, f"partyapp/games ({where})")
    return cat


def load(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, project="partyapp", fuzzy=False)
    with open(path, "rb") as f:
        return read_po(f, locale=lang)


def save(cat: Catalog, lang: str) -> None:
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, cat, width=100, sort_output=True, ignore_obsolete=False, include_previous=False,
             include_lineno=False)  # file names only: an edit elsewhere in a file leaves the catalogue as it is
    new = buf.getvalue()
    if path.exists() and _dateless(path.read_bytes()) == _dateless(new):
        return  # only the extraction date would change: the file is left as it is
    path.write_bytes(new)


def _dateless(po: bytes) -> bytes:
    return re.sub(rb'"POT-Creation-Date: [^"]*"', b"", po)


def update(template: Catalog | None = None) -> None:
    """Bring every ``.po`` up to date with the code's message ids: new ones
    are added empty, no fuzzy guesses. A message id the code no longer uses
    keeps its translation at the end of the file as an obsolete entry
    (``#~``), gettext's way, and a message id that appears in the code again
    gets that translation back (e.g. words dropped and restored while two
    branches are merged)."""
    template = template or extract()
    for lang in LOCALES:
        cat = load(lang)
        revive(cat, template)
        cat.update(template, no_fuzzy_matching=True)
        save(cat, lang)


def revive(cat: Catalog, template: Catalog) -> None:
    """Obsolete entries of ``cat`` whose message id the template uses again
    become entries again, with their translation."""
    for m in template:
        if not m.id or cat.get(m.id) is not None:
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        old = cat.obsolete.get(key)
        if old is not None and old.id == m.id and old.string:
            del cat.obsolete[key]
            cat[old.id] = old


def prune() -> int:
    """Drop every obsolete entry (``#~``) of the catalogues: run once the
    branches that dropped or restored words are merged, when no translation
    kept for a revival is needed any more. Returns how many were dropped."""
    dropped = 0
    for lang in LOCALES:
        cat = load(lang)
        dropped += len(cat.obsolete)
        cat.obsolete.clear()
        save(cat, lang)
    return dropped


def _holes(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def problems(template: Catalog | None = None, catalogues: dict[str, Catalog] | None = None) -> list[str]:
    """What is wrong with the catalogues (the files, or ``catalogues`` by
    language), in words; empty when all is well."""
    template = template or extract()
    out = []
    for lang in LOCALES:
        cat = catalogues[lang] if catalogues is not None else load(lang)
        for m in template:
            if m.id and cat.get(m.id) is None:
                out.append(f"{lang}: missing from the catalogue (run make i18n): {m.id!r}")
        for m in cat:
            if not m.id:
                continue
            if m.fuzzy:
                out.append(f"{lang}: fuzzy, check it and remove the flag: {m.id!r}")
            ids = list(m.id) if isinstance(m.id, (tuple, list)) else [m.id]
            forms = list(m.string) if isinstance(m.string, (tuple, list)) else [m.string]
            if lang in CHECKED:
                if isinstance(m.id, (tuple, list)) and len(forms) != cat.num_plurals:
                    out.append(f"{lang}: {len(forms)} plural forms instead of {cat.num_plurals}: {m.id!r}")
                if not all(forms):
                    out.append(f"{lang}: not translated: {m.id!r}")
                    continue
            want = set().union(*(_holes(i) for i in ids))
            for form in forms:
                if form and _holes(form) - want:
                    out.append(f"{lang}: placeholder {sorted(_holes(form) - want)} not in the message id: {m.id!r}")
                if form and not isinstance(m.id, (tuple, list)) and _holes(form) != _holes(m.id):
                    missing = sorted(_holes(m.id) - _holes(form))
                    if missing:
                        out.append(f"{lang}: placeholder {missing} dropped: {m.id!r}")
    return out


def compiled(lang: str) -> bytes:
    """The catalogue of ``lang`` compiled as gettext's binary ``.mo``, in
    memory: the app loads its words from it (``languages.py``), so no
    ``.mo`` file is ever built, committed or written into the package."""
    buf = io.BytesIO()
    write_mo(buf, load(lang), use_fuzzy=False)
    return buf.getvalue()


def main(argv: list[str]) -> int:
    steps = argv or ["update", "check"]
    template = extract() if {"update", "check"} & set(steps) else None
    status = 0
    for step in steps:
        if step == "update":
            update(template)
        elif step == "check":
            found = problems(template)
            for line in found:
                print(line)
            if found:
                print(f"{len(found)} problem(s) in the catalogues")
                status = 1
        elif step == "compile":  # what the app does at start: every catalogue compiles
            for lang in LOCALES:
                compiled(lang)
        elif step == "prune":
            print(f"obsolete entries dropped: {prune()}")
        else:
            print(f"unknown step {step!r} (update, check, compile, prune)")
            return 2
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

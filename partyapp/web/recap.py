"""The end-of-night recap as a picture: an SVG drawn here from the room's
recap (``night.Night.recap``), for the table to offer as a download. Plain
SVG text, no image library: every name and rule people typed is escaped as
XML text, and the file holds no script or link.

Its words are whole sentences and labels with placeholders, the catalogues'
message ids: ``draw`` takes the function that words them in the language of
the request (``say(msgid, **values)``; English without one), so the picture
speaks the language of the screen that saved it."""

from __future__ import annotations

import time
import unicodedata
from typing import Any, Callable
from xml.sax.saxutils import escape

import regex

from partyapp.games.kit.wording import N_, Wording

Say = Callable[..., str]

WIDTH = 1200
MARGIN = 60
LINE = 40
TEXT_SIZE = 26

# What each form of forfeit is called in the picture's table, in order.
COLUMNS = (
    ("drinks", N_("Drinks")),
    ("soft", N_("Soft drinks")),
    ("water", N_("Water")),
    ("points", N_("Points")),
    ("dare", N_("Dares")),
    ("big", N_("Big forfeits")),  # a neck of whoever is not drinking (the night's big_forfeit)
)
PROFILE_WORDS = {"drinks": N_("drinking"), "soft": N_("soft drinks"), "none": N_("not drinking")}
BOT_WORD = N_("bot")


def english(msgid: str, **values: Any) -> str:
    """A message id worded in English (the picture without a catalogue)."""
    return Wording(msgid, **values).render()


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is at font size ``size`` in the picture's font
    (DejaVu Sans, whose letters are wide): each grapheme by its kind, a
    little generously so that nothing measured to fit runs over."""
    width = 0.0
    for cluster in regex.findall(r"\X", text):
        ch = cluster[0]
        if unicodedata.east_asian_width(ch) in ("W", "F") or ord(ch) >= 0x1F000:
            width += 1.05
        elif ch in " .,:;'!|il()[]ftjrI":
            width += 0.36
        elif ch in "mwMW—@%":
            width += 0.92
        elif ch.isupper() or ch.isdigit():
            width += 0.72
        else:
            width += 0.63
    return width * size


def wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` in lines no wider than ``width`` at ``size``, broken between
    words (a word too long for a line alone is broken between graphemes)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if text_width(candidate, size) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for cluster in regex.findall(r"\X", word):
            if line and text_width(line + cluster, size) > width:
                lines.append(line)
                line = ""
            line += cluster
    if line or not lines:
        lines.append(line)
    return lines


def fit(text: str, width: float, size: int, smallest: int = 18) -> tuple[int, list[str]]:
    """The largest font size from ``size`` down to ``smallest`` at which
    ``text`` fits ``width`` on one line, else the lines it takes at
    ``smallest`` (nothing is cut)."""
    for s in range(size, smallest - 1, -1):
        if text_width(text, s) <= width:
            return s, [text]
    return smallest, wrap(text, width, smallest)


def _names(pids: list, names: dict, _: Say = english) -> str:
    words = [names.get(p) or _("a player who left") for p in pids]
    if len(words) <= 1:
        return "".join(words)
    return _("{list} and {last}", list=", ".join(words[:-1]), last=words[-1])


STANDING_WORDS = {
    "points": N_("{name}: {count} point|{name}: {count} points"),
    "books": N_("{name}: {count} book|{name}: {count} books"),
    "cards": N_("{name}: {count} card|{name}: {count} cards"),
}
STANDINGS_SHOWN = 4


def standing_words(standings: dict | None, names: dict, _: Say = english) -> str:
    """The standings of a stopped game, best first: "Ana +30, Bo 0, Cy −10"
    (chips won), "Ana: 2 cards, Bo: 5 cards"."""
    if not standings or not standings.get("order"):
        return ""
    kind = standings.get("kind")
    words = []
    for entry in standings["order"][:STANDINGS_SHOWN]:
        name = names.get(entry["player"]) or _("a player who left")
        n = entry["value"]
        if kind == "chips":
            words.append(f"{name} {'+' if n > 0 else '−' if n < 0 else '±'}{abs(n)}")
        else:
            words.append(_(STANDING_WORDS.get(kind, "{name}: {count}"), name=name, count=n))
    if len(standings["order"]) > STANDINGS_SHOWN:
        words.append("…")
    return ", ".join(words)


def game_line(game: dict, names: dict, _: Say = english) -> str:
    """One game in a line: its title and who won (or how it ended). A game
    the host stopped is "stopped", with the standings as they stood."""
    result = game.get("result") or {}
    title = _(game["title"])
    if result.get("stopped"):
        standings = standing_words(result.get("standings"), names, _)
        if standings:
            return _("{title}: stopped by the host. As it stood: {standings}.", title=title, standings=standings)
        return _("{title}: stopped by the host.", title=title)
    losers = result.get("losers") or []
    if losers and len(result.get("winners") or []) > len(losers):  # one left holding the queen, not seven winners
        if game.get("mode") == "old_maid":
            return _("{title}: {name} was left holding the Old Maid.", title=title, name=_names(losers, names, _))
        return _("{title}: {names} lost.", title=title, names=_names(losers, names, _))
    if result.get("winners"):
        return _("{title}: won by {names}.", title=title, names=_names(result["winners"], names, _))
    if result.get("reason") == "last_king" and result.get("by"):
        return _("{title}: {name} drew the last king.", title=title, name=_names([result["by"]], names, _))
    if game.get("over"):
        return _("{title}: played to the end.", title=title)
    return _("{title}: stopped before the end.", title=title)


def night_length(seconds: float, _: Say = english) -> str:
    """How long the night lasted, in words: "under a minute", "12 minutes",
    "1 hour", "2 hours and 5 minutes" (to the nearest minute)."""
    if seconds < 60:
        return _("under a minute")
    hours, minutes = divmod(round(seconds / 60), 60)
    if not hours:
        return _("{count} minute|{count} minutes", count=minutes)
    whole = _("{count} hour|{count} hours", count=hours)
    if not minutes:
        return whole
    return _("{hours} and {minutes}", hours=whole, minutes=_("{count} minute|{count} minutes", count=minutes))


def _text(x: float, y: float, content: str, size: int = 26, weight: str = "normal", fill: str = "#f4f1ff",
          anchor: str = "start", role: str | None = None) -> str:
    kind = f' class="{role}"' if role else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}"{kind}>{escape(content)}</text>')


def draw(recap: dict, code: str, names: dict, _: Say = english, day: Callable[[float], str] | None = None) -> str:
    """The recap as SVG text. ``names`` maps every player id it names to a
    name; ``_`` words a message id and ``day`` a date (a time stamp) in the
    picture's language."""
    family = recap.get("family")
    columns = [(form, label) for form, label in COLUMNS
               if not (family and form in ("drinks", "soft", "water"))
               and (form == "points" or any(p["tally"].get(form) for p in recap["players"]))]
    out: list[str] = []
    y = MARGIN + 20
    out.append(_text(MARGIN, y, _("The night at a glance"), 48, "bold", "#ffd166"))
    y += 48
    date = day(recap["ended"]) if day else time.strftime("%d %B %Y", time.localtime(recap["ended"]))
    length = night_length(recap["ended"] - recap["started"], _)
    out.append(_text(MARGIN, y, _("Room {code}, {day}: {length}.", code=code, day=date, length=length), 24, fill="#c9c3e6"))
    y += LINE + 30

    out.append(_text(MARGIN, y, _("Games played"), 32, "bold", "#ffd166"))
    y += LINE
    if not recap["games"]:
        out.append(_text(MARGIN, y, _("No games were played.")))
        y += LINE
    full = WIDTH - 2 * MARGIN
    for i, game in enumerate(recap["games"], 1):
        for line in wrap(f"{i}. {game_line(game, names, _)}", full, TEXT_SIZE):
            out.append(_text(MARGIN, y, line))
            y += LINE
    rules = [rule for game in recap["games"] for rule in game.get("rules") or []]
    if rules:
        y += 20
        out.append(_text(MARGIN, y, _("Rules made"), 32, "bold", "#ffd166"))
        y += LINE
        for rule in rules:
            who = names.get(rule["by"]) or _("a player who left")
            for line in wrap(_("“{rule}” ({name})", rule=rule["text"], name=who), full, TEXT_SIZE):
                out.append(_text(MARGIN, y, line))
                y += LINE

    y += 20
    out.append(_text(MARGIN, y, _("Everybody's night"), 32, "bold", "#ffd166"))
    y += LINE
    name_w = 420
    col_w = (WIDTH - 2 * MARGIN - name_w) / max(1, len(columns))
    out.append(_text(MARGIN, y, _("Player"), 24, "bold", "#c9c3e6"))
    for j, (__, label) in enumerate(columns):
        out.append(_text(MARGIN + name_w + col_w * (j + 0.5), y, _(label), 24, "bold", "#c9c3e6", "middle"))
    y += LINE
    room = name_w - 16
    for person in recap["players"]:
        # a bot is named as a bot, never by a drinking profile
        profile = BOT_WORD if person.get("bot") else PROFILE_WORDS.get(person.get("profile") or "", "")
        shown = bool(profile) and (bool(person.get("bot")) or not family)
        label = f"{person['name']} ({_(profile)})" if shown else person["name"]
        # The whole name, always: smaller type, else the profile on a line of
        # its own, else the name over two lines.
        lines: list[tuple[str, int, str]]
        size, parts = fit(label, room, TEXT_SIZE, 20)
        if len(parts) == 1:
            lines = [(label, size, "#f4f1ff")]
        else:
            size, parts = fit(person["name"], room, TEXT_SIZE, 18)
            lines = [(part, size, "#f4f1ff") for part in parts]
            if shown:
                lines.append((f"({_(profile)})", 20, "#c9c3e6"))
        row_y = y
        for k, (text, size, colour) in enumerate(lines):
            out.append(_text(MARGIN, y, text, size, fill=colour, role="person"))
            if k < len(lines) - 1:
                y += round(lines[k + 1][1] * 1.25)
        for j, (form, __) in enumerate(columns):
            out.append(_text(MARGIN + name_w + col_w * (j + 0.5), row_y, str(person["tally"].get(form, 0)),
                             anchor="middle"))
        y += LINE
    y += 10
    closing = _("Thanks for playing!") if family else _(
        "Everybody took part their own way: drinks, soft drinks, water, points or dares.")
    for k, line in enumerate(wrap(closing, full, 20)):
        if k:
            y += 28
        out.append(_text(MARGIN, y, line, 20, fill="#c9c3e6"))
    height = y + MARGIN
    title = _("The night at a glance, room {code}", code=code)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Arial, sans-serif" role="img">'
            f'<title>{escape(title)}</title>'
            f'<rect width="{WIDTH}" height="{height}" fill="#14121f"/>')
    return head + "".join(out) + "</svg>"

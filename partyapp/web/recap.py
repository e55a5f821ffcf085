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
from typing import Any, Callable
from xml.sax.saxutils import escape

from partyapp.games.kit.wording import N_, Wording

Say = Callable[..., str]

WIDTH = 1200
MARGIN = 60
LINE = 40
TEXT_CUT = 70  # characters of a rule or a game line before it is cut

# What each form of forfeit is called in the picture's table, in order.
COLUMNS = (
    ("drinks", N_("Drinks")),
    ("soft", N_("Soft drinks")),
    ("water", N_("Water")),
    ("points", N_("Points")),
    ("dare", N_("Dares")),
)
PROFILE_WORDS = {"drinks": N_("drinking"), "soft": N_("soft drinks"), "none": N_("not drinking")}


def english(msgid: str, **values: Any) -> str:
    """A message id worded in English (the picture without a catalogue)."""
    return Wording(msgid, **values).render()


def _cut(text: str, n: int = TEXT_CUT) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _names(pids: list, names: dict, _: Say = english) -> str:
    words = [names.get(p) or _("a player who left") for p in pids]
    if len(words) <= 1:
        return "".join(words)
    return _("{list} and {last}", list=", ".join(words[:-1]), last=words[-1])


def game_line(game: dict, names: dict, _: Say = english) -> str:
    """One game in a line: its title and who won (or how it ended)."""
    result = game.get("result") or {}
    title = _(game["title"])
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
          anchor: str = "start") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}">{escape(content)}</text>')


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
    for i, game in enumerate(recap["games"], 1):
        out.append(_text(MARGIN, y, _cut(f"{i}. {game_line(game, names, _)}")))
        y += LINE
    rules = [rule for game in recap["games"] for rule in game.get("rules") or []]
    if rules:
        y += 20
        out.append(_text(MARGIN, y, _("Rules made"), 32, "bold", "#ffd166"))
        y += LINE
        for rule in rules:
            who = names.get(rule["by"]) or _("a player who left")
            out.append(_text(MARGIN, y, _cut(_("“{rule}” ({name})", rule=rule["text"], name=who))))
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
    for person in recap["players"]:
        profile = PROFILE_WORDS.get(person.get("profile") or "", "")
        label = person["name"] if family or not profile else f"{person['name']} ({_(profile)})"
        out.append(_text(MARGIN, y, _cut(label, 32)))
        for j, (form, __) in enumerate(columns):
            out.append(_text(MARGIN + name_w + col_w * (j + 0.5), y, str(person["tally"].get(form, 0)),
                             anchor="middle"))
        y += LINE
    y += 10
    out.append(_text(MARGIN, y, _("Everybody took part their own way: drinks, soft drinks, water, points or dares."),
                     20, fill="#c9c3e6") if not family else
               _text(MARGIN, y, _("Thanks for playing!"), 20, fill="#c9c3e6"))
    height = y + MARGIN
    title = _("The night at a glance, room {code}", code=code)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Arial, sans-serif" role="img">'
            f'<title>{escape(title)}</title>'
            f'<rect width="{WIDTH}" height="{height}" fill="#14121f"/>')
    return head + "".join(out) + "</svg>"

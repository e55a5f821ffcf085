"""The end-of-night recap as a picture: an SVG drawn here from the room's
recap (``night.Night.recap``), for the table to offer as a download. Plain
SVG text, no image library: every name and rule people typed is escaped as
XML text, and the file holds no script or link.

Its words are plain whole sentences and labels, ready for the catalogues."""

from __future__ import annotations

import time
from xml.sax.saxutils import escape

WIDTH = 1200
MARGIN = 60
LINE = 40
TEXT_CUT = 70  # characters of a rule or a game line before it is cut

# What each form of forfeit is called in the picture's table, in order.
COLUMNS = (
    ("drinks", "Drinks"),
    ("soft", "Soft drinks"),
    ("water", "Water"),
    ("points", "Points"),
    ("dare", "Dares"),
)
PROFILE_WORDS = {"drinks": "drinking", "soft": "soft drinks", "none": "not drinking"}


def _cut(text: str, n: int = TEXT_CUT) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _names(pids: list, names: dict) -> str:
    words = [names.get(p, "a player who left") for p in pids]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def game_line(game: dict, names: dict) -> str:
    """One game in a line: its title and who won (or how it ended)."""
    result = game.get("result") or {}
    title = game["title"]
    if result.get("winners"):
        return f"{title}: won by {_names(result['winners'], names)}."
    if result.get("reason") == "last_king" and result.get("by"):
        return f"{title}: {_names([result['by']], names)} drew the last king."
    if game.get("over"):
        return f"{title}: played to the end."
    return f"{title}: stopped before the end."


def _text(x: float, y: float, content: str, size: int = 26, weight: str = "normal", fill: str = "#f4f1ff",
          anchor: str = "start") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}">{escape(content)}</text>')


def draw(recap: dict, code: str, names: dict) -> str:
    """The recap as SVG text. ``names`` maps every player id it names to a name."""
    family = recap.get("family")
    columns = [(form, label) for form, label in COLUMNS
               if not (family and form in ("drinks", "soft", "water"))
               and (form == "points" or any(p["tally"].get(form) for p in recap["players"]))]
    out: list[str] = []
    y = MARGIN + 20
    out.append(_text(MARGIN, y, "The night at a glance", 48, "bold", "#ffd166"))
    y += 48
    hours = max(0.0, (recap["ended"] - recap["started"]) / 3600)
    day = time.strftime("%d %B %Y", time.localtime(recap["ended"]))
    out.append(_text(MARGIN, y, f"Room {code}, {day}, {hours:.1f} hours.", 24, fill="#c9c3e6"))
    y += LINE + 30

    out.append(_text(MARGIN, y, "Games played", 32, "bold", "#ffd166"))
    y += LINE
    if not recap["games"]:
        out.append(_text(MARGIN, y, "No games were played."))
        y += LINE
    for i, game in enumerate(recap["games"], 1):
        out.append(_text(MARGIN, y, _cut(f"{i}. {game_line(game, names)}")))
        y += LINE
    rules = [(rule, game) for game in recap["games"] for rule in game.get("rules") or []]
    if rules:
        y += 20
        out.append(_text(MARGIN, y, "Rules made", 32, "bold", "#ffd166"))
        y += LINE
        for rule, _ in rules:
            who = names.get(rule["by"], "a player who left")
            out.append(_text(MARGIN, y, _cut(f"“{rule['text']}” ({who})")))
            y += LINE

    y += 20
    out.append(_text(MARGIN, y, "Everybody's night", 32, "bold", "#ffd166"))
    y += LINE
    name_w = 420
    col_w = (WIDTH - 2 * MARGIN - name_w) / max(1, len(columns))
    out.append(_text(MARGIN, y, "Player", 24, "bold", "#c9c3e6"))
    for j, (_, label) in enumerate(columns):
        out.append(_text(MARGIN + name_w + col_w * (j + 0.5), y, label, 24, "bold", "#c9c3e6", "middle"))
    y += LINE
    for person in recap["players"]:
        profile = PROFILE_WORDS.get(person.get("profile") or "", "")
        label = person["name"] if family or not profile else f"{person['name']} ({profile})"
        out.append(_text(MARGIN, y, _cut(label, 32)))
        for j, (form, _) in enumerate(columns):
            out.append(_text(MARGIN + name_w + col_w * (j + 0.5), y, str(person["tally"].get(form, 0)),
                             anchor="middle"))
        y += LINE
    y += 10
    out.append(_text(MARGIN, y, "Everybody took part their own way: drinks, soft drinks, water, points or dares.",
                     20, fill="#c9c3e6") if not family else
               _text(MARGIN, y, "Thanks for playing!", 20, fill="#c9c3e6"))
    height = y + MARGIN
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Arial, sans-serif" role="img">'
            f'<title>{escape(f"The night at a glance, room {code}")}</title>'
            f'<rect width="{WIDTH}" height="{height}" fill="#14121f"/>')
    return head + "".join(out) + "</svg>"

"""A new bot's name and look: a friendly name no seat in the room has yet,
and a face the screens draw beside it."""

from __future__ import annotations

from partyapp.rooms.names import name_key

NAMES = (
    "Chip", "Sprocket", "Widget", "Pixel", "Gizmo", "Bolt", "Dial", "Servo",
    "Cog", "Byte", "Rivet", "Turbo", "Ziggy", "Echo", "Nova", "Juno",
)
# A bot's face: an emoji the table and the phones show before its name.
LOOKS = ("🤖", "👾", "🦾", "🛸", "🎛️", "🛰️", "🔋", "⚙️")


def identity(taken_names: list[str], count: int) -> tuple[str, str]:
    """The name and look of the next bot, given the names in the room and how
    many bots it has seated before (so that looks take turns)."""
    taken = {name_key(n) for n in taken_names}
    for name in NAMES[count % len(NAMES):] + NAMES[:count % len(NAMES)]:
        if name_key(name) not in taken:
            return name, LOOKS[count % len(LOOKS)]
    n = count + 1
    while name_key(f"Bot {n}") in taken:
        n += 1
    return f"Bot {n}", LOOKS[count % len(LOOKS)]

"""The drinking decks, Ring of Fire and Kings: one engine over decks that are
data (each card a title, a text and an effect from a catalogue), the
effects, the prompts a card can open, and the engine's state.

Built on ``partyapp.games.kit``; imports nothing else of the project.
"""

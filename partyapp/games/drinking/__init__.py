"""The drinking decks, Ring of Fire and Kings: one engine over decks that are
data (each card a title, a text and an effect from a catalogue).

``engine.py`` holds the rules (its docstring) and the draw and turn loop;
the engine's other parts are one module each: the forfeits and mates
(``tally.py``), roles and their powers (``roles.py``), penalty calls
(``calls.py``), seats during a game (``seats.py``) and the views
(``views.py``). ``decks.py`` declares the decks and the effect catalogue,
``effects.py`` what each effect does, ``prompts/`` the prompts a card can
open; the state is typed records (``state.py``, ``log.py``,
``outcomes.py``), and ``saved.py`` reads the earlier saved forms.

Built on ``partyapp.games.kit``; imports nothing else of the project.
"""

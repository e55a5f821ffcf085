"""The tests, one folder per layer of ``partyapp`` (``games``, ``bots``,
``store``, ``rooms``, ``cluster``, ``realtime``, ``web``, ``i18n``), the
benchmarks' smoke runs (``bench``), the pages in real Chromium
(``browser``) and the guest's path in WebKit and Firefox (``engines``).
Shared fixtures are in ``conftest.py``; the helpers that start real
processes are ``serverproc.py`` and ``redisproc.py``, the protocol's test
client ``wire.py``."""

from pathlib import Path

# The repository's root folder.
ROOT = Path(__file__).resolve().parent.parent

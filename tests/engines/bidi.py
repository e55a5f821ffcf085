"""A small WebDriver BiDi client (over websocket-client) for the Firefox
that the cross-engine tests start: commands answered by id, events handed
to whoever subscribed. Firefox speaks BiDi itself, so no geckodriver sits
between (Debian ships none); only what the tests use is here.

The protocol: https://w3c.github.io/webdriver-bidi/ (a command is
``{"id", "method", "params"}``, its answer ``{"type": "success", "id",
"result"}`` or ``{"type": "error", "id", "error", "message"}``, an event
``{"type": "event", "method", "params"}``)."""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable

import websocket


class BiDiError(RuntimeError):
    """A command the browser answered with an error."""


class BiDi:
    """One WebSocket to the browser's BiDi endpoint (``ws://.../session``).
    A reader thread matches answers to the commands waiting for them and
    calls event listeners (in that thread, so they must be quick)."""

    def __init__(self, url: str, timeout: float = 30.0) -> None:
        # Firefox refuses a handshake carrying an Origin header.
        self._ws = websocket.create_connection(url, suppress_origin=True, timeout=timeout)
        self._ws.settimeout(None)
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._waiting: dict[int, dict] = {}
        self._listeners: dict[str, list[Callable[[dict], None]]] = {}
        self._closed: str | None = None
        self.timeout = timeout
        self._reader = threading.Thread(target=self._read, name="bidi-reader", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        try:
            while True:
                message = json.loads(self._ws.recv())
                if "id" in message and message.get("type") in ("success", "error"):
                    with self._lock:
                        slot = self._waiting.get(message["id"])
                    if slot is not None:
                        slot["answer"] = message
                        slot["done"].set()
                elif message.get("type") == "event":
                    for listener in list(self._listeners.get(message["method"], ())):
                        listener(message["params"])
        except (websocket.WebSocketException, OSError, ValueError) as exc:
            self._closed = f"the connection to the browser closed: {exc!r}"
        finally:
            with self._lock:
                for slot in self._waiting.values():
                    slot["done"].set()

    def on(self, method: str, listener: Callable[[dict], None]) -> None:
        """Call ``listener(params)`` for every event ``method`` (subscribe
        with ``session.subscribe`` as well)."""
        self._listeners.setdefault(method, []).append(listener)

    def call(self, method: str, timeout: float | None = None, **params) -> dict:
        """Send a command and wait for its answer; an error answer raises
        BiDiError."""
        ident = next(self._ids)
        slot = {"done": threading.Event(), "answer": None}
        with self._lock:
            if self._closed:
                raise BiDiError(self._closed)
            self._waiting[ident] = slot
        try:
            self._ws.send(json.dumps({"id": ident, "method": method, "params": params}))
            if not slot["done"].wait(self.timeout if timeout is None else timeout):
                raise TimeoutError(f"{method}: no answer from the browser in {timeout or self.timeout:.0f} s")
        finally:
            with self._lock:
                self._waiting.pop(ident, None)
        answer = slot["answer"]
        if answer is None:
            raise BiDiError(f"{method}: {self._closed}")
        if answer["type"] == "error":
            raise BiDiError(f"{method}: {answer['error']}: {answer.get('message', '')}")
        return answer["result"]

    def close(self) -> None:
        try:
            self._ws.close()
        except (websocket.WebSocketException, OSError):
            pass
        self._reader.join(5)

"""A room the store keeps but that cannot be read back (issue 44, point 9:
a malformed room in Redis answered 500 with 22 tracebacks in the log): its
pages answer a page that says so, its socket events a refusal in words,
and the log has one line for it, no traceback."""

from __future__ import annotations

import logging

import pytest

from tests.conftest import Client, error_code

DAMAGED = {
    "missing fields": '{"code": "BCDFGH", "rev": 3}',
    "not an object": '[1, 2, 3]',
    "seats of the wrong kind": ('{"code": "BCDFGH", "rev": 3, "created": 1, "touched": 1, "host_token_hash": "x", '
                                '"join_url": "http://party.test/j/BCDFGH", "host_player": null, "next_id": 1, '
                                '"seats": 7, "game": null}'),
}


@pytest.mark.parametrize("saved", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_room_that_cannot_be_read_answers_a_clear_page_and_one_log_line(make_app, saved, caplog):
    app = make_app(PARTYAPP_UNKNOWN_CODES_PER_MINUTE=0.001, PARTYAPP_UNKNOWN_CODES_BURST=3)
    store = app.extensions["partyapp"].registry.store
    store.save("BCDFGH", saved, app.extensions["partyapp"].clock.now())
    web = app.test_client()
    caplog.set_level(logging.INFO)
    for _ in range(3):
        for page in ("/j/BCDFGH", "/t/BCDFGH", "/w/BCDFGH"):
            answer = web.get(page)
            assert answer.status_code == 410, (page, answer.status_code)
            assert b"This room cannot be opened" in answer.data and b'id="unreadable"' in answer.data
        assert web.get("/qr/BCDFGH.svg").status_code == 410
        phone = Client(app)
        for event, payload in (("player.join", {"code": "BCDFGH", "name": "Ana"}),
                               ("player.resume", {"code": "BCDFGH", "token": "x" * 32}),
                               ("table.attach", {"code": "BCDFGH", "host_token": "x" * 32}),
                               ("room.watch", {"code": "BCDFGH"})):
            answer = phone.call(event, payload)
            assert error_code(answer) == "no_such_room", (event, answer)
            assert "cannot be read" in answer["error"]["message"]
    lines = [r for r in caplog.records if "BCDFGH" in r.getMessage()]
    assert len(lines) == 1 and lines[0].levelno == logging.WARNING, [r.getMessage() for r in caplog.records]
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    # the server-wide budget of unknown codes is not spent on it: it is no unknown code
    assert not app.extensions["partyapp"].probing_blocked()

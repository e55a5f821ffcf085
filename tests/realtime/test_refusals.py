"""The protocol's error codes are one enum at the bottom layer
(``partyapp/games/kit/refusals.py``): every refusal that reaches the wire
carries one of its members, no code is written as a bare string, and every
member is documented."""

from __future__ import annotations

import ast
import importlib
import pkgutil

import partyapp
from partyapp.games.kit.refusals import Code, Refusal
from partyapp.realtime import protocol
from tests import ROOT

# PROTOCOL.md, Conventions: the error codes of version 1.
PROTOCOL_CODES = {"bad_request", "no_such_room", "forbidden", "not_your_turn", "illegal_action", "room_full",
                  "name_taken", "rate_limited", "conflict", "game_over"}
# Calls whose first argument is an error code.
CODE_TAKERS = {"ProtocolError", "error"}


def every_refusal() -> list[type]:
    """Every kind of refusal in the package (each module imported)."""
    for info in pkgutil.walk_packages(partyapp.__path__, "partyapp."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    found, todo = [], [Refusal]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def test_every_refusal_carries_a_member_of_the_one_enum():
    """The rules', the rooms' and the transport's refusals each carry a
    ``Code``; the transport's names the same enum."""
    kinds = every_refusal()
    assert {k.__name__ for k in kinds} >= {"IllegalAction", "NotYourTurn", "GameIsOver", "TooLate", "RoomError",
                                           "Forbidden", "ProtocolError"}
    assert [k.__name__ for k in kinds if not isinstance(k.code, Code)] == []
    assert protocol.Code is Code
    assert protocol.ProtocolError(Code.FORBIDDEN, "No.").code is Code.FORBIDDEN


def test_no_error_code_is_a_bare_string():
    """No refusal's ``code`` and no answer's code is spelt as a string in
    the package: each names a ``Code`` member."""
    bare = []
    for path in sorted((ROOT / "partyapp").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                for stmt in node.body:
                    targets = stmt.targets if isinstance(stmt, ast.Assign) else (
                        [stmt.target] if isinstance(stmt, ast.AnnAssign) and stmt.value is not None else [])
                    value = getattr(stmt, "value", None)
                    if any(isinstance(t, ast.Name) and t.id == "code" for t in targets) and isinstance(
                            value, ast.Constant) and isinstance(value.value, str):
                        bare.append(f"{path.relative_to(ROOT)}:{stmt.lineno}")
            elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) and isinstance(
                    node.args[0].value, str):
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
                if name in CODE_TAKERS:
                    bare.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert bare == []


def test_every_error_code_is_documented():
    """Each member is one of PROTOCOL.md's codes or is named in
    docs/protocol-extensions.md; PROTOCOL.md's are all members."""
    extensions = (ROOT / "docs" / "protocol-extensions.md").read_text()
    assert PROTOCOL_CODES <= {str(c) for c in Code}
    assert [str(c) for c in Code if str(c) not in PROTOCOL_CODES and f"`{c}`" not in extensions] == []

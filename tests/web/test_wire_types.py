"""The browser's wire types are generated from :mod:`deckhand.web.wire` and are what it says now.

``static/js/wire.js`` is written by ``python -m deckhand.web.wire_js --write``;
``tsc --checkJs`` (tests/web/test_client_types.py) then holds every script to it.
"""

from __future__ import annotations

import subprocess
import sys

from deckhand.web import wire, wire_js


def test_wire_js_is_what_the_models_say() -> None:
    assert wire_js.TARGET.read_text(encoding="utf-8") == wire_js.source(), (
        "static/js/wire.js is stale: run `python -m deckhand.web.wire_js --write` and commit it"
    )


def test_every_message_and_request_has_its_typedef() -> None:
    text = wire_js.source()
    for model in (*wire.SERVER_MODELS, *wire.CLIENT_MODELS, *wire_js.SENT, *wire_js.RECEIVED):
        assert f"@typedef {{object}} {model.__name__}\n" in text, model.__name__
    assert "@typedef {MoveRequest | HintRequest" in text and "@typedef {StateMessage | HintMessage" in text


def test_replies_carry_every_field_and_requests_may_leave_defaults_out() -> None:
    text = wire_js.source()
    assert " * @property {string[]} quiet " in text  # the server always sends it
    assert " * @property {string | null} [selection] " in text  # a client may leave it out
    assert ' * @property {"resigned" | "aborted" | "time" | "abandoned"} how ' in text


def test_the_command_prints_the_file() -> None:
    done = subprocess.run([sys.executable, "-m", "deckhand.web.wire_js"], capture_output=True, text=True, check=True)
    assert done.stdout == wire_js.source()

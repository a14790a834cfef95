"""The browser's types for the wire, written from :mod:`deckhand.web.wire`'s schema: one contract, two languages.

``python -m deckhand.web.wire_js --write`` rewrites ``static/js/wire.js``, a
module of JSDoc typedefs that ``tsc --checkJs`` holds the client to;
``tests/web/test_wire_types.py`` fails when the file is not what the models
say, so a field renamed on the server breaks the type check of every script
that reads it, not a browser. Requests are typed as a client may send them
(fields with defaults optional), replies as the server sends them (every
field present).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from deckhand.web import wire

TARGET = Path(__file__).parent / "static" / "js" / "wire.js"
SENT: tuple[type[BaseModel], ...] = (
    wire.NewTable,
    wire.Join,
    wire.Start,
    wire.Rematch,
    wire.NewSeek,
    wire.SeekAccept,
    wire.PracticeAnswer,
    wire.MoveRequest,
    wire.HintRequest,
    wire.MarksRequest,
    wire.MatchRequest,
    wire.ResignRequest,
    wire.AbortRequest,
    wire.ClaimRequest,
    wire.HoldRequest,
)
"""What the browser sends: HTTP bodies and websocket requests."""
RECEIVED: tuple[type[BaseModel], ...] = (
    wire.TableCreated,
    wire.RematchMade,
    wire.SeekMade,
    wire.SeekSeat,
    wire.Practice,
    wire.PracticeVerdict,
    wire.Problem,
    wire.StateMessage,
    wire.HintMessage,
    wire.MarksMessage,
    wire.MatchesMessage,
    wire.SeatsMessage,
    wire.RematchMessage,
    wire.ErrorMessage,
)
"""What the server sends: HTTP replies and websocket messages."""
UNIONS = {
    "ClientMessage": ("A websocket message from the browser.", wire.CLIENT_MODELS),
    "ServerMessage": ("A websocket message from the server.", wire.SERVER_MODELS),
}
HEADER = """\
// Generated from deckhand.web.wire by `python -m deckhand.web.wire_js --write`: do not edit.
// The wire's messages as the browser reads them; tests/web/test_wire_types.py keeps this file in step.
export {};"""


def _type(schema: Mapping[str, Any]) -> str:
    """A JSON schema as a TypeScript type expression."""
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return " | ".join(json.dumps(value) for value in schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " | ".join(dict.fromkeys(_type(part) for part in schema[key]))
    kind = schema.get("type")
    if kind == "string":
        return "string"
    if kind in ("integer", "number"):
        return "number"
    if kind == "boolean":
        return "boolean"
    if kind == "null":
        return "null"
    if kind == "array":
        item = _type(schema.get("items", {}))
        return f"({item})[]" if " " in item else f"{item}[]"
    if kind == "object":
        if "properties" in schema:
            required = set(schema.get("required", ()))
            fields = [
                f"{name}{'' if name in required else '?'}: {_type(part)}" for name, part in schema["properties"].items()
            ]
            return "{" + ", ".join(fields) + "}"
        extra = schema.get("additionalProperties")
        return f"Record<string, {_type(extra) if isinstance(extra, dict) and extra else 'unknown'}>"
    return "unknown"


def _said(text: str) -> str:
    """A docstring as JSDoc text: one line, in the browser's words (backticks, ``null``, no Sphinx roles)."""
    text = re.sub(r":\w+:`~?", "`", text.replace("``", "`"))
    return " ".join(re.sub(r"\bNone\b", "null", text).split())


def _typedef(name: str, schema: Mapping[str, Any]) -> str:
    """One model as a JSDoc typedef block, each field a ``@property`` with its description."""
    said = _said(schema.get("description", ""))
    lines = ["/**", *([f" * {said}"] if said else [])]
    if "properties" not in schema:
        lines.append(f" * @typedef {{{_type(schema)}}} {name}")
        return "\n".join([*lines, " */"])
    lines.append(f" * @typedef {{object}} {name}")
    required = set(schema.get("required", ()))
    for field, part in schema["properties"].items():
        label = field if field in required else f"[{field}]"
        told = _said(part.get("description", ""))
        lines.append(f" * @property {{{_type(part)}}} {label}" + (f" {told}" if told else ""))
    return "\n".join([*lines, " */"])


def _schemas(models: Iterable[tuple[type[BaseModel], str]]) -> dict[str, Any]:
    _, found = models_json_schema([(model, mode) for model, mode in models], ref_template="#/$defs/{model}")  # type: ignore[misc]
    defs: dict[str, Any] = found.get("$defs", {})
    return defs


def source() -> str:
    """The whole of ``wire.js``."""
    defs = _schemas([*((model, "validation") for model in SENT), *((model, "serialization") for model in RECEIVED)])
    blocks = [HEADER]
    for name in sorted(defs):
        blocks.append(_typedef(name, defs[name]))
    for name, (said, members) in UNIONS.items():
        blocks.append(f"/**\n * {said}\n * @typedef {{{' | '.join(m.__name__ for m in members)}}} {name}\n */")
    return "\n\n".join(blocks) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help=f"rewrite {TARGET.name} (else print it)")
    args = parser.parse_args(argv)
    text = source()
    if args.write:
        TARGET.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Game options and presets: a preset is data, every line of it an option, with a line for people.

Each option has a default and a parser that turns what a user gave (a Python
value, or a string from the command line) into the canonical JSON-able value,
or raises ``ValueError`` with a short reason. :func:`resolve_options` turns
those reasons into ``ConfigError`` messages that name the option.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from deckhand.core.errors import ConfigError, DeckhandError, quote
from deckhand.core.numbers import is_whole_number

Parser = Callable[[Any], Any]


@dataclass(frozen=True)
class Option:
    """One option: its default, how to read a value, a line of help, and whether it may name a file."""

    default: Any
    parse: Parser
    help: str = ""
    files: tuple[str, ...] | None = None
    """For an option that may name a file (read through :mod:`deckhand.core.files`): the names of the data that
    ships with deckhand (``None``: the option names no file).

    From the web such an option takes only these names or an inline list:
    the server never opens a path that a request names.
    """


@dataclass(frozen=True)
class PresetInfo:
    """What a person reads of a preset before choosing it: its name in words and a line on what it is.

    A preset's key (``aces-either``) is what the command line and saves
    spell; the lobby and the menu show ``title`` and ``about`` instead.
    """

    title: str
    about: str


def preset_info(declared: Mapping[str, PresetInfo], key: str) -> PresetInfo:
    """The preset's title and line as the game declares them (``Game.PRESET_INFO``); else its key in words."""
    found = declared.get(key)
    return found if found is not None else PresetInfo(key.replace("-", " ").replace("_", " ").capitalize(), "")


@dataclass(frozen=True)
class Described:
    """A parser that can say in a few words which values it takes, so the manual's option tables cannot drift."""

    parse: Parser
    accepts: str

    def __call__(self, value: Any) -> Any:
        return self.parse(value)


def accepts(parse: Parser) -> str:
    """The values ``parse`` takes, in a few words; empty for a game's own parser, whose option's help says it."""
    if isinstance(parse, Described):
        return parse.accepts
    if parse is boolean:
        return "true, false"
    if parse is stacked_deck:
        return "card codes, or a file of them"
    return ""


def integer(low: int, high: int) -> Parser:
    """Whole numbers in ``[low, high]``; strings such as ``"4"`` are accepted."""

    wanted = f"takes a whole number from {low} to {high}"

    def parse(value: Any) -> int:
        if isinstance(value, bool):
            raise ValueError(wanted)
        if isinstance(value, str):
            text = value.strip()
            if not is_whole_number(text.removeprefix("-")):
                raise ValueError(wanted)
            value = int(text)
        if not isinstance(value, int) or not low <= value <= high:
            raise ValueError(wanted)
        return value

    return Described(parse, f"{low} to {high}")


def or_list(items: list[str]) -> str:
    """``2 or 4``, ``a, b or c``: the choices as a person says them."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def boolean(value: Any) -> bool:
    """``True``/``False``, or the strings yes/no, true/false, on/off, 1/0."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _BOOLS:
        return _BOOLS[value.strip().lower()]
    raise ValueError("takes true or false")


_BOOLS = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}


def choice(*allowed: Any) -> Parser:
    """One of ``allowed``; strings are matched case-insensitively."""

    def parse(value: Any) -> Any:
        for item in allowed:
            if value == item or (isinstance(value, str) and str(item).lower() == value.strip().lower()):
                return item
        raise ValueError("takes " + or_list([str(a) for a in allowed]))

    return Described(parse, ", ".join(str(a) for a in allowed))


def words(allowed: Iterable[str], *, aliases: Mapping[str, str] | None = None) -> Parser:
    """A list of names from ``allowed`` (or a comma-separated string), in canonical order."""
    order = list(allowed)
    alias = dict(aliases or {})

    def parse(value: Any) -> list[str]:
        if not isinstance(value, str | list | tuple):
            raise ValueError("expected names, as a list or separated by commas")
        items = value.replace(",", " ").split() if isinstance(value, str) else list(value)
        out = []
        for item in items:
            if not isinstance(item, str):
                raise ValueError(f"{quote(item)} is not a name")
            name = alias.get(str(item).lower(), str(item).lower())
            if name not in order:
                raise ValueError(f"unknown {quote(item)}; expected some of {', '.join(order)}")
            if name not in out:
                out.append(name)
        return sorted(out, key=order.index)

    return Described(parse, "any of " + ", ".join(order))


def optional_path(value: Any) -> str | None:
    """A file path, or ``None`` for the game's own default."""
    if value is None or value == "":
        return None
    if isinstance(value, (str, os.PathLike)):
        path = os.fspath(value)
        if not isinstance(path, str) or "\x00" in path:
            raise ValueError("takes a file path")
        return path
    raise ValueError("takes a file path")


def stacked_deck(value: Any) -> list[str] | None:
    """``deck=``: card codes top first, as a list or a file of one card per line.

    The codes are checked against the game's deck when the game is built,
    because only the game knows which cards it has.
    """
    from deckhand.core.deck import read_deck_option

    return read_deck_option(value)


DECK_OPTION = Option(None, stacked_deck, "stack the deck: card codes (or a file of them), top first", files=())


def resolve_options(
    game: str,
    spec: Mapping[str, Option],
    presets: Mapping[str, Mapping[str, Any]],
    given: Mapping[str, Any],
) -> dict[str, Any]:
    """Defaults, then the preset's lines, then the caller's options, all validated."""
    values = dict(given)
    result: dict[str, Any] = {}
    if presets:
        preset = values.pop("preset", next(iter(presets)))
        if not isinstance(preset, str) or preset not in presets:
            raise ConfigError(f"{game}: unknown preset {quote(preset)}; presets: {', '.join(presets)}")
        result["preset"] = preset
        base = dict(presets[preset])
    else:
        if "preset" in values:
            raise ConfigError(f"{game}: has no presets, so option 'preset' is not allowed")
        base = {}
    unknown = sorted(set(values) - set(spec))
    if unknown:
        known = ", ".join(sorted(spec)) or "none"
        raise ConfigError(f"{game}: unknown option {quote(unknown[0])} (options: {known})")
    for key, option in spec.items():
        raw = values.get(key, base.get(key, option.default))
        if raw is None and option.default is not None:
            raise ConfigError(f"{game}: option {key} needs a value (None is not one)")
        try:
            result[key] = option.parse(raw) if raw is not None else None
        except DeckhandError as exc:
            raise ConfigError(f"{game}: option {key}: {exc}") from None
        except (ValueError, TypeError, ArithmeticError) as exc:
            said = str(exc)
            if said.startswith("takes "):  # what the option takes, then what it was given
                raise ConfigError(f"{game}: option {key} {said}, not {quote(raw)}") from None
            raise ConfigError(f"{game}: option {key}={quote(raw)}: {said}") from None
        except Exception as exc:  # a value no parser foresaw (one whose == or str raises): still one line
            raise ConfigError(f"{game}: option {key}: not a value it takes ({type(exc).__name__})") from None
    return result


def inline_only(game: str, spec: Mapping[str, Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """``given`` with every file option as shipped data or an inline list; ``ConfigError`` for anything else.

    What a request from the web may pass to a game: a string that is not the
    name of shipped data is split into items (card codes) and never looked up
    on disk, so no answer can tell whether a file of that name exists.
    """
    checked = dict(given)
    for key, value in given.items():
        option = spec.get(key)
        if option is None or option.files is None or value is None:
            continue
        if isinstance(value, str) and value.strip() in option.files:
            continue
        if isinstance(value, str) and not option.files:
            checked[key] = value.replace(",", " ").split()
        elif not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            shipped = f"one of {', '.join(option.files)}" if option.files else "card codes"
            raise ConfigError(f"{game}: option {key}: give {shipped}; files on the server cannot be named from the web")
    return checked


def parse_options(items: list[str]) -> dict[str, Any]:
    """``key=value`` words from the command line into game options (values stay strings; the game parses them)."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"game option {quote(item, 40)}: expected key=value (e.g. players=3)")
        options[key.strip().replace("-", "_")] = value.strip()
    return options

"""The course's text save format, written exactly and read tolerantly.

Reading accepts what real files show: CRLF or LF, tabs or spaces, spaces
inside brackets (``[ [ H6 H3 ] ]``), an empty ``Build Owner:`` line, several
builds on one ``Build Owner:`` line, no ``Last Capturer:`` line, and files
short of cards (a warning: the missing cards are set aside for the round).
A duplicated or unknown card, a build without an owner, or a line that
cannot be read is a ``ConfigError`` naming the line.
"""

from __future__ import annotations

import re
import warnings

from deckhand.core.cards import CODES, Card
from deckhand.core.errors import ConfigError, NotationError, file_token, quote
from deckhand.games.casino.moves import Parts, build_text, cards_text
from deckhand.games.casino.options import CasinoSetup
from deckhand.games.casino.phases import PLAY
from deckhand.games.casino.state import SEATS, CasinoState


class ShortDeckWarning(UserWarning):
    """A save file that does not hold all 52 cards."""


def write_save(state: CasinoState) -> str:
    """The course's format: computer block, human block, table, owners, last capturer, deck, next player."""
    if state.phase != PLAY:
        raise ConfigError("casino: a game can be saved only before a player's turn, not during the coin toss or deal")
    lines = [f"Round: {state.round}", ""]
    for seat in (1, 0):
        lines += [
            f"{SEATS[seat]}:",
            f"   Score: {state.tally[seat]}",
            f"   Hand: {cards_text(state.hands[seat])}".rstrip(),
            f"   Pile: {cards_text(state.piles[seat])}".rstrip(),
            "",
        ]
    table = [build_text(b[2]) for b in state.builds] + [CODES[c] for c in state.loose]
    lines += [f"Table: {' '.join(table)}".rstrip(), ""]
    for b in state.builds:
        lines += [f"Build Owner: {build_text(b[2])} {SEATS[b[1]]}", ""]
    if state.last_capturer >= 0:
        lines += [f"Last Capturer: {SEATS[state.last_capturer]}", ""]
    lines += [f"Deck: {cards_text(_deck_order(state))}".rstrip(), "", f"Next Player: {SEATS[state.to_move]}"]
    return "\n".join(lines) + "\n"


def _deck_order(state: CasinoState) -> list[int]:
    """The undealt cards top first: what is stacked, then the rest as they lie."""
    top = [c for c in state.stack[state.drawn :] if c in state.pile]
    rest = [c for c in state.pile if c not in top]
    return top + rest


KEYS = (
    "Round",
    "Computer",
    "Human",
    "Score",
    "Hand",
    "Pile",
    "Table",
    "Build Owner",
    "Last Capturer",
    "Deck",
    "Next Player",
)
"""The keys a save's lines begin with (an unknown one is not repeated: any file may be named as a save)."""

_KEY = re.compile(r"^\s*([A-Za-z][A-Za-z ]*?)\s*:(.*)$")


class _Cards:
    """Tracks where each card was read so that duplicates name both lines."""

    def __init__(self, source: str) -> None:
        self.where: dict[int, int] = {}
        self.source = source

    def error(self, number: int, message: str) -> ConfigError:
        return ConfigError(f"{self.source}, line {number}: {message}")

    def card(self, token: str, number: int, *, claim: bool = True) -> int:
        try:
            index = Card.parse(token).index
        except NotationError:
            raise self.error(number, f"{file_token(token)} is not a card code") from None
        if index >= 52:
            raise self.error(number, "Casino has no jokers")
        if claim:
            if index in self.where:
                raise self.error(number, f"{CODES[index]} appears twice (also on line {self.where[index]})")
            self.where[index] = number
        return index

    def cards(self, body: str, number: int) -> list[int]:
        return [self.card(token, number) for token in body.split()]


def _groups(body: str, number: int, reader: _Cards, *, claim: bool) -> list[int | Parts | str]:
    """Table items: loose card indices and builds (parts tuples); owner names pass through as text."""
    tokens = re.findall(r"\[|\]|[^\s\[\]]+", body)
    out: list[int | Parts | str] = []
    i = 0

    def group() -> tuple[int, ...]:
        nonlocal i
        cards = []
        while i < len(tokens) and tokens[i] != "]":
            if tokens[i] == "[":
                raise reader.error(number, "brackets nested too deeply")
            cards.append(reader.card(tokens[i], number, claim=claim))
            i += 1
        if i == len(tokens):
            raise reader.error(number, "a '[' is never closed")
        i += 1
        if not cards:
            raise reader.error(number, "an empty build")
        return tuple(cards)

    while i < len(tokens):
        token = tokens[i]
        i += 1
        if token == "[":
            if i < len(tokens) and tokens[i] == "[":
                parts = []
                while i < len(tokens) and tokens[i] == "[":
                    i += 1
                    parts.append(group())
                if i == len(tokens) or tokens[i] != "]":
                    raise reader.error(number, "a multiple build must close with ']'")
                i += 1
                out.append(tuple(parts))
            else:
                out.append((group(),))
        elif token == "]":
            raise reader.error(number, "a ']' without its '['")
        elif token.capitalize() in SEATS:
            out.append(token.capitalize())
        else:
            out.append(reader.card(token, number, claim=claim))
    return out


def _seat(body: str, number: int, reader: _Cards) -> int:
    name = body.strip().capitalize()
    if name not in SEATS:
        raise reader.error(number, f"expected Human or Computer, not {file_token(body.strip(), 8)}")
    return SEATS.index(name)


def _number(body: str, number: int, reader: _Cards, what: str) -> int:
    try:
        value = int(body.strip())
    except ValueError:
        raise reader.error(number, f"{what} must be a whole number, not {file_token(body.strip())}") from None
    if value < 0:
        raise reader.error(number, f"{what} cannot be negative")
    return value


def read_save(game: CasinoSetup, text: str, *, source: str = "save file", quiet: bool = False) -> CasinoState:
    """Build a state from the course's text format (see the module docstring for what is tolerated)."""
    reader = _Cards(source)
    state = CasinoState.blank(game)
    seat: int | None = None
    table: list[int | Parts | str] = []
    table_line = 0
    owners: list[tuple[Parts, int, int]] = []
    seen: set[str] = set()
    deck: list[int] = []
    next_player: int | None = None
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        if not raw.strip():
            continue
        match = _KEY.match(raw)
        if match is None:
            raise reader.error(number, "cannot read this line (expected 'Key: value')")
        key, body = match.group(1).strip().lower(), match.group(2)
        if key in ("human", "computer"):
            seat = SEATS.index(key.capitalize())
            if body.strip():
                raise reader.error(number, f"unexpected {file_token(body.strip())} after {key.capitalize()}:")
            key = key + ":"
        elif key in ("score", "hand", "pile"):
            if seat is None:
                raise reader.error(number, f"{key.capitalize()}: before Human: or Computer:")
            if key == "score":
                state.tally[seat] = _number(body, number, reader, "the score")
            elif key == "hand":
                state.hands[seat] = reader.cards(body, number)
            else:
                state.piles[seat] = reader.cards(body, number)
            key = f"{SEATS[seat]} {key}"
        elif key == "round":
            state.round = max(1, _number(body, number, reader, "the round"))
        elif key == "table":
            table, table_line = _groups(body, number, reader, claim=True), number
        elif key == "build owner":
            items = _groups(body, number, reader, claim=False)
            for j, item in enumerate(items):
                if isinstance(item, tuple):
                    nxt = items[j + 1] if j + 1 < len(items) else None
                    if not isinstance(nxt, str):
                        raise reader.error(number, f"build {build_text(item)} needs an owner (Human or Computer)")
                    owners.append((item, SEATS.index(nxt), number))
                elif isinstance(item, int):
                    raise reader.error(number, f"a loose card {CODES[item]} on a Build Owner: line")
            continue  # several Build Owner: lines are allowed
        elif key == "last capturer":
            if body.strip():
                state.last_capturer = _seat(body, number, reader)
        elif key == "deck":
            deck = reader.cards(body, number)
        elif key == "next player":
            next_player = _seat(body, number, reader)
        else:
            raise reader.error(number, f"unknown key (expected one of {', '.join(KEYS)})")
        if key in seen:
            raise reader.error(number, f"a second {match.group(1).strip()}: line")
        seen.add(key)
    if next_player is None:
        raise ConfigError(f"{source}: no 'Next Player:' line")
    _place_table(game, state, table, table_line, owners, reader)
    state.pile = list(deck)
    state.stack = tuple(deck)
    missing = [c for c in range(52) if c not in reader.where]
    state.aside = missing
    if missing:
        note = (
            f"the save holds {52 - len(missing)} cards, not 52; "
            f"missing {cards_text(missing)} (set aside for this round)"
        )
        state.notes = (note,)
        if not quiet:
            warnings.warn(f"{source}: {note}", ShortDeckWarning, stacklevel=3)
    state.to_move = state.leader = next_player
    state.origin = text
    state.resume()
    return state


def _place_table(
    game: CasinoSetup,
    state: CasinoState,
    table: list[int | Parts | str],
    line: int,
    owners: list[tuple[Parts, int, int]],
    reader: _Cards,
) -> None:
    """Loose cards and builds with their owners and values; one owner's builds of one value merge."""
    claimed: dict[frozenset[int], int] = {}
    for parts, owner, number in owners:
        claimed[frozenset(c for p in parts for c in p)] = owner
        if not any(
            isinstance(t, tuple) and frozenset(c for p in t for c in p) == frozenset(c for p in parts for c in p)
            for t in table
        ):
            raise reader.error(number, f"build {build_text(parts)} is not on the table")
    for item in table:
        if isinstance(item, int):
            state.loose.append(item)
        elif isinstance(item, str):
            raise reader.error(line, f"unexpected {quote(item, 8)} on the Table: line")
        else:
            key = frozenset(c for p in item for c in p)
            if key not in claimed:
                raise reader.error(line, f"build {build_text(item)} has no owner on a Build Owner: line")
            value = _build_value(game, item)
            if value is None:
                raise reader.error(line, f"the parts of build {build_text(item)} do not add up to one value")
            state.add_build(value, claimed[key], item)


def _build_value(game: CasinoSetup, parts: Parts) -> int | None:
    """The one value every part of a build adds up to (aces may count either way with ace=1or14)."""
    common: set[int] | None = None
    for part in parts:
        sums = {0}
        for c in part:
            sums = {s + x for s in sums for x in game.vals[c]}
        common = sums if common is None else common & sums
    if not common:
        return None
    fitting = sorted(v for v in common if 2 <= v <= game.maxv) or sorted(common)
    return fitting[0]

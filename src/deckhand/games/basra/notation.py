"""Basra's notation (docs/games/basra.md, rules decisions): ``play H5 {C5} {S2 D3}``, ``play SJ``, ``play H5``.

A deal is written as the card dealt (``H5``). Reading is lenient: ``play``
may be left out, braces may touch, cards may be separated by commas, and
groups and the cards in them may come in any order.
"""

from __future__ import annotations

import re

from deckhand.core.cards import CODES, Card
from deckhand.core.errors import AmbiguousActionError, IllegalActionError, NotationError, quote
from deckhand.core.turns import CHANCE, TERMINAL
from deckhand.games.basra.captures import BasraAction, Move, canonical, move_to_string
from deckhand.games.basra.state import BasraState, is_move

_MOVE = re.compile(r"\s*(?:play\s+)?([^\s{},]+)\s*(.*?)\s*", re.IGNORECASE | re.DOTALL)
_GROUP = re.compile(r"\{([^{}]*)\}")
_CARD_LIKE = re.compile(r"[SHDC♠♥♦♣]\w{1,2}|\w{1,2}[SHDC♠♥♦♣]", re.IGNORECASE)
"""What reads as an attempt at a card code (``SZ``, ``10H``): a suit's letter or sign and a rank's length."""


__all__ = ["action_to_string", "move_to_string", "parse_card", "parse_move", "read_move", "string_to_action"]

_STRINGS: dict[Move, str] = {}


def action_to_string(state: BasraState, action: BasraAction) -> str:
    """Notation of a deal (a card code) or a move, the same in any position (memoized: records ask often)."""
    if isinstance(action, int):
        if type(action) is int and 0 <= action < 52:
            return CODES[action]
    else:
        try:
            text: str | None = _STRINGS.get(action)
        except TypeError:  # unhashable (from a caller that typed nothing): certainly not a move
            text = None
        if text is not None:
            return text
        if is_move(action):
            text = move_to_string(action)
            if len(_STRINGS) > 100_000:
                _STRINGS.clear()
            _STRINGS[action] = text
            return text
    raise NotationError(f"{quote(action, 40)} is not a Basra action")


def string_to_action(state: BasraState, text: str) -> BasraAction:
    """A dealt card's code at a deal, else a move of the seat to move (:func:`read_move`)."""
    if state.to_move == CHANCE:
        return parse_card(text.strip())
    if state.to_move == TERMINAL:
        raise IllegalActionError("the game is over")
    return read_move(text, state.moves())


def read_move(text: str, legal: list[Move]) -> Move:
    """Parse a move against the legal ones: any grouping of the same capture reads as
    the legal move; ``play H5`` alone means the one move of H5 when there is just one."""
    (card, groups), written = parse_move(text)
    wanted = sorted(c for g in groups for c in g)
    mine = [m for m in legal if m[0] == card]
    for move in mine:
        if sorted(c for g in move[1] for c in g) == wanted:
            return move
    if not written and len(mine) > 1:
        options = ", ".join(move_to_string(m) for m in mine)
        raise AmbiguousActionError(f"{quote(text.strip(), 40)} could be any of: {options}")
    if not written and len(mine) == 1:
        return mine[0]
    return card, groups


def parse_card(text: str) -> int:
    """A card code of the 52-card deck as an index; ``NotationError`` otherwise (Basra's own words: no jokers)."""
    try:
        card = Card.parse(text)
    except NotationError:
        raise NotationError(
            f"{quote(text.strip(), 8)} is not a card: a card is its suit then its rank (SA, H9, DX)"
        ) from None
    if card.index >= 52:
        raise NotationError(f"{quote(text, 40)}: there are no jokers in Basra")
    return card.index


_PARSED: dict[str, tuple[Move, bool]] = {}


def parse_move(text: str) -> tuple[Move, bool]:
    """Read a move; also say whether any group was written (``play H5`` alone trails).

    >>> parse_move("play H5 {s3 d2}{C5}")
    ((17, ((43,), (27, 2))), True)
    """
    hit = _PARSED.get(text)
    if hit is None:
        hit = _parse_move(text)
        if len(_PARSED) > 100_000:
            _PARSED.clear()
        _PARSED[text] = hit
    return hit


def _parse_move(text: str) -> tuple[Move, bool]:
    match = _MOVE.fullmatch(text)
    if match is None or not text.strip():
        raise NotationError(f"{quote(text, 40)}: expected a move such as 'play H5 {{C5}} {{S2 D3}}'")
    if not _CARD_LIKE.fullmatch(match.group(1)):
        raise NotationError(
            f"{quote(text.strip(), 40)} is not a move: play a card of your hand by its code (SA, H9, DX), "
            "with the cards it takes in braces if you choose them"
        )
    card = parse_card(match.group(1))
    rest = match.group(2)
    groups: list[tuple[int, ...]] = []
    for found in _GROUP.finditer(rest):
        items = found.group(1).replace(",", " ").split()
        if not items:
            raise NotationError(f"{quote(text, 40)}: an empty group {{}}")
        groups.append(tuple(parse_card(item) for item in items))
    leftover = _GROUP.sub(" ", rest).strip()
    if leftover:
        raise NotationError(f"{quote(text, 40)}: unexpected {quote(leftover, 40)}; groups of taken cards go in braces")
    return (card, canonical(tuple(groups))), bool(groups)

"""Casino notation (docs/games/casino.md, rules decisions): loose cards bare, sets in ``{}``, builds in ``[]``.

``trail H6`` · ``capture C9 {C8 HA} [[C6 S3] [S9]]`` · ``build H6 {H3} = 9`` ·
``build S9 = 9`` · ``increase H2 [C3 S4] = 9``; the coin is ``heads``/``tails``
(seat 0's call) and ``coin heads``/``coin tails`` (the toss); a dealt card is its code.
"""

from __future__ import annotations

import re
from typing import Any

from deckhand.core.cards import Card
from deckhand.core.errors import AmbiguousActionError, IllegalActionError, NotationError, quote
from deckhand.core.numbers import is_whole_number
from deckhand.games.casino.illegal import why_card_has_no_move
from deckhand.games.casino.moves import ORDER, CasinoAction, Parts, Play, action_text, build_words, capture_cards
from deckhand.games.casino.phases import PLAY
from deckhand.games.casino.state import CasinoState


def action_to_string(state: CasinoState, action: CasinoAction) -> str:
    """The notation of ``action``; Casino's does not depend on the position (``moves.action_text``)."""
    return action_text(action)


_TOKENS = re.compile(r"\[|\]|\{|\}|=|[^\s\[\]{}=]+")


def tokenize(text: str) -> list[str]:
    return _TOKENS.findall(text)


def parse_card(token: str, text: str) -> int:
    try:
        card = Card.parse(token)
    except NotationError:
        what = f"{quote(token, 8)} is not a card: a card is its suit then its rank (SA, H9, DX)"
        raise NotationError(what if token == text.strip() else f"{quote(text)}: {what}") from None
    if card.suit is None:
        raise NotationError(f"{quote(text)}: there are no jokers in Casino")
    return card.index


class _Reader:
    """Reads tokens into loose cards, ``{}`` sets and ``[]`` builds."""

    def __init__(self, tokens: list[str], text: str) -> None:
        self.tokens = tokens
        self.i = 0
        self.text = text

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise NotationError(f"{quote(self.text, 40)}: unexpected end")
        self.i += 1
        return token

    def cards_until(self, close: str) -> tuple[int, ...]:
        out = []
        while (token := self.take()) != close:
            if token in "[]{}=":
                raise NotationError(f"{quote(self.text, 40)}: unexpected {quote(token, 40)}")
            out.append(parse_card(token, self.text))
        if not out:
            raise NotationError(f"{quote(self.text, 40)}: an empty group")
        return tuple(out)

    def build(self) -> Parts:
        """After ``[``: a single build ``[C3 S4]`` or a multiple one ``[[C6 S3] [S9]]``."""
        if self.peek() == "[":
            parts = []
            while self.peek() == "[":
                self.take()
                parts.append(self.cards_until("]"))
            if self.take() != "]":
                raise NotationError(f"{quote(self.text, 40)}: a multiple build must close with ']'")
            return tuple(parts)
        return (self.cards_until("]"),)

    def value(self) -> int:
        if self.take() != "=":
            raise NotationError(f"{quote(self.text, 40)}: expected '= value' after the cards")
        token = self.take()
        if not is_whole_number(token):
            raise NotationError(f"{quote(self.text, 40)}: {quote(token, 40)} is not a build value")
        if self.peek() is not None:
            raise NotationError(f"{quote(self.text, 40)}: unexpected {quote(self.peek(), 40)} after the value")
        return int(token)


def _table_build(state: CasinoState, parts: Parts, text: str) -> Parts:
    """The build on the table holding exactly these cards (the user's order need not match)."""
    wanted = frozenset(c for p in parts for c in p)
    for b in state.builds:
        if frozenset(c for p in b[2] for c in p) == wanted:
            return b[2]
    raise IllegalActionError(f"{quote(text, 40)}: there is no build of {build_words(parts)} on the table")


def _order(cards: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(cards, key=ORDER.__getitem__))


def string_to_action(state: CasinoState, text: str) -> CasinoAction:
    """Parse notation; a well-formed move that is illegal here still parses (apply says why)."""
    tokens = tokenize(text.strip().lower())
    if not tokens:
        raise NotationError("empty move")
    head = tokens[0]
    rest = tokens[1:]
    if head in ("heads", "tails") and not rest:
        return ("call", 0 if head == "heads" else 1)
    if head in ("call", "coin") and len(rest) == 1 and rest[0] in ("heads", "tails"):
        return (head, 0 if rest[0] == "heads" else 1)
    if head not in ("trail", "capture", "build", "increase"):
        if len(tokens) == 1:
            return _bare_card(state, parse_card(head, text), text)
        raise NotationError(f"{quote(text, 40)}: expected trail, capture, build or increase")
    if not rest:
        raise NotationError(f"{quote(text, 40)}: which card?")
    card = parse_card(rest[0], text)
    reader = _Reader(rest[1:], text)
    if head == "trail":
        if reader.peek() is not None:
            raise NotationError(f"{quote(text, 40)}: a trail plays one card and takes nothing")
        return ("trail", card)
    if head == "build":
        loose: tuple[int, ...] = ()
        if reader.peek() == "{":
            reader.take()
            loose = reader.cards_until("}")
        return ("build", card, reader.value(), _order(loose))
    if head == "increase":
        if reader.take() != "[":
            raise NotationError(f"{quote(text, 40)}: name the build to increase in [brackets]")
        parts = _table_build(state, reader.build(), text)
        return ("increase", card, reader.value(), parts)
    return _capture(state, card, reader, text)


def _capture(state: CasinoState, card: int, reader: _Reader, text: str) -> Play:
    singles: list[int] = []
    sets: list[tuple[int, ...]] = []
    builds: list[Parts] = []
    while (token := reader.peek()) is not None:
        reader.take()
        if token == "{":
            sets.append(_order(reader.cards_until("}")))
        elif token == "[":
            builds.append(_table_build(state, reader.build(), text))
        elif token in "]}=":
            raise NotationError(f"{quote(text, 40)}: unexpected {quote(token, 40)}")
        else:
            singles.append(parse_card(token, text))
    taken = frozenset(singles) | {c for g in sets for c in g} | {c for b in builds for p in b for c in p}
    if state.phase == PLAY:
        for action in state.legal_actions():
            if (
                not isinstance(action, int)
                and action[0] == "capture"
                and action[1] == card
                and frozenset(capture_cards(action)) == taken
            ):
                return action
    return ("capture", card, _order(tuple(singles)), tuple(sets), tuple(builds))


def _bare_card(state: CasinoState, card: int, text: str) -> CasinoAction:
    """A card code alone: a dealt card at a chance node, else the one move that plays it."""
    if state.phase != PLAY:
        return card
    legal: list[Any] = state.legal_actions()
    moves = [a for a in legal if a[1] == card]
    if len(moves) == 1:
        chosen: CasinoAction = moves[0]
        return chosen
    if not moves:
        raise IllegalActionError(f"{quote(text, 40)}: {why_card_has_no_move(state, card)}")
    options = ", ".join(action_text(a) for a in moves[:6])
    raise AmbiguousActionError(
        f"{quote(text, 40)} could be {len(moves)} moves: {options}{' …' if len(moves) > 6 else ''}"
    )

"""Go Fish notation: ``ask SEAT RANK`` for a question, a card code for a draw.

Ranks are written as card codes write them (``A 2 … 9 X J Q K``); ``T`` and
``10`` are read as ten. ``ask RANK`` is read too when exactly one seat can be
asked for that rank (with two players, the other one); the canonical string names
the seat. Well-formed moves the rules forbid raise ``IllegalActionError``
with the rule, so a player learns why.

>>> import random, deckhand
>>> game = deckhand.load_game("go_fish", deck="SA H7 D7 C2 S3 H4 D5  SK HK DK C9 S8 H8 D6")
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.sample_chance_outcome(random.Random(0)))
>>> action_to_string(state, string_to_action(state, "ask 7"))
'ask 1 7'
"""

from __future__ import annotations

from deckhand.core.cards import CODES, code_index
from deckhand.core.errors import AmbiguousActionError, IllegalActionError, NotationError, quote
from deckhand.core.numbers import whole_number
from deckhand.games.go_fish.state import ASK, OVER, PLURALS, RANKS, GoFishState, ask_action, ask_parts

USAGE = "a move is ask SEAT RANK (e.g. ask 1 7; ranks A 2-9 X J Q K)"
_ALIASES = {"T": "X", "10": "X"}


def action_to_string(state: GoFishState, action: int) -> str:
    """``ask 1 7`` for a question, the card's code for a draw."""
    if type(action) is int and 0 <= action < len(CODES) - 1:
        return CODES[action]
    parts = ask_parts(action)
    if parts is None or parts[0] >= state.game.num_players:
        raise NotationError(f"{quote(action, 40)} is not a Go Fish action")
    return f"ask {parts[0]} {RANKS[parts[1]]}"


def parse_rank(text: str) -> int:
    """A rank as card codes write it (``7``, ``X``, ``q``), or ``T``/``10`` for ten."""
    letter = text.strip().upper()
    letter = _ALIASES.get(letter, letter)
    if len(letter) != 1 or letter not in RANKS:
        raise NotationError(f"{quote(text)} is not a rank (A 2-9 X J Q K; T or 10 for ten)")
    return RANKS.index(letter)


def string_to_action(state: GoFishState, text: str) -> int:
    """Read a move; ``NotationError`` for text that is not one, ``IllegalActionError`` for one the rules forbid."""
    words = text.split()
    if state.phase == OVER:
        raise IllegalActionError("the game is over")
    if state.phase != ASK:
        if len(words) != 1:
            raise NotationError(f"{quote(text)}: a card is drawn now; write its code (e.g. H7)")
        action: int = code_index(words[0])
    else:
        if not words or words[0].lower() != "ask" or len(words) not in (2, 3):
            raise NotationError(f"{quote(text)}: {USAGE}")
        rank = parse_rank(words[-1])
        if len(words) == 3:
            seat = whole_number(words[1], "the seat asked", high=state.game.num_players - 1)
        else:
            seat = _only_seat(state, rank)
        action = ask_action(seat, rank)
    reason = state.illegal(action)
    if reason is not None:
        raise IllegalActionError(reason)
    return action


def _only_seat(state: GoFishState, rank: int) -> int:
    """The one seat that may be asked for ``rank`` (``ask RANK``)."""
    seats = [parts[0] for a in state.asks() if (parts := ask_parts(a)) is not None and parts[1] == rank]
    if len(seats) == 1:
        return seats[0]
    if not seats:
        if all(c % 13 != rank for c in state.hands[state.player]):
            raise IllegalActionError(f"you may only ask for a rank you hold, and you hold no {PLURALS[rank]}")
        raise IllegalActionError(f"nobody may be asked for {PLURALS[rank]} now")
    raise AmbiguousActionError(f"ask whom? seats {', '.join(map(str, seats))} may be asked: write ask SEAT RANK")

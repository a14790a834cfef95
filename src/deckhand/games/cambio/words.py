"""Cambio moves and events in words every seat may read (docs/architecture.md): nothing hidden is named."""

from __future__ import annotations

from collections.abc import Sequence

from deckhand.core.cards import CARDS
from deckhand.core.errors import IllegalActionError
from deckhand.core.words import agree, does, names_list, object_name, own, possessive
from deckhand.games.cambio.actions import A_PASS, BASE, Kind, decode, switch_positions
from deckhand.games.cambio.options import KING, PEEK_OTHER, PEEK_OWN, SWITCH
from deckhand.games.cambio.phases import END, PENALTY
from deckhand.games.cambio.state import CambioState

POWER_WORDS = {
    PEEK_OWN: "a look at one's own card",
    PEEK_OTHER: "a look at another seat's card",
    SWITCH: "a blind switch",
    KING: "a look, then a switch",
}


def place(seat: int, slot: int) -> str:
    """A card's place said without names, counted from one as people count: ``card 3 of seat 2``."""
    return f"card {slot + 1} of seat {seat + 1}"


def place_words(place: str, viewer: int, names: Sequence[str]) -> str:
    """A place in notation (``1.0``) as the player at ``viewer`` says it: ``your card 2``, ``Computer's card 1``."""
    seat, slot = (int(part) for part in place.split("."))
    return f"{'your' if seat == viewer else possessive(names[seat])} card {slot + 1}"


def _the(card: int) -> str:
    """``the 8 of Hearts``, ``the Joker``: a card every seat has just seen."""
    return f"the {CARDS[card].name}"


def describe_action(state: CambioState, action: int) -> str:
    """A player's move in words every seat may read once it is played (``state`` is before it).

    It names a card only where the move shows it to the whole table: the top
    discard taken, the card a swap brings out, a discard, a stuck card. The
    words have no subject, so they read after "You played" and "Computer plays" alike.
    A move that cannot be played gets the rules' reason (``IllegalActionError``)
    instead of words: its slot may not exist.
    """
    why = state.why_illegal(action)
    if why is not None or type(action) is not int:
        raise IllegalActionError(why or f"{action!r} is not a Cambio action")
    if action < BASE:
        return "a card is dealt"
    kind, payload = decode(action)
    p = state.mover
    if kind == Kind.CAMBIO:
        return "cambio is called: everyone else plays one more turn"
    if kind == Kind.DRAW:
        return "a card is drawn from the deck"
    if kind == Kind.TAKE:
        return f"{_the(state.discard[-1])} is taken from the discard pile"
    if kind == Kind.SWAP:
        what = _the(state.drawn) if state.took else "the drawn card"
        return f"{what} goes in as card {payload + 1}; out comes {_the(state.hands[p][payload])}"
    if kind == Kind.DISCARD:
        card = state.drawn
        power = state.game.power[card]
        return f"{_the(card)} is discarded" + (f", for its power: {POWER_WORDS[power]}" if power else "")
    if kind == Kind.PEEK:
        q, s = payload & 7, payload >> 3
        return f"a look at {place(q, s)}" + (" (its own)" if q == p else "")
    if kind == Kind.SWITCH:
        sa, ta, sb, tb = switch_positions(payload)
        return f"{place(sa, ta)} and {place(sb, tb)} change places, unseen"
    if kind == Kind.SKIP:
        return "the power goes unused"
    if kind == Kind.STICK:
        q, s = payload & 7, payload >> 3
        card, top = state.hands[q][s], state.discard[-1]
        if state.game.rank[card] == state.game.rank[top]:
            return f"{place(q, s)} is stuck: right, {_the(card)} goes onto the discard pile"
        return f"{place(q, s)} is stuck: wrong, it is {_the(card)}, not a match for {_the(top)}; a penalty card follows"
    if kind == Kind.PASS:
        return "no stick"
    if kind == Kind.GIVE:
        q, t = state.target & 7, state.target >> 3
        return f"card {payload + 1} goes into the gap at {place(q, t)}"
    return "no card is given"


def tell_move(state: CambioState, action: int, names: Sequence[str]) -> str:
    """A player's move as the table hears it, the mover its subject: ``You look at Computer 1's card 2.``

    Cards are counted from one in each hand, as the board shows them; a seat
    is named as the table names it. Like :func:`describe_action`, it names a card only
    where the move shows it to everyone.
    """
    describe_action(state, action)  # the rules' reason for a move that cannot be played
    assert type(action) is int
    if action < BASE:
        return "A card is dealt."
    kind, payload = decode(action)
    p = state.mover
    who = names[p]

    def slot(q: int, s: int) -> str:
        return f"{own(who) if q == p else possessive(names[q])} card {s + 1}"

    if kind == Kind.CAMBIO:
        return f"{does(who, 'calls')} cambio: everyone else plays one more turn."
    if kind == Kind.DRAW:
        return f"{does(who, 'draws')} a card from the deck."
    if kind == Kind.TAKE:
        return f"{does(who, 'takes')} {_the(state.discard[-1])} from the discard pile."
    if kind == Kind.SWAP:
        what = _the(state.drawn) if state.took else "the drawn card"
        out = _the(state.hands[p][payload])
        return f"{does(who, 'puts')} {what} in place of {slot(p, payload)}; out comes {out}."
    if kind == Kind.DISCARD:
        power = state.game.power[state.drawn]
        return f"{does(who, 'discards')} {_the(state.drawn)}" + (
            f", for its power: {POWER_WORDS[power]}." if power else "."
        )
    if kind == Kind.PEEK:
        q, s = payload & 7, payload >> 3
        return f"{does(who, 'looks')} at {slot(q, s).replace(' card', ' own card') if q == p else slot(q, s)}."
    if kind == Kind.SWITCH:
        sa, ta, sb, tb = switch_positions(payload)
        return f"{does(who, 'switches')} {slot(sa, ta)} and {slot(sb, tb)}, unseen."
    if kind == Kind.SKIP:
        return f"{does(who, 'leaves')} the power unused."
    if kind == Kind.STICK:
        q, s = payload & 7, payload >> 3
        card, top = state.hands[q][s], state.discard[-1]
        if state.game.rank[card] == state.game.rank[top]:
            return f"{does(who, 'sticks')} {slot(q, s)}: right, {_the(card)} goes onto the discard pile."
        wrong = f"wrong, it is {_the(card)}, not a match for {_the(top)}; a penalty card follows"
        return f"{does(who, 'sticks')} {slot(q, s)}: {wrong}."
    if kind == Kind.PASS:
        return f"{does(who, 'does')} not stick."
    if kind == Kind.GIVE:
        q, t = state.target & 7, state.target >> 3
        gap = f"the gap of their card {t + 1}"
        return f"{does(who, 'gives')} {slot(p, payload)} to {object_name(names[q])}, into {gap}."
    return f"{does(who, 'gives')} no card."


def is_quiet(state: CambioState, action: int) -> bool:
    """Passing goes without saying: most of a stick window is seats not sticking."""
    return action == A_PASS


def announce(state: CambioState, action: int, names: Sequence[str]) -> list[str]:
    """A penalty card's arrival (the card itself stays face down); at the end, every hand shown and scored."""
    if state.phase == PENALTY and type(action) is int and action < BASE:
        card = len(state.hands[state.mover]) + 1
        return [f"A penalty card goes face down to {object_name(names[state.mover])}, as their card {card}."]
    if state.phase == END or type(action) is not int:
        return []
    after = state.clone()
    try:  # the rules check the move as they play it: cheaper than listing every legal one (a deal's are the pile)
        after.apply_action(action)
    except IllegalActionError:
        return []  # an illegal move is refused by the rules, with their reason
    return reveal(after, names) if after.phase == END else []


def reveal(state: CambioState, names: Sequence[str]) -> list[str]:
    """The end of a game as the table hears it: every hand face up with its total, and the rule that decides.

    Every card in a hand is shown to everyone at the end, so naming them gives nothing away.
    """
    totals = state.scores()
    lines = ["The game is over, and every hand is shown."]
    for seat, hand in enumerate(state.hands):
        cards = " ".join(CARDS[c].pretty for c in hand if c >= 0) or "no cards"
        lines.append(f"{names[seat]}: {cards}, a total of {totals[seat]:g}.")
    winners = state.winners()
    low = min(totals)
    who = names_list([names[seat] for seat in winners])
    rule = f"Lowest total wins: {who} {agree(who, 'wins') if len(winners) == 1 else 'share the win'} with {low:g}."
    if state.caller >= 0 and state.caller not in winners and totals[state.caller] == low:
        rule += f" {names[state.caller]} called cambio, and a caller tied for lowest loses the tie."
    lines.append(rule)
    return lines

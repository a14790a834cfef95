"""Basra moves in words every seat may read: every card of a move is played face up.

No move goes without saying, so Basra keeps the default ``is_quiet`` (never).
"""

from __future__ import annotations

from collections.abc import Sequence

from deckhand.core.cards import CARDS
from deckhand.core.words import agree, does, object_name
from deckhand.games.basra.captures import BasraAction, Move, is_basra, taken
from deckhand.games.basra.state import BasraState, is_move


def describe_action(state: BasraState, action: BasraAction) -> str:
    """A move in words (:func:`describe_move`); a deal says only that a card is dealt."""
    if state.to_move < 0 or not is_move(action):
        return "a card is dealt"
    assert isinstance(action, tuple)
    return describe_move(action, state.table, state.game.seven_diamonds)


def tell_move(state: BasraState, action: BasraAction, names: Sequence[str]) -> str:
    """``Computer takes the 10 of Spades and the 3 of Hearts with the King of Spades: a basra.``"""
    if state.to_move < 0 or not is_move(action):
        return "A card is dealt."
    assert isinstance(action, tuple)
    who = names[state.to_move]
    card = f"the {CARDS[action[0]].name}"
    table, sevens = state.table, state.game.seven_diamonds
    got = taken(action, table, sevens)
    if not got:
        return f"{does(who, 'lays')} {card} on the table."
    if len(got) == len(table) and len(got) > 2:
        things = f"the whole table ({len(got)} cards)"
    else:
        things = _and([f"the {CARDS[c].name}" for c in got])
    basra = ": a basra" if is_basra(action, table, sevens) else ""
    return f"{does(who, 'takes')} {things} with {card}{basra}."


def announce(state: BasraState, action: BasraAction, names: Sequence[str]) -> list[str]:
    """The end of a deck (:func:`deck_report`) when ``action`` is its last card, the end of the game when it
    ends a deal that ends the game; otherwise nothing."""
    if state.to_move < 0 or not is_move(action) or any(len(h) > (h is state.hands[state.to_move]) for h in state.hands):
        return []  # only the last card of a deal ends a deck or the game
    assert isinstance(action, tuple)
    after = state.clone()
    after.apply_action(action)
    if not state.pile:
        return deck_report(state, action, after, names)
    if after.is_terminal():
        return [f"The deal is over. {_scores(after, names)}", _winner(after, names)]
    return []


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def side_name(side: int, names: Sequence[str], players: int, *, said: bool = False) -> str:
    """A side as the table calls it: the seat's name, or both partners' at four seats (``said``: after a verb
    or a preposition, "you"); a partner named second is mid-sentence ("Computer 1 and you")."""
    first = object_name(names[side]) if said else names[side]
    return first if players == 2 else f"{first} and {object_name(names[side + 2])}"


def describe_move(move: Move, table: list[int], seven_diamonds: bool) -> str:
    """``the King of Spades takes the 10 of Spades and the 3 of Hearts: a basra``."""
    card = f"the {CARDS[move[0]].name}"
    got = taken(move, table, seven_diamonds)
    if not got:
        return f"{card} stays on the table"
    if len(got) == len(table) and len(got) > 2:
        text = f"{card} takes the whole table ({len(got)} cards)"
    else:
        text = f"{card} takes " + _and([f"the {CARDS[c].name}" for c in got])
    return text + (": a basra" if is_basra(move, table, seven_diamonds) else "")


def deck_report(before: BasraState, move: Move, after: BasraState, names: Sequence[str]) -> list[str]:
    """The end of a deck, as a table hears it: who takes what is left, the most-cards points, the scores."""
    game = before.game
    player = before.to_move
    got = taken(move, before.table, game.seven_diamonds)
    left = [c for c in before.table if c not in got] if got else [*before.table, move[0]]
    receiver = player if got else before.last
    lines = [f"Deck {before.deck_no} is over."]
    if left and receiver >= 0:
        worth = sum(game.points[c] for c in left)
        cards = _and([f"the {CARDS[c].name}" for c in left])
        points = f"{worth} point{'s' * (worth != 1)}"
        whose = object_name(names[receiver])
        if game.players > 2:
            whose += f", for {side_name(receiver & 1, names, game.players, said=True)}"
        lines[0] += f" What is left on the table ({cards}: {points}) goes to the last capturer, {whose}."
    if game.most_cards:
        sizes = [len(before.piles[0]), len(before.piles[1])]
        if got:
            sizes[player & 1] += len(got) + 1
        if receiver >= 0:
            sizes[receiver & 1] += len(left)
        if sizes[0] != sizes[1]:
            winner = 0 if sizes[0] > sizes[1] else 1
            lines.append(
                f"Most cards ({sizes[winner]} to {sizes[1 - winner]}): "
                f"{game.most_cards} points for {side_name(winner, names, game.players, said=True)}."
            )
        else:
            lines.append(f"Most cards: {sizes[0]} each, no points.")
    lines.append(_scores(after, names))
    if after.is_terminal():
        lines.append(_winner(after, names))
    else:
        ends = f"a side with {game.target} or more that leads after a deal wins"
        lines.append(f"Deck {after.deck_no} is dealt by {object_name(names[after.dealer])}; {ends}.")
    return lines


def _scores(state: BasraState, names: Sequence[str]) -> str:
    """``Scores: You 45, Computer 30.``"""
    players = state.game.players
    apart = ", " if players > 2 else " "  # "You and Computer 2, 33": a partner's name is no score
    sides = [f"{side_name(side, names, players)}{apart}{state.totals[side]}" for side in (0, 1)]
    return f"Scores: {('; ' if players > 2 else ', ').join(sides)}."


def _winner(state: BasraState, names: Sequence[str]) -> str:
    """Who ends the game, and by which rule: a total of the target or more, and the lead."""
    who = side_name(0 if state.totals[0] > state.totals[1] else 1, names, state.game.players)
    return f"{who} {agree(who, 'has')} {state.game.target} or more and {agree(who, 'leads')}: the game is over."

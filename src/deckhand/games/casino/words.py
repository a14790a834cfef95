"""Casino in words every seat may read: the card played and what it takes or builds, the coin, the round's end."""

from __future__ import annotations

from collections.abc import Sequence

from deckhand.core.cards import CARDS
from deckhand.core.words import agree, count, does, object_name, own, possessive
from deckhand.games.casino.moves import Build, CasinoAction
from deckhand.games.casino.notation import action_to_string
from deckhand.games.casino.phases import COIN, PLAY
from deckhand.games.casino.state import ACES, DIAMOND_TEN, SIDES, SPADE_TWO, CasinoState


def card_name(card: int) -> str:
    """``9 of Clubs``."""
    return CARDS[card].name


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _group(cards: tuple[int, ...] | list[int]) -> str:
    return _and([card_name(c) for c in cards])


def describe(action: CasinoAction, vals: Sequence[tuple[int, ...]], builds: Sequence[Build], player: int) -> str:
    """``player``'s move in words: ``play a 9 of Clubs to capture the 9 of Diamonds and the set of …``.

    ``vals`` are the cards' values under the game's options and ``builds`` the
    builds on the table: a state and a view both have them.
    """
    if not isinstance(action, tuple) or action[0] not in ("trail", "capture", "build", "increase"):
        return f"play {action!r}"
    kind, card = action[0], action[1]
    head = f"play a {card_name(card)}" if not card_name(card).startswith(("Ace", "8")) else f"play an {card_name(card)}"
    if kind == "trail":
        return f"{head} as a trail"
    if kind == "capture":
        things = [f"the {card_name(c)}" for c in action[2]]
        things += [f"the set of {_group(g)}" for g in action[3]]
        for parts in action[4]:
            if len(parts) == 1:
                things.append(f"the build of {_group(parts[0])}")
            else:
                groups = [" with the ".join(card_name(c) for c in p) for p in parts]  # no brackets in a sentence
                said = [f"the {g}" for g in groups]
                things.append("the multiple build (" + ", ".join(said[:-1]) + ", and " + said[-1] + ")")
        return f"{head} to capture {_and(things)}"
    value = action[2]
    if kind == "increase":
        return f"{head} to increase the opponent's build of {_group(action[3][0])} to {value}, taking it over"
    extra = action[3]
    mine = any(b[0] == value and b[1] == player for b in builds)
    if value in vals[card]:
        if extra:
            return f"{head} and the {_group(extra)} as a multiple build of {value}"
        return f"{head} to add to its multiple build of {value}"
    with_ = f" with the {_group(extra)}" if extra else ""
    if mine:
        return f"{head}{with_} to make another build of {value}, adding to its multiple build"
    return f"{head}{with_} to make a build of {value}"


def describe_action(state: CasinoState, action: CasinoAction) -> str:
    """A move as the table hears it: the play in words, anything else in notation."""
    if not isinstance(action, tuple) or action[0] not in ("trail", "capture", "build", "increase"):
        return action_to_string(state, action) if state.to_move >= 0 else "a card is dealt"
    return describe(action, state.game.vals, state.builds, state.to_move).removeprefix("play ")


def tell_move(state: CasinoState, action: CasinoAction, names: Sequence[str]) -> str:
    """``Computer plays a 9 of Clubs to capture the 9 of Diamonds.``, ``You call heads.``"""
    player = state.to_move
    if player < 0:
        return "A card is dealt."
    who = names[player]
    if isinstance(action, tuple) and action[0] == "call":
        return f"{does(who, 'calls')} {action_to_string(state, action)}."
    words = describe_action(state, action)
    if isinstance(action, tuple) and action[0] in ("trail", "capture", "build", "increase"):
        words = words.replace(" its ", f" {own(who)} ").replace("the opponent's", possessive(names[1 - player]))
    return f"{does(who, 'plays')} {words}."


def announce(state: CasinoState, action: CasinoAction, names: Sequence[str]) -> list[str]:
    """The coin's fall, and the end of a round with its points (the Casino course rules' words)."""
    if state.phase == COIN and isinstance(action, tuple):
        side, leader = SIDES[action[1]], 0 if action[1] == state.call else 1
        first = names[leader]
        first_said = object_name(first)  # mid-sentence: "you play first"
        return [
            f"The coin shows {side}; {object_name(names[0])} called {SIDES[state.call]}: "
            f"{first_said} {agree(first, 'plays')} first."
        ]
    if state.phase != PLAY:
        return []
    after = state.clone()
    after.apply_action(action)
    if after.last_round is state.last_round or after.last_round is None or after.last_points is None:
        return []
    game = state.game
    lines = round_report(after.last_round, after.last_points, after.tally, state.round, names, game.spade)
    if after.is_terminal():
        return [*lines, _result(after.tally, names, game.target)]
    return [*lines, f"Round {after.round} is led by {object_name(names[after.leader])}, the last to capture."]


def round_report(
    last_round: tuple[tuple[int, ...], tuple[int, ...], int],
    points: tuple[int, int],
    tally: list[int],
    number: int,
    names: Sequence[str],
    spade: Sequence[bool],
) -> list[str]:
    """The Casino course rules' end of a round: both piles, each scoring rule with what it gave, the round's and the
    tournament's totals. Cards are named as the table draws them (``10♦``)."""
    piles = last_round[:2]
    last = last_round[2]
    lines = [f"Round {number} is over."]
    if last >= 0:
        lines[0] += f" The cards left on the table go to the last capturer, {object_name(names[last])}."
    for seat in (0, 1):
        pile = piles[seat]
        cards = " ".join(CARDS[c].pretty for c in pile) or "nothing"
        lines.append(f"{names[seat]} took {count(len(pile), 'card')}: {cards}")

    def most(what: str, counts: tuple[int, int], worth: int) -> str:
        rule = f"most {what} ({count(worth, 'point')})"
        if counts[0] == counts[1]:
            return f"{rule}: nobody, {counts[0]} each"
        winner = 0 if counts[0] > counts[1] else 1
        return f"{rule}: {names[winner]}, {counts[winner]} to {counts[1 - winner]}"

    def holder(card: int, worth: int) -> str:
        owner = next((seat for seat in (0, 1) if card in piles[seat]), None)
        return f"the {CARDS[card].pretty} ({count(worth, 'point')}): {names[owner] if owner is not None else 'nobody'}"

    spades = (sum(spade[c] for c in piles[0]), sum(spade[c] for c in piles[1]))
    aces = [sum(c in ACES for c in pile) for pile in piles]
    categories = [
        most("cards", (len(piles[0]), len(piles[1])), 3),
        most("spades", spades, 1),
        holder(DIAMOND_TEN, 2),
        holder(SPADE_TWO, 1),
        f"aces (1 point each): {names[0]} {aces[0]}, {names[1]} {aces[1]}",
    ]
    lines.append("Scoring: " + "; ".join(categories) + ".")
    lines.append(
        f"This round: {names[0]} {points[0]}, {names[1]} {points[1]}. "
        f"Tournament: {names[0]} {tally[0]}, {names[1]} {tally[1]}."
    )
    return lines


def _result(tally: Sequence[int], names: Sequence[str], target: int) -> str:
    """The tournament's end: it ends after the round where someone reaches the target; the most points win."""
    over = f"The game is over ({target} points reached)"
    if tally[0] == tally[1]:
        return f"{over}: a tie at {tally[0]}."
    w = 0 if tally[0] > tally[1] else 1
    return f"{over}: {names[w]} {agree(names[w], 'wins')}, {tally[w]} to {tally[1 - w]}."

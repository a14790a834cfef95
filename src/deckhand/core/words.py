"""Words the games share when they speak to players: lists, counts, rank plurals, and why a move was chosen.

Every sentence a player reads is built in a game's ``words.py`` (or its
agents); these are the small pieces they all need, so that "10s", "1 card",
"You draw" and "the 7♥ and the 2♠" read the same in every game.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from deckhand.core.cards import Card, Rank
from deckhand.core.errors import NotationError

RANK_PLURALS: dict[Rank, str] = {
    Rank.ACE: "aces",
    **{rank: f"{rank.label}s" for rank in list(Rank)[1:10]},
    Rank.JACK: "jacks",
    Rank.QUEEN: "queens",
    Rank.KING: "kings",
    Rank.JOKER: "jokers",
}
"""A rank as a player says several of it: ``aces``, ``2s`` … ``10s``, ``jacks``."""


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: a list as a sentence says it."""
    return _listed(items, "and")


def or_list(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``: a list after a negative ("has no 5s, 8s or jacks")."""
    return _listed(items, "or")


def _listed(items: Sequence[str], last: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def spelled(number: int) -> str:
    """``two``: a small number as a sentence says it (up to twelve; digits beyond)."""
    return NUMBER_WORDS[number] if 0 <= number < len(NUMBER_WORDS) else str(number)


@functools.cache
def card_name_patterns(code: str) -> tuple[re.Pattern[str], ...]:
    """Every way a sentence names the card ``code``: by its code (``H9``), its name (``9 of Hearts``,
    ``nine of hearts``) or its label (``9♥``). What names a card is what can give it away."""
    patterns = [re.compile(rf"(?<![A-Za-z0-9]){re.escape(code)}(?![A-Za-z0-9])")]
    try:
        card = Card.parse(code)
    except NotationError:
        return tuple(patterns)
    if card.suit is None:  # a joker: "the Joker"
        patterns.append(re.compile(rf"\b{re.escape(card.name)}\b", re.IGNORECASE))
    else:
        suit = card.suit.name.capitalize()
        words = {card.name, f"{card.rank.word} of {suit}"}
        patterns += [re.compile(rf"\b{re.escape(w)}\b", re.IGNORECASE) for w in words]
        patterns.append(re.compile(rf"(?<![A-Za-z0-9]){re.escape(card.rank.label + card.suit.symbol)}"))
    return tuple(patterns)


def count(number: int, thing: str, things: str | None = None) -> str:
    """``1 card``, ``2 cards``: a number with its noun in agreement."""
    return f"{number} {thing if number == 1 else things or thing + 's'}"


_PLAIN = {"has": "have", "does": "do", "goes": "go", "is": "are", "was": "were"}


def agree(subject: str, verb: str) -> str:
    """``verb``, said of one seat (``draws``), as it agrees with ``subject``: ``draw`` after "You" (or "You and
    Computer 2", partners).

    A table calls the person at the screen "You"; every other seat is a name.
    """
    if subject.lower() != "you" and " and " not in subject:
        return verb
    return _PLAIN.get(verb, verb[:-2] if verb.endswith(("shes", "ches", "sses", "xes")) else verb.removesuffix("s"))


def object_name(name: str) -> str:
    """A seat's name after a verb or a preposition: ``asks you``, ``to Computer``."""
    return "you" if name == "You" else name


def names_list(names: Sequence[str]) -> str:
    """Seats named together at a sentence's start: ``Computer 3 and you``, ``You and Computer 2``."""
    return and_list([*names[:1], *(object_name(name) for name in names[1:])])


def possessive(name: str) -> str:
    """Whose, by a seat's name: ``your``, ``Computer's``, ``Ann's``."""
    return "your" if name == "You" else f"{name}'s"


def own(subject: str) -> str:
    """The subject's own, later in its sentence: ``You play your 5``, ``Computer plays their 5``."""
    return "your" if subject == "You" else "their"


def does(subject: str, verb: str) -> str:
    """``Computer draws``, ``You draw``: a subject with ``verb`` (said of one seat) in agreement."""
    return f"{subject} {agree(subject, verb)}"


@dataclass(frozen=True)
class Reasons:
    """Why a move is good, in the game's words: said to the player who makes it, and to the table.

    A search finds its move by figures; a game's ``choice_reasons`` hook turns
    the move it found into these words (what the move takes, keeps or denies)
    so that a searching player explains itself as a rule-following one does.
    """

    yours: str = ""
    """To the player who makes the move, in the second person ("it keeps your jack for a fuller table"):
    it may name that player's own cards. Empty when the game has nothing to say."""
    public: str = ""
    """To everyone else, in the third person ("it takes the whole table"): no card another seat cannot see."""

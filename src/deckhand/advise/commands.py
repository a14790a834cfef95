"""What a person types at the table: card short forms and commands.

Two notations are accepted. The Cambio advisor README's one-character commands put the first
argument right after the command letter (``x2 5``: swap the drawn card into
slot 2, the card that came out was a 5); the long forms are Cambio's
notation (``swap 2 5``). Seats are *table* seats: you are seat 0 and the
others count on from your left, whoever deals. Cards use short forms
(``a``, ``2``–``10``, ``j``, ``q``, ``bk``, ``rk``, ``0`` for a joker) or full
codes (``H7``); suits only matter for kings, so a short form stands for any
card of that rank and the tracker picks a concrete one.

>>> parse_command("x2 bk")
Move(verb='swap', slot=2, pos=None, pos2=None, seat=None, card=CardSpec(label='bk', codes=('SK', 'CK')), close=False)
>>> parse_command("p1.3").pos
(1, 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from deckhand.core.cards import CARDS, Card, Rank, Suit
from deckhand.core.errors import NotationError, quote
from deckhand.core.numbers import is_whole_number

_SHORT_RANKS: dict[str, Rank] = {
    "a": Rank.ACE,
    "1": Rank.ACE,
    "2": Rank.TWO,
    "3": Rank.THREE,
    "4": Rank.FOUR,
    "5": Rank.FIVE,
    "6": Rank.SIX,
    "7": Rank.SEVEN,
    "8": Rank.EIGHT,
    "9": Rank.NINE,
    "10": Rank.TEN,
    "x": Rank.TEN,
    "t": Rank.TEN,
    "j": Rank.JACK,
    "q": Rank.QUEEN,
}
_BLACK = (Suit.SPADES, Suit.CLUBS)
_RED = (Suit.HEARTS, Suit.DIAMONDS)


@dataclass(frozen=True)
class CardSpec:
    """A card as typed: its label and the concrete codes it may stand for."""

    label: str
    codes: tuple[str, ...]

    def matches(self, code: str) -> bool:
        return code in self.codes


def _codes(rank: Rank, suits: tuple[Suit, ...] = tuple(Suit)) -> tuple[str, ...]:
    return tuple(card.code for card in CARDS if card.rank is rank and card.suit in suits)


def parse_card(text: str) -> CardSpec:
    """Read a short form (``a``, ``2``–``10``, ``j``, ``q``, ``bk``, ``rk``, ``0``) or a code (``H7``, ``JK``)."""
    key = text.strip().lower()
    if key in _SHORT_RANKS:
        rank = _SHORT_RANKS[key]
        return CardSpec(rank.label.lower() if rank is not Rank.TEN else "10", _codes(rank))
    if key == "bk":
        return CardSpec("bk", _codes(Rank.KING, _BLACK))
    if key == "rk":
        return CardSpec("rk", _codes(Rank.KING, _RED))
    if key in ("0", "jk", "joker"):
        return CardSpec("0", ("JK",))
    if key == "k":
        raise NotationError("'k': say 'bk' for a black king or 'rk' for a red king")
    try:
        card = Card.parse(key)
    except NotationError:
        raise NotationError(
            f"{quote(text, 40)} is not a card: use a, 2-10, j, q, bk, rk, 0 (joker) or a code such as H7"
        ) from None
    return CardSpec(card.code, (card.code,))


def short_form(code: str) -> str:
    """How the advisor writes a card: ``7``, ``10``, ``bk``, ``rk``, ``0``; ``??`` stays."""
    if code in ("??", ""):
        return "??"
    card = Card.parse(code)
    if card.rank is Rank.JOKER:
        return "0"
    if card.rank is Rank.KING:
        return "rk" if card.is_red else "bk"
    return card.rank.label.lower()


@dataclass(frozen=True)
class Move:
    """One thing that happened at the table, in table seats.

    ``verb`` is a Cambio action (docs/games/cambio.md) (``draw``, ``discard``, ``swap``, ...);
    ``card`` is what the person saw, when they saw something; ``close`` says
    the Cambio advisor README's ``+``/``c`` semantics apply: any open stick window is passed
    first.
    """

    verb: str
    slot: int | None = None
    pos: tuple[int, int] | None = None
    pos2: tuple[int, int] | None = None
    seat: int | None = None
    card: CardSpec | None = None
    close: bool = False


@dataclass(frozen=True)
class Meta:
    """A session command: ``advise``, ``undo``, ``show``, ``history``, ``save``, ``load``, ``help``, ``quit``."""

    name: str
    arg: str = ""


Command = Move | Meta

_META = {
    "?": "advise",
    "advise": "advise",
    "undo": "undo",
    "u": "undo",
    "show": "show",
    "history": "history",
    "save": "save",
    "load": "load",
    "help": "help",
    "h": "help",
    "quit": "quit",
    "exit": "quit",
}

# Short command letter -> (verb, argument pattern). Patterns: S own slot, P a
# position, Q a seat, C an optional card, * the card is required.
_SHORT = {
    "+": ("draw", "C"),
    "-": ("discard", "C"),
    "x": ("swap", "SC"),
    "p": ("peek", "PC"),
    "w": ("switch", "PP"),
    "n": ("skip", ""),
    "c": ("cambio", ""),
    "t": ("take", ""),
    "s": ("stick", "QPC"),
    "g": ("give", "S"),
    "k": ("keep", ""),
    ".": ("pass", ""),
}
_LONG = {
    "draw": "C",
    "discard": "C",
    "swap": "SC",
    "peek": "PC",
    "switch": "PP",
    "skip": "",
    "cambio": "",
    "take": "",
    "stick": "PC",
    "pass": "",
    "give": "S",
    "keep": "",
}


def parse_command(line: str) -> Command | None:
    """Parse one input line; ``None`` for a blank line or a ``#`` comment."""
    text = line.split("#", 1)[0].strip()
    if not text:
        return None
    head, _, rest = text.partition(" ")
    word = head.lower()
    if word in _META:
        return Meta(_META[word], rest.strip())
    if word in _LONG:
        return _parse_args(word, _LONG[word], rest.split(), text, close=False)
    letter = text[0].lower()
    if letter in _SHORT and not (head.isalpha() and len(head) > 1 and not _SHORT[letter][1]):
        # A word such as 'clear' is a command or unknown, not 'c' with 'lear' after it.
        verb, pattern = _SHORT[letter]
        return _parse_args(verb, pattern, text[1:].split(), text, close=letter in "+c")
    raise NotationError(f"{quote(text, 40)}: unknown command (type 'help' for the list)")


def _parse_args(verb: str, pattern: str, args: list[str], text: str, *, close: bool) -> Move:
    slot = pos = pos2 = seat = card = None
    todo = list(args)
    for kind in pattern:
        if kind == "C":
            if todo:
                card = parse_card(todo.pop(0))
            continue
        if not todo:
            raise NotationError(f"{quote(text, 40)}: {verb} needs {_NEEDS[kind]}")
        if kind == "S":
            slot = _number(todo.pop(0), "a slot", text)
        elif kind == "Q":
            seat = _number(todo.pop(0), "a seat", text)
        elif kind == "P":
            found = _position(todo, text)
            if pos is None:
                pos = found
            else:
                pos2 = found
    if todo:
        raise NotationError(f"{quote(text, 40)}: unexpected {' '.join(todo)!r}")
    return Move(verb, slot, pos, pos2, seat, card, close)


_NEEDS = {"S": "a slot number", "Q": "the seat that sticks", "P": "a position such as 1.2 (seat.slot)"}


def _number(token: str, what: str, text: str) -> int:
    if not is_whole_number(token):
        raise NotationError(f"{quote(text, 40)}: {quote(token, 40)} is not {what}")
    return int(token)


def _position(todo: list[str], text: str) -> tuple[int, int]:
    """``P.S`` in one token, or the Cambio advisor README's ``P S`` in two."""
    token = todo.pop(0)
    if "." in token:
        seat, _, slot = token.partition(".")
        return _number(seat, "a seat", text), _number(slot, "a slot", text)
    seat_number = _number(token, "a seat", text)
    if not todo:
        raise NotationError(f"{quote(text, 40)}: a position is seat.slot, e.g. 1.2")
    return seat_number, _number(todo.pop(0), "a slot", text)


HELP = """\
Game commands: what happened at the table. Seats are table seats (you are 0,
then clockwise); P.S is seat P's slot S. Cards: a 2..10 j q bk rk 0 (joker),
or a code such as H7; [card] is the card, when you saw it.
  + [card]       everyone passed the stick window; the next player drew
  - [card]       the drawn card was discarded (its card, unless you know it)
  xS [card]      the drawn card went into own slot S; [card] came out
  pP.S [card]    a peek at P.S (the card, when you are the one peeking)
  wP.S Q.T       two cards switched (jack, queen, or black king after a peek)
  n / c / t      a power skipped / "cambio" called (the stick window passed
                 first) / the top discard taken (classic rules)
  sQ P.S [card]  seat Q stuck the card at P.S, which was [card]
  gS / k         the sticker gave own slot S / kept its cards
  .              the seat to move passed in the stick window
Long forms: draw [card], discard [card], swap S [card], peek P.S [card],
  switch P.S Q.T, skip, cambio, take, stick P.S [card], pass, give S, keep.
Session: ? or advise [playouts], undo, show, history, save FILE, load FILE,
  help, quit. The table is saved as you go: quit, Ctrl-C or Ctrl-D says where,
  and deckhand advise cambio --load FILE resumes it."""

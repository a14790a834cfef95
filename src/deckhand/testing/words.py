"""Everything a game says, it says as a player would: the scan of its words over seeded games.

What a player reads comes from the games: a move in words
(``describe_action``), a move told as a sentence (``tell_move``, and the
line the terminal and the browser print for a computer's move, its public
reason after it: :func:`deckhand.play.tell.told_to_others`), what the table is told (``announce``: a round's or a
deck's end too), a hint (the ``suggest`` hook and an agent's reason, put
together by :func:`deckhand.agents.hints.hint_sentence`) and why a computer
played as it did (``Explanation.public``). :func:`check_words` plays a
seeded game and reads every one of them, for every seat and every level,
for the program's voice:

* notation: a card code (``C7``, ``DX``), a lone rank letter (``for X``), a
  move as typed (``ask 1 X``, ``trail C7``, ``Griffin 0,0``), notation's
  braces and brackets;
* the first person (``I``, ``my``, ``me``) where a player is spoken to or of;
  the second person in what the table reads of another seat;
* a word twice in a row (``play play``, ``the the``), or two verbs
  (``plays take``, ``played ask``: the notation told as the object of "plays");
* a move as typed at the start of a sentence (``ask 1 7 — ...``), or a
  sentence that starts in lower case;
* a seat counted from zero (``seat 0``, ``Player 0``, ``Computer 0``), a board's place as
  coordinates (``0,1``), a place in a hand from zero or as notation (``card 0``, ``1.3``);
* a count whose noun disagrees with it (``1 cards``, ``3 point``);
* a rank's plural written as a letter (``Xs``, ``As``, ``K's``; ``6s`` and
  ``10s`` are English);
* "You" with a verb of the third person (``You draws``, ``You have no cards
  and draws one``), or with a capital mid-sentence (``dealt by You``, ``3 points for You``,
  ``Computer 1 and You have``, ``; You called``);
* a list after a negative joined with "and" (``has no 5s, 8s and jacks``);
* and a level that gives the table no reason for its move.

:func:`faults_in` is the scan of one text; the check raises
:class:`WordingError` with every fault it found, each with where it was said.
"""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from deckhand.agents.base import Agent
from deckhand.agents.hints import hint_sentence
from deckhand.agents.registry import make_agent
from deckhand.core.presentation import presentation_of
from deckhand.core.protocol import Game, State
from deckhand.core.turns import CHANCE, TERMINAL
from deckhand.play.tell import told_to_others
from deckhand.testing.secrets import quick_spec

KINDS = ("words", "hint", "reason", "public")
"""What a text is: public words of a move or an event; a hint or a private reason (said to the seat that
decides: "you"); a public reason (said of a seat to the others: "it")."""

_CODE = re.compile(r"(?<![\w♠♥♦♣])(?:[SHDC][A2-9XJQK]|JK)(?![\w♠♥♦♣])")
_LONE_RANK = re.compile(r"(?<![\w'’-])X(?![\w'’-])")
_BRACES = re.compile(r"[{}\[\]]|\s=\s\d")
_FIRST = re.compile(r"\b(?:I|I'm|I've|I'd|I'll)\b|\b(?i:me|my|mine|myself)\b")
_SECOND = re.compile(r"\b(?i:you|your|yours|yourself)\b")
_DOUBLED = re.compile(r"\b([A-Za-z]+)\s+\1\b", re.IGNORECASE)
_PLURAL = re.compile(r"\b(?:[XKQJ]s|[AXKQJ2-9]'s|10's)\b")
_AS = re.compile(r"\bAs\b")
_YOU_OBJECT = re.compile(r"\b(?:by|to|for|with|from|than|asks|gives|beats)\s+You\b|(?:\band|;)\s+You\s+(?!and\b)[a-z]")
"""``dealt by You``; ``Computer 1 and You have``, ``; You called`` (after a colon a clause may start a
sentence: ``Lowest total wins: You win with 8``, and a label is a name: ``Scores: You 11``)."""
_YOU_VERB = re.compile(r"\bYou\s+(has|is|was|does|goes|[a-z]*[^\Ws]s)\b")
_VERBS: tuple[str, ...] = (
    "asks",
    "builds",
    "calls",
    "captures",
    "clears",
    "discards",
    "does",
    "draws",
    "gives",
    "goes",
    "hands",
)
_VERBS += ("has", "holds", "is", "keeps", "lays", "leaves", "makes", "passes", "peeks", "plays", "puts", "shows")
_VERBS += ("sticks", "swaps", "takes", "trails", "wins")
_AND_VERB = re.compile(rf"\band\s+({'|'.join(_VERBS)})\b")
_CLAUSE = re.compile(r"[^.;:!?]+")
_BASES: tuple[str, ...] = ("ask", "build", "call", "capture", "discard", "draw", "give", "increase", "pass", "peek")
_BASES += ("place", "play")
_BASES += ("stick", "swap", "switch", "take", "trail")
_MOVE_VERBS = [verb for verb in _VERBS if verb not in ("does", "goes", "has", "is")]
_TWO_VERBS = re.compile(rf"\b(?:plays|played|play)\s+(?:{'|'.join(_BASES)}|{'|'.join(_MOVE_VERBS)})\b", re.IGNORECASE)
_COORDINATE = re.compile(r"(?<![\w.,])\d,\d(?![\w,]|\.\d)")
"""A board's place as notation (``0,1``), where a player says "the top middle"."""
_ZERO_SLOT = re.compile(
    r"\b(?i:card|slot)\s+0\b|\b(?i:at|card|slot|with|see|sees|saw|seen|peek|peeks|peeked|of|and|on)\s+\d\.\d\b(?![%\d])"
)
"""A hand's place counted from zero (``card 0``, ``slot 0``) or as notation (``1.3``)."""
_ZERO_SEAT = re.compile(r"\b(?i:seat|player)\s+0\b|\bComputer 0(?= \(|'s| [a-z])")
"""``seat 0``, ``Player 0``, ``Computer 0 (easy)``; a score (``Computer 0, You 11``) is a count, not a seat."""
_RANKS = r"(?:aces|jacks|queens|kings|\d+s)"
_NEGATIVE_AND = re.compile(rf"\b(?:has|holds) no {_RANKS}(?:, {_RANKS})* and {_RANKS}\b")
"""``has no 5s, 8s and jacks``: after a negative, a list is joined with "or"."""
_DISAGREES = re.compile(
    r"\b1\s+(?:cards|points|books|visits)\b|\b(?:[02-9]|\d{2,})\s+(?:card|point|book|visit)\b(?![-'’])"
)
_SENTENCE = re.compile(r"(?:^|[.!?]\s+)(\S[^.!?]*)")


@dataclass(frozen=True)
class Fault:
    """One thing said in the program's voice: what kind of fault, the text, and where it was said."""

    kind: str
    text: str
    where: str = ""

    def __str__(self) -> str:
        at = f"{self.where}: " if self.where else ""
        return f"{at}{self.kind} in {self.text!r}"


class WordingError(AssertionError):
    """A game said something in the program's voice rather than a player's."""


def _starts_sentence(text: str, at: int) -> bool:
    before = text[:at].rstrip()
    return not before or before[-1] in ".!?:;(\"'"


def faults_in(text: str, kind: str = "words", notations: Collection[str] = ()) -> list[str]:
    """The faults of one text (see the module's list), as short names; ``notations`` are moves as typed.

    ``kind`` is one of :data:`KINDS`: a hint or a private reason may say "you"
    and a public one may not; none says "I".
    """
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    found = []
    if _CODE.search(text) or _LONE_RANK.search(text):
        found.append("a card code or rank letter")
    if _BRACES.search(text):
        found.append("notation's braces or brackets")
    for notation in notations:
        if _is_typed(notation) and re.search(rf"(?<![\w]){re.escape(notation)}(?![\w])", text):
            found.append(f"the notation {notation!r}")
            break
    if _FIRST.search(text):
        found.append("the first person")
    if kind == "public" and _SECOND.search(text):
        found.append("the second person in what the table reads")
    doubled = _DOUBLED.search(text)
    if doubled:
        found.append(f"{doubled.group(1)!r} twice")
    if _TWO_VERBS.search(text):
        found.append("two verbs in a row")
    if _ZERO_SEAT.search(text):
        found.append("a seat counted from zero")
    if _COORDINATE.search(text):
        found.append("a board coordinate")
    if _ZERO_SLOT.search(text):
        found.append("a place in a hand counted from zero or as notation")
    if _NEGATIVE_AND.search(text):
        found.append("a list after 'no' joined with 'and'")
    if _DISAGREES.search(text):
        found.append("a count that disagrees with its noun")
    if _PLURAL.search(text) or any(not _starts_sentence(text, m.start()) for m in _AS.finditer(text)):
        found.append("a rank's plural as a letter")
    if _YOU_VERB.search(text) or any(
        clause.strip().startswith("You ") and _AND_VERB.search(clause) for clause in _CLAUSE.findall(text)
    ):
        found.append("'You' with a verb of the third person")
    if _YOU_OBJECT.search(text):
        found.append("'You' with a capital mid-sentence")
    return found


def sentence_faults(text: str, notations: Collection[str] = ()) -> list[str]:
    """What :func:`faults_in` finds in a told move or an announcement, and the faults of its sentences' starts.

    A sentence starts with a capital (a name, "The", "A"), never with a move
    as typed (``ask 1 7``, ``draw``): a table tells moves, it does not echo them.
    """
    found = faults_in(text, "words", notations)
    for start in _SENTENCE.findall(text.strip()):
        if any(start == n or start.startswith(n + " ") for n in notations):
            found.append("a move as typed at the start of a sentence")
            break
        if start[0].islower():
            found.append("a sentence that starts in lower case")
            break
    return found


def _is_typed(notation: str) -> bool:
    """Whether a move's notation reads as notation in a sentence: it has a number, a card code or braces.

    A bare word (``draw``, ``pass``, ``heads``) reads as English too.
    """
    return bool(re.search(r"\d|[{}]", notation) or _CODE.search(notation) or _LONE_RANK.search(notation))


def seat_names(players: int, you: int) -> list[str]:
    """What a table calls the seats for the person at ``you``: ``You``, and ``Computer`` (numbered from 1 when
    there are several)."""
    others = [seat for seat in range(players) if seat != you]
    if len(others) == 1:
        return ["You" if seat == you else "Computer" for seat in range(players)]
    return ["You" if seat == you else f"Computer {others.index(seat) + 1}" for seat in range(players)]


def level_agents(game: Game) -> list[Agent]:
    """Every level of ``game`` (searches on a small budget: their words do not depend on how long they think)."""
    return [make_agent(quick_spec(spec), game) for spec in game.LEVELS.values()]


def check_words(
    game: Game, seed: int, agents: Sequence[Agent] | None = None, *, levels: Sequence[Agent] | None = None
) -> State:
    """Play one seeded game and scan every text a player reads of it; :class:`WordingError` lists the faults.

    The seats play ``agents`` (by default the game's levels in turn, one a
    seat). At every decision the scan reads, for the seat to move: the words
    of each of its legal moves, their ``suggest`` and how each is told, and of each of
    ``levels`` (by default the game's levels) the private reason, the public
    one and the hint built from it; then the move played as each seat's
    table tells it (a computer's line with its public reason) and what every
    move and every chance outcome announces, told with "You" at each seat in turn.
    """
    levels = list(levels) if levels is not None else level_agents(game)
    players = game.num_players
    agents = list(agents) if agents is not None else [levels[seat % len(levels)] for seat in range(players)]
    rng = random.Random(seed)
    agent_rngs = [random.Random(seed * 31 + seat) for seat in range(players)]
    level_rng = random.Random(seed ^ 0x3A11)
    faults: dict[tuple[str, str], Fault] = {}
    state = game.new_initial_state()
    step = 0
    told_as = presentation_of(game)

    def where() -> str:
        return f"{game.name} seed {seed} step {step}"

    def scan(text: str, kind: str, said: str, notations: Collection[str] = ()) -> None:
        for fault in faults_in(text, kind, notations):
            faults.setdefault((fault, text), Fault(fault, text, f"{where()}: {said}"))

    def tell(text: str, said: str, notations: Collection[str]) -> None:
        for fault in sentence_faults(text, notations):
            faults.setdefault((fault, text), Fault(fault, text, f"{where()}: {said}"))

    while True:
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            action = state.sample_chance_outcome(rng)
            notations: list[str] = []
        else:
            view = state.view(player)
            legal = state.legal_actions()
            notations = [state.action_to_string(a) for a in legal]
            names = seat_names(players, player)
            for move, notation in zip(legal, notations, strict=True):
                scan(told_as.describe_action(state, move), "words", f"the words of {notation!r}", notations)
                tell(told_as.tell_move(state, move, names), f"{notation!r} told", notations)
                scan(told_as.suggest(view, move, names), "hint", f"the suggestion of {notation!r}", notations)
            for level in levels:
                told = level.explain(view, level_rng)
                who = f"{level.spec()} choosing {told.notation!r}"
                scan(told.reason, "reason", f"the reason of {who}", notations)
                scan(told.public, "public", f"the public reason of {who}", notations)
                if not told.public.strip():  # every level says why, in words the table may read
                    faults.setdefault(("no public reason", who), Fault("no public reason", "", f"{where()}: {who}"))
                scan(hint_sentence(told_as, view, told, names), "hint", f"the hint from {who}", notations)
            chosen = agents[player].explain(view, agent_rngs[player])
            action = chosen.action
            for you in range(players):  # the move as each seat's table tells it: a person's, or a computer's line
                names = seat_names(players, you)
                if you != player:
                    names[player] = f"{names[player]} ({agents[player].spec()})"
                move_told = told_to_others(state, chosen, names)
                tell(move_told.sentence() if you != player else move_told.words, f"{chosen.notation!r} told", notations)
        for you in range(players):
            for line in told_as.announce(state, action, seat_names(players, you)):
                tell(line, "an announcement", notations)
        state.apply_action(action)
        step += 1
        if step > game.max_game_length():
            raise WordingError(f"{game.name} seed {seed}: the game is longer than max_game_length()")
    if faults:
        shown = sorted(faults.values(), key=lambda f: (f.kind, f.text))
        more = f"\n... and {len(shown) - 40} more" if len(shown) > 40 else ""
        listed = "\n".join(map(str, shown[:40]))
        raise WordingError(f"{len(shown)} things said in the program's voice:\n{listed}{more}")
    return state

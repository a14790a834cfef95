"""The wire contract of ``deckhand serve`` (docs/architecture.md, the web contract) as pydantic models.

Requests are validated here, so that a bad one is refused with a line that
names the field; replies are built from these models, so that what the
server sends has one written shape. Field names are the contract: tools
outside the package drive the server through them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from deckhand.core.tally import Tally

MAX_MESSAGE = 4096
"""The largest websocket message a client may send, in bytes: a move or a hint request is far smaller."""


def _printable(name: str) -> str:
    """A display name is shown to others in pages and terminals: no control or formatting characters."""
    if any(unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp") for char in name):
        raise ValueError("a name cannot hold control characters")
    if not name.strip():
        raise ValueError("a name cannot be blank")
    return name.strip()


Name = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(_printable)]


class Strict(BaseModel):
    """A request: a field the contract does not name is refused."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class Reply(BaseModel):
    """What the server sends: every field is always there (its schema says so: ``deckhand.web.wire_js``)."""

    model_config = ConfigDict(use_attribute_docstrings=True, json_schema_serialization_defaults_required=True)


# -- HTTP -------------------------------------------------------------------------
class ClockSetting(Strict):
    """A table's clock: each person's seconds for the game, and seconds added after each of their moves."""

    initial: Annotated[float, Field(ge=10, le=10800)]
    """From 10 seconds to 3 hours."""
    increment: Annotated[float, Field(ge=0, le=180)] = 0.0


class NewTable(Strict):
    """``POST /api/tables``: a game, its options, who sits where."""

    game: Annotated[str, Field(min_length=1, max_length=40)]
    preset: Annotated[str, Field(max_length=40)] | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    seats: Annotated[list[Annotated[str, Field(min_length=1, max_length=200)]], Field(max_length=12)] | None = None
    """``human``, ``open``, a level or an agent spec per seat; by default a person against the usual level."""
    names: Annotated[list[Name | None], Field(max_length=12)] = Field(default_factory=list)
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = None
    """Deals from this seed: only at a table where no other person can sit (practice, a game reproduced alone)."""
    spectators: bool = True
    public: bool = False
    resume: Annotated[str, Field(max_length=200)] | None = None
    """A saved game to go on with, by its file name in the saves folder (``GET /api/saves``)."""
    stand_in: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    """The computer level that plays for a person who stays away, and takes the seats left empty
    when the host starts early; by default the game's usual level."""
    away: Annotated[float, Field(ge=0, le=86400)] = 60.0
    """Seconds a person may stay away while others play before the stand-in takes their turns (0: never)."""
    rated: bool = False
    """The game moves its people's ratings: its creator is signed in, an open seat takes only accounts, the
    computers are levels, and the deal is the system's (no seed, deck or saved game; options a preset's)."""
    clock: ClockSetting | None = None
    """Each person's time for the game (:mod:`deckhand.web.clocks`); by default none."""


class NewSeek(Strict):
    """``POST /api/seeks``: the game wanted, and how; a signed-in person seeks as their account."""

    game: Annotated[str, Field(min_length=1, max_length=40)]
    preset: Annotated[str, Field(max_length=40)] | None = None
    players: Annotated[int, Field(ge=2, le=6)] | None = None
    """How many people the table seats, the seeker included; by default the game's (or preset's) number."""
    rated: bool = False
    clock: ClockSetting | None = None
    name: Name | None = None
    """An anonymous person's display name (a signed-in person's is their account's)."""


class SeekAccept(Strict):
    """``POST /api/seeks/{ID}/accept``: an anonymous person's display name (a signed-in person's is theirs)."""

    name: Name | None = None


class SeekMade(Reply):
    seek: str
    token: str
    """Identifies the seeker: ask after the seek with it, withdraw it; once the seek fills, it is their seat's token."""


class SeekSeat(Reply):
    """A place in a seek: the table and seat once it has filled (``200``), else the seek to ask after (``202``)."""

    seek: str
    token: str
    table: str | None = None
    seat: int | None = None


class Join(Strict):
    """``POST /api/tables/{ID}/join``: a display name, the open seat wanted (by default the first), its invite.

    A signed-in person sits as their account: the name is theirs, and may be left out.
    """

    name: Name | None = None
    seat: Annotated[int, Field(ge=0, lt=12)] | None = None
    invite: Annotated[str, Field(min_length=1, max_length=64)] | None = None
    """The seat's invite code, from the link the host sent (a table listed in the lobby needs none)."""


class Start(Strict):
    """``POST /api/tables/{ID}/start``: the host starts now; empty seats go to the computer ``level``."""

    host: Annotated[str, Field(min_length=1, max_length=64)]
    level: Annotated[str, Field(min_length=1, max_length=200)] | None = None


class Rematch(Strict):
    """``POST /api/tables/{ID}/rematch``: a finished table's person (by token) asks for the same seats again."""

    token: Annotated[str, Field(min_length=1, max_length=64)]


class RematchMade(Reply):
    table: str
    shift: int = 1
    """Everyone sits this many seats on at the new table: seat ``i``'s token holds seat ``(i + shift) % n`` there."""


class SeatToken(Reply):
    seat: int
    token: str


class Invite(Reply):
    seat: int
    code: str


class TableCreated(Reply):
    table: str
    seats: list[SeatToken]
    invites: list[Invite] = Field(default_factory=list)
    """An invite code for each open seat of a table not listed in the lobby: the invite links carry them."""
    host: str
    """The host's token: it may start the game before every seat is taken (``POST .../start``)."""


class PracticeAnswer(Strict):
    """``POST /api/games/{ID}/review/practice?seat=N``: a move tried at one costly position of the seat's review."""

    number: int
    """The position's move number, as the review numbers it."""
    move: str = Field(max_length=200)
    """The move tried, in the game's notation."""


class PracticeMove(Reply):
    """One legal move at a practice position: its notation, its words, and the cards it names (to match a
    selection of cards to moves, as a table does)."""

    move: str
    words: str
    cards: list[str]


class PracticePosition(Reply):
    """A costly move of the review, set up again: the seat's view before it, the legal moves, the move played."""

    number: int
    grade: str
    view: dict[str, Any]
    moves: list[PracticeMove]
    played: str
    """The move played, as the table told it."""
    played_move: str
    chance: float
    """The move played's chance to win, as the review measured it."""
    error: float
    exact: bool
    better: list[str]
    """What the review says when the better move is asked for: why the move played cost, the better move and why."""


class Practice(Reply):
    """``GET /api/games/{ID}/review/practice?seat=N``: the positions to find a better move in, in the game's order."""

    game: str
    seat: int
    names: list[str]
    pieces: dict[str, Any]
    positions: list[PracticePosition]


class PracticeVerdict(Reply):
    """An answer judged by the review's figures (:func:`deckhand.review.practice.judge`)."""

    move: str
    words: str
    kind: Literal["good", "better", "same", "worse", "played"]
    chance: float
    played_chance: float
    best_chance: float
    exact: bool
    said: str


class Problem(Reply):
    """Every refused request: one line naming what is wrong."""

    error: str


# -- the websocket: client to server ---------------------------------------------------
class MoveRequest(Strict):
    type: Literal["move"]
    move: Annotated[str, Field(max_length=200)]


class HintRequest(Strict):
    type: Literal["hint"]
    selection: Annotated[str, Field(max_length=60)] | None = None
    """A piece the hint's numbers are for (a card in hand); by default the hinted move's."""


class MarksRequest(Strict):
    """The numbers a hint draws for one piece (``Presentation.hint_marks``), without a search."""

    type: Literal["marks"]
    selection: Annotated[str, Field(min_length=1, max_length=60)]


class ResignRequest(Strict):
    """The person gives the game up (:mod:`deckhand.web.endings`)."""

    type: Literal["resign"]


class AbortRequest(Strict):
    """The person calls the game off before their first move: no result."""

    type: Literal["abort"]


class ClaimRequest(Strict):
    """The game is claimed from a person who has left (gone longer than the table's grace, no clock)."""

    type: Literal["claim"]
    seat: Annotated[int, Field(ge=0, lt=12)]


class MatchRequest(Strict):
    """Which legal moves play the selected cards (a hand card and the table cards it takes or builds with)."""

    type: Literal["match"]
    cards: Annotated[list[Annotated[str, Field(max_length=8)]], Field(min_length=1, max_length=24)]


class HoldRequest(Strict):
    """On the lobby's websocket: this page waits on a seek it posted or accepted (:mod:`deckhand.web.lobby`)."""

    type: Literal["hold"]
    seek: Annotated[str, Field(min_length=1, max_length=40)]
    token: Annotated[str, Field(min_length=1, max_length=64)]
    """The token the seek's post or accept answered with."""


ClientMessage = Annotated[
    MoveRequest | HintRequest | MarksRequest | MatchRequest | ResignRequest | AbortRequest | ClaimRequest,
    Field(discriminator="type"),
]
CLIENT_MODELS = (MoveRequest, HintRequest, MarksRequest, MatchRequest, ResignRequest, AbortRequest, ClaimRequest)
CLIENT_TYPES = ("move", "hint", "marks", "match", "resign", "abort", "claim")
_client = TypeAdapter(ClientMessage)
_hold = TypeAdapter(HoldRequest)
Message = TypeVar("Message")


# -- the websocket: server to client ---------------------------------------------------
class EventOut(Reply):
    """What happened since the previous state message: a move by ``seat``, or (``seat`` null) what chance did."""

    seq: int
    """The change of the game this event made (counted per table)."""
    seat: int | None
    """The seat that moved; null for chance (a deal, a shuffle)."""
    move: str | None
    """The move in notation, as everyone may see it."""
    words: str = ""
    """The move told as a sentence, its mover the subject ("Computer asks Ann for 7s.")."""
    reason: str = ""
    """The public reason for a computer's move ("" for a person's)."""
    said: list[str] = Field(default_factory=list)
    """What the table announces after it (a round's points, a game's special capture)."""
    quiet: bool = False
    """A move that goes without saying (passing up a chance): the log leaves it out."""
    by: str | None = None
    """The computer level that played this move for its absent person."""
    tally: Tally | None = None
    """The score of the deck or round this move ends (in games scored pile by pile)."""


class Result(Reply):
    """A finished game: each seat's return (the best, when above 0, wins) and final score."""

    returns: list[float]
    scores: list[float]


class ClockOut(Reply):
    """Every seat's time, as the server keeps it when the message is built (the page counts down from there)."""

    initial: float
    """Each person's seconds for the game."""
    increment: float
    """Seconds added after each of a person's moves."""
    left: list[float | None]
    """Seconds left per seat, in tenths; ``None`` for a computer's seat (it has no time)."""
    running: int | None
    """The seat whose time is running (``None``: nobody's: a computer's turn, the game over or not begun)."""
    short: float
    """Seconds left below which the table warns that time is short."""


class Ended(Reply):
    """A game ended other than by its rules (:mod:`deckhand.web.endings`)."""

    how: Literal["resigned", "aborted", "time", "abandoned"]
    """Given up, called off before a first move, out of time, or claimed from a person who left."""
    seat: int
    """The seat it happened to."""
    words: str
    """What the table reads ("Ann resigned.")."""


class StateMessage(Reply):
    """The game as one seat (or a spectator) sees it: sent on connect and after every change."""

    type: Literal["state"] = "state"
    seq: int
    """Counts the changes to the game; larger on each message of one connection."""
    seat: int | None
    """The connection's seat; null for a spectator."""
    view: dict[str, Any]
    """What this seat may see (``state.view(seat).to_json()``; the public view for a spectator)."""
    legal: list[str]
    """The seat's legal moves in notation; empty when it is not its turn."""
    quiet: list[str] = Field(default_factory=list)
    """The legal moves that go without saying (passing up a chance): a table may offer them on a timer."""
    to_move: int | None
    """The seat to move; null for chance or at the end."""
    events: list[EventOut]
    """What happened since the previous message."""
    result: Result | None
    glimpse: dict[str, str] | None = None
    """Cards shown to this seat alone for a moment (a peek), by place."""
    ended: Ended | None = None
    """How the game ended other than by its rules."""
    abort: bool = False
    """Whether this seat's person may still abort the game (they have not moved yet)."""
    clock: ClockOut | None = None
    """The table's clock, if it has one."""


class HintMessage(Reply):
    """The answer to a hint request: the move, why, and the numbers the game draws for it (a hint's marks)."""

    type: Literal["hint"] = "hint"
    move: str
    reason: str
    """The hint as the player reads it, move and why in one sentence (``deckhand.agents.hints.hint_sentence``)."""
    chance: float | None = None
    """The search's chance to win with the move, for the hint's detail; None when a rule chose it."""
    piece: str | None = None
    marks: dict[str, int] | None = None


class MarksMessage(Reply):
    type: Literal["marks"] = "marks"
    piece: str
    marks: dict[str, int]


class MatchedMove(Reply):
    move: str
    words: str
    exact: bool


class MatchesMessage(Reply):
    type: Literal["matches"] = "matches"
    cards: list[str]
    moves: list[MatchedMove]
    why: str = ""
    """When no move plays the cards: the rule that stops them, in the game's words (``Presentation.why_no_move``)."""


class SeatOut(Reply):
    """Who sits at a seat and whether they are connected."""

    seat: int
    name: str
    kind: Literal["human", "open", "computer"]
    """``open``: waiting for someone to join by link."""
    connected: bool
    stand_in: str | None = None
    """The computer level playing for this seat's person while they are away."""
    account: bool = False
    """Its person sits as their account, signed in (the name is theirs, not only typed)."""
    away: float | None = None
    """Seconds since its person's last connection left (``None``: connected, or not a person's seat)."""


class SeatsMessage(Reply):
    """Who sits where and who is connected: sent when that changes (it is not a change of the game)."""

    type: Literal["seats"] = "seats"
    seats: list[SeatOut]
    watching: int
    """How many spectators are connected."""
    waiting: bool
    """Whether the game waits for open seats to be taken."""
    grace: float | None = None
    """Seconds a person who left keeps their seat before the others may claim the game (``None``: it is kept
    for good: the table's *away* is 0, or it has a clock, whose time decides)."""


class RematchMessage(Reply):
    """The finished table's people sit down again at a new table, with the same tokens."""

    type: Literal["rematch"] = "rematch"
    table: str
    shift: int = 1
    """Everyone sits this many seats on at the new table: seat ``i``'s token holds seat ``(i + shift) % n`` there."""


class ErrorMessage(Reply):
    """A request was refused and nothing changed (or, before a close, why the table refused the connection)."""

    type: Literal["error"] = "error"
    message: str


SERVER_MODELS = (StateMessage, HintMessage, MarksMessage, MatchesMessage, SeatsMessage, RematchMessage, ErrorMessage)
"""Every message the server sends on a table's websocket."""


def read_client_message(
    text: str | bytes,
) -> MoveRequest | HintRequest | MarksRequest | MatchRequest | ResignRequest | AbortRequest | ClaimRequest:
    """A client's message on a table's websocket, or ``ValueError`` with one line saying what is wrong with it."""
    return _read(_client, text)


def read_hold(text: str | bytes) -> HoldRequest:
    """A lobby page's message, or ``ValueError`` with one line saying what is wrong with it."""
    return _read(_hold, text)


def _read(adapter: TypeAdapter[Message], text: str | bytes) -> Message:
    if len(text) > MAX_MESSAGE:
        raise ValueError(f"message too long ({len(text)} bytes; at most {MAX_MESSAGE})")
    try:
        return adapter.validate_json(text)
    except ValidationError as exc:
        raise ValueError(describe(exc)) from None


def describe(exc: ValidationError) -> str:
    """A client message's validation error as one line."""
    return first_problem(exc.errors(include_url=False))


def first_problem(errors: Sequence[Any]) -> str:
    """Pydantic's errors (of a websocket message or an HTTP body) as one line: the first, and its field."""
    if not errors:
        return "bad request"
    error = errors[0]
    kind = error["type"]
    loc = [part for part in error["loc"] if part != "body"]  # FastAPI locates an HTTP body's fields under "body"
    if loc and loc[0] in CLIENT_TYPES:  # a message's fields are located under its type
        loc = loc[1:]
    where = ".".join(str(part) for part in loc)
    if kind == "json_invalid":
        return "not JSON: " + str(error.get("ctx", {}).get("error", "malformed"))
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        return f"unknown message type; expected one of {', '.join(CLIENT_TYPES)}"
    if kind in ("dict_type", "model_type", "model_attributes_type") and not where:
        return "expected a JSON object"
    if kind == "extra_forbidden":
        return f"unknown field {where!r}"
    if kind == "missing":
        return f"missing field {where!r}"
    return f"{where}: {error['msg']}" if where else str(error["msg"])

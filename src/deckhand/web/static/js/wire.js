// Generated from deckhand.web.wire by `python -m deckhand.web.wire_js --write`: do not edit.
// The wire's messages as the browser reads them; tests/web/test_wire_types.py keeps this file in step.
export {};

/**
 * The person calls the game off before their first move: no result.
 * @typedef {object} AbortRequest
 * @property {"abort"} type
 */

/**
 * The game is claimed from a person who has left (gone longer than the table's grace, no clock).
 * @typedef {object} ClaimRequest
 * @property {"claim"} type
 * @property {number} seat
 */

/**
 * Every seat's time, as the server keeps it when the message is built (the page counts down from there).
 * @typedef {object} ClockOut
 * @property {number} initial Each person's seconds for the game.
 * @property {number} increment Seconds added after each of a person's moves.
 * @property {(number | null)[]} left Seconds left per seat, in tenths; `null` for a computer's seat (it has no time).
 * @property {number | null} running The seat whose time is running (`null`: nobody's: a computer's turn, the game over or not begun).
 * @property {number} short Seconds left below which the table warns that time is short.
 */

/**
 * A table's clock: each person's seconds for the game, and seconds added after each of their moves.
 * @typedef {object} ClockSetting
 * @property {number} initial From 10 seconds to 3 hours.
 * @property {number} [increment]
 */

/**
 * A game ended other than by its rules (`deckhand.web.endings`).
 * @typedef {object} Ended
 * @property {"resigned" | "aborted" | "time" | "abandoned"} how Given up, called off before a first move, out of time, or claimed from a person who left.
 * @property {number} seat The seat it happened to.
 * @property {string} words What the table reads ("Ann resigned.").
 */

/**
 * A request was refused and nothing changed (or, before a close, why the table refused the connection).
 * @typedef {object} ErrorMessage
 * @property {"error"} type
 * @property {string} message
 */

/**
 * What happened since the previous state message: a move by `seat`, or (`seat` null) what chance did.
 * @typedef {object} EventOut
 * @property {number} seq The change of the game this event made (counted per table).
 * @property {number | null} seat The seat that moved; null for chance (a deal, a shuffle).
 * @property {string | null} move The move in notation, as everyone may see it.
 * @property {string} words The move told as a sentence, its mover the subject ("Computer asks Ann for 7s.").
 * @property {string} reason The public reason for a computer's move ("" for a person's).
 * @property {string[]} said What the table announces after it (a round's points, a game's special capture).
 * @property {boolean} quiet A move that goes without saying (passing up a chance): the log leaves it out.
 * @property {string | null} by The computer level that played this move for its absent person.
 * @property {Tally | null} tally The score of the deck or round this move ends (in games scored pile by pile).
 */

/**
 * The answer to a hint request: the move, why, and the numbers the game draws for it (a hint's marks).
 * @typedef {object} HintMessage
 * @property {"hint"} type
 * @property {string} move
 * @property {string} reason The hint as the player reads it, move and why in one sentence (`deckhand.agents.hints.hint_sentence`).
 * @property {number | null} chance The search's chance to win with the move, for the hint's detail; null when a rule chose it.
 * @property {string | null} piece
 * @property {Record<string, number> | null} marks
 */

/**
 * @typedef {object} HintRequest
 * @property {"hint"} type
 * @property {string | null} [selection] A piece the hint's numbers are for (a card in hand); by default the hinted move's.
 */

/**
 * On the lobby's websocket: this page waits on a seek it posted or accepted (`deckhand.web.lobby`).
 * @typedef {object} HoldRequest
 * @property {"hold"} type
 * @property {string} seek
 * @property {string} token The token the seek's post or accept answered with.
 */

/**
 * @typedef {object} Invite
 * @property {number} seat
 * @property {string} code
 */

/**
 * `POST /api/tables/{ID}/join`: a display name, the open seat wanted (by default the first), its invite. A signed-in person sits as their account: the name is theirs, and may be left out.
 * @typedef {object} Join
 * @property {string | null} [name]
 * @property {number | null} [seat]
 * @property {string | null} [invite] The seat's invite code, from the link the host sent (a table listed in the lobby needs none).
 */

/**
 * @typedef {object} MarksMessage
 * @property {"marks"} type
 * @property {string} piece
 * @property {Record<string, number>} marks
 */

/**
 * The numbers a hint draws for one piece (`Presentation.hint_marks`), without a search.
 * @typedef {object} MarksRequest
 * @property {"marks"} type
 * @property {string} selection
 */

/**
 * Which legal moves play the selected cards (a hand card and the table cards it takes or builds with).
 * @typedef {object} MatchRequest
 * @property {"match"} type
 * @property {string[]} cards
 */

/**
 * @typedef {object} MatchedMove
 * @property {string} move
 * @property {string} words
 * @property {boolean} exact
 */

/**
 * @typedef {object} MatchesMessage
 * @property {"matches"} type
 * @property {string[]} cards
 * @property {MatchedMove[]} moves
 * @property {string} why When no move plays the cards: the rule that stops them, in the game's words (`Presentation.why_no_move`).
 */

/**
 * @typedef {object} MoveRequest
 * @property {"move"} type
 * @property {string} move
 */

/**
 * `POST /api/seeks`: the game wanted, and how; a signed-in person seeks as their account.
 * @typedef {object} NewSeek
 * @property {string} game
 * @property {string | null} [preset]
 * @property {number | null} [players] How many people the table seats, the seeker included; by default the game's (or preset's) number.
 * @property {boolean} [rated]
 * @property {ClockSetting | null} [clock]
 * @property {string | null} [name] An anonymous person's display name (a signed-in person's is their account's).
 */

/**
 * `POST /api/tables`: a game, its options, who sits where.
 * @typedef {object} NewTable
 * @property {string} game
 * @property {string | null} [preset]
 * @property {Record<string, unknown>} [options]
 * @property {string[] | null} [seats] `human`, `open`, a level or an agent spec per seat; by default a person against the usual level.
 * @property {(string | null)[]} [names]
 * @property {number | null} [seed] Deals from this seed: only at a table where no other person can sit (practice, a game reproduced alone).
 * @property {boolean} [spectators]
 * @property {boolean} [public]
 * @property {string | null} [resume] A saved game to go on with, by its file name in the saves folder (`GET /api/saves`).
 * @property {string | null} [stand_in] The computer level that plays for a person who stays away, and takes the seats left empty when the host starts early; by default the game's usual level.
 * @property {number} [away] Seconds a person may stay away while others play before the stand-in takes their turns (0: never).
 * @property {boolean} [rated] The game moves its people's ratings: its creator is signed in, an open seat takes only accounts, the computers are levels, and the deal is the system's (no seed, deck or saved game; options a preset's).
 * @property {ClockSetting | null} [clock] Each person's time for the game (`deckhand.web.clocks`); by default none.
 */

/**
 * `GET /api/games/{ID}/review/practice?seat=N`: the positions to find a better move in, in the game's order.
 * @typedef {object} Practice
 * @property {string} game
 * @property {number} seat
 * @property {string[]} names
 * @property {Record<string, unknown>} pieces
 * @property {PracticePosition[]} positions
 */

/**
 * `POST /api/games/{ID}/review/practice?seat=N`: a move tried at one costly position of the seat's review.
 * @typedef {object} PracticeAnswer
 * @property {number} number The position's move number, as the review numbers it.
 * @property {string} move The move tried, in the game's notation.
 */

/**
 * One legal move at a practice position: its notation, its words, and the cards it names (to match a selection of cards to moves, as a table does).
 * @typedef {object} PracticeMove
 * @property {string} move
 * @property {string} words
 * @property {string[]} cards
 */

/**
 * A costly move of the review, set up again: the seat's view before it, the legal moves, the move played.
 * @typedef {object} PracticePosition
 * @property {number} number
 * @property {string} grade
 * @property {Record<string, unknown>} view
 * @property {PracticeMove[]} moves
 * @property {string} played The move played, as the table told it.
 * @property {string} played_move
 * @property {number} chance The move played's chance to win, as the review measured it.
 * @property {number} error
 * @property {boolean} exact
 * @property {string[]} better What the review says when the better move is asked for: why the move played cost, the better move and why.
 */

/**
 * An answer judged by the review's figures (`deckhand.review.practice.judge`).
 * @typedef {object} PracticeVerdict
 * @property {string} move
 * @property {string} words
 * @property {"good" | "better" | "same" | "worse" | "played"} kind
 * @property {number} chance
 * @property {number} played_chance
 * @property {number} best_chance
 * @property {boolean} exact
 * @property {string} said
 */

/**
 * Every refused request: one line naming what is wrong.
 * @typedef {object} Problem
 * @property {string} error
 */

/**
 * `POST /api/tables/{ID}/rematch`: a finished table's person (by token) asks for the same seats again.
 * @typedef {object} Rematch
 * @property {string} token
 */

/**
 * @typedef {object} RematchMade
 * @property {string} table
 * @property {number} shift Everyone sits this many seats on at the new table: seat `i`'s token holds seat `(i + shift) % n` there.
 */

/**
 * The finished table's people sit down again at a new table, with the same tokens.
 * @typedef {object} RematchMessage
 * @property {"rematch"} type
 * @property {string} table
 * @property {number} shift Everyone sits this many seats on at the new table: seat `i`'s token holds seat `(i + shift) % n` there.
 */

/**
 * The person gives the game up (`deckhand.web.endings`).
 * @typedef {object} ResignRequest
 * @property {"resign"} type
 */

/**
 * A finished game: each seat's return (the best, when above 0, wins) and final score.
 * @typedef {object} Result
 * @property {number[]} returns
 * @property {number[]} scores
 */

/**
 * Who sits at a seat and whether they are connected.
 * @typedef {object} SeatOut
 * @property {number} seat
 * @property {string} name
 * @property {"human" | "open" | "computer"} kind `open`: waiting for someone to join by link.
 * @property {boolean} connected
 * @property {string | null} stand_in The computer level playing for this seat's person while they are away.
 * @property {boolean} account Its person sits as their account, signed in (the name is theirs, not only typed).
 * @property {number | null} away Seconds since its person's last connection left (`null`: connected, or not a person's seat).
 */

/**
 * @typedef {object} SeatToken
 * @property {number} seat
 * @property {string} token
 */

/**
 * Who sits where and who is connected: sent when that changes (it is not a change of the game).
 * @typedef {object} SeatsMessage
 * @property {"seats"} type
 * @property {SeatOut[]} seats
 * @property {number} watching How many spectators are connected.
 * @property {boolean} waiting Whether the game waits for open seats to be taken.
 * @property {number | null} grace Seconds a person who left keeps their seat before the others may claim the game (`null`: it is kept for good: the table's *away* is 0, or it has a clock, whose time decides).
 */

/**
 * `POST /api/seeks/{ID}/accept`: an anonymous person's display name (a signed-in person's is theirs).
 * @typedef {object} SeekAccept
 * @property {string | null} [name]
 */

/**
 * @typedef {object} SeekMade
 * @property {string} seek
 * @property {string} token Identifies the seeker: ask after the seek with it, withdraw it; once the seek fills, it is their seat's token.
 */

/**
 * A place in a seek: the table and seat once it has filled (`200`), else the seek to ask after (`202`).
 * @typedef {object} SeekSeat
 * @property {string} seek
 * @property {string} token
 * @property {string | null} table
 * @property {number | null} seat
 */

/**
 * `POST /api/tables/{ID}/start`: the host starts now; empty seats go to the computer `level`.
 * @typedef {object} Start
 * @property {string} host
 * @property {string | null} [level]
 */

/**
 * The game as one seat (or a spectator) sees it: sent on connect and after every change.
 * @typedef {object} StateMessage
 * @property {"state"} type
 * @property {number} seq Counts the changes to the game; larger on each message of one connection.
 * @property {number | null} seat The connection's seat; null for a spectator.
 * @property {Record<string, unknown>} view What this seat may see (`state.view(seat).to_json()`; the public view for a spectator).
 * @property {string[]} legal The seat's legal moves in notation; empty when it is not its turn.
 * @property {string[]} quiet The legal moves that go without saying (passing up a chance): a table may offer them on a timer.
 * @property {number | null} to_move The seat to move; null for chance or at the end.
 * @property {EventOut[]} events What happened since the previous message.
 * @property {Result | null} result
 * @property {Record<string, string> | null} glimpse Cards shown to this seat alone for a moment (a peek), by place.
 * @property {Ended | null} ended How the game ended other than by its rules.
 * @property {boolean} abort Whether this seat's person may still abort the game (they have not moved yet).
 * @property {ClockOut | null} clock The table's clock, if it has one.
 */

/**
 * @typedef {object} TableCreated
 * @property {string} table
 * @property {SeatToken[]} seats
 * @property {Invite[]} invites An invite code for each open seat of a table not listed in the lobby: the invite links carry them.
 * @property {string} host The host's token: it may start the game before every seat is taken (`POST .../start`).
 */

/**
 * The end of a deck or a round, pile by pile, for a table to draw with the cards themselves.
 * @typedef {object} Tally
 * @property {string} title
 * @property {TallySide[]} sides
 * @property {boolean} over Whether the match ends with it.
 */

/**
 * One side's pile at the end of a deck or round: every card in it is public by then.
 * @typedef {object} TallySide
 * @property {string} name
 * @property {string[]} cards
 * @property {string[]} counted The cards in the pile that score on their own (the 10♦, the 2♠, aces, jacks).
 * @property {string[]} notes The other scoring, in words: the pile's size, most cards, most spades.
 * @property {string} feat What the side has done that the game makes much of, as the table marks it (a star for each, and their count); "" for nothing.
 * @property {number} points What the pile gave the side: its counted cards, most cards and the other scoring of the deck or round.
 * @property {number} total The side's total in the match after it.
 */

/**
 * A websocket message from the browser.
 * @typedef {MoveRequest | HintRequest | MarksRequest | MatchRequest | ResignRequest | AbortRequest | ClaimRequest} ClientMessage
 */

/**
 * A websocket message from the server.
 * @typedef {StateMessage | HintMessage | MarksMessage | MatchesMessage | SeatsMessage | RematchMessage | ErrorMessage} ServerMessage
 */

// @ts-check
// The browser client's contract, written for the type check (tsc, with tsconfig.json at the repository's root):
// what the server sends as the client reads it (its websocket and HTTP API: docs/architecture.md, the web contract, web/wire.py), the
// views the game modules draw (each game's View.to_json), and the interface table.js draws a game through.
// Only JSDoc: the modules name these types in type positions (`import("./contract.js").GameModule`), so the
// browser never asks for this file; served all the same, it is an empty module.
export {};

// -- the websocket, server to client (web/wire.py) ------------------------------------------

/**
 * What happened since the previous state message: a move by `seat`, or (`seat` null) what chance did.
 * @typedef {object} GameEvent
 * @property {number} seq The change of the game this event made (counted per table).
 * @property {number | null} seat The seat that moved; null for chance (a deal, a shuffle).
 * @property {string | null} move The move in notation, as everyone may see it.
 * @property {string} words The move told as a sentence, its mover the subject ("Computer asks Ann for 7s.").
 * @property {string} reason The public reason for a computer's move ("" for a person's).
 * @property {string[]} said What the table announces after it (a basra, a round's points).
 * @property {boolean} quiet A move that goes without saying (passing up a chance): the log leaves it out.
 * @property {string | null} [by] The computer level that played it for its absent person.
 * @property {Tally | null} [tally] The score of the Basra deck or Casino round this move ends, pile by pile.
 */

/**
 * One side's pile at the end of a deck or round (public by then).
 * @typedef {object} TallySide
 * @property {string} name
 * @property {string[]} cards Every card in the pile.
 * @property {string[]} counted The cards that score on their own (10♦, 2♠, aces, Basra's jacks).
 * @property {string[]} notes The other scoring in words (the pile's size, most cards, most spades).
 * @property {number} basras Basras made so far (Basra).
 * @property {number} points What the pile gave the side.
 * @property {number} total The side's total in the match.
 */

/**
 * The end of a Basra deck or a Casino round.
 * @typedef {object} Tally
 * @property {string} title
 * @property {TallySide[]} sides
 * @property {boolean} over Whether the match ends with it.
 */

/**
 * A finished game: each seat's return (the best, when above 0, wins) and final score.
 * @typedef {object} GameResult
 * @property {number[]} returns
 * @property {number[]} scores
 */

/**
 * A table's clock as the server kept it when the message was built: the page counts down from there.
 * @typedef {object} ClockOut
 * @property {number} initial Each person's seconds for the game.
 * @property {number} increment Seconds added after each of a person's moves.
 * @property {(number | null)[]} left Seconds left per seat, in tenths; null for a computer's seat.
 * @property {number | null} running The seat whose time runs; null while nobody's does.
 * @property {number} short Seconds left below which the table warns that time is short.
 */

/**
 * `POST /api/seeks` and `POST /api/seeks/quick`: the game wanted, and how.
 * @typedef {object} NewSeek
 * @property {string} game
 * @property {string | null} [preset]
 * @property {number} [players] How many people, the seeker included; by default the game's number.
 * @property {boolean} [rated]
 * @property {{initial: number, increment: number} | null} [clock]
 * @property {string} [name] An anonymous person's display name.
 */

/**
 * A place in a seek: the table and seat once it filled, else the seek to ask after with the token.
 * @typedef {{seek: string, token: string, table?: string | null, seat?: number | null}} SeekSeat
 */

/**
 * A seek as `GET /api/seeks` lists it: never a token.
 * @typedef {object} OpenSeek
 * @property {string} seek
 * @property {string} game
 * @property {string} title
 * @property {string | null} preset
 * @property {number} players
 * @property {number} seated
 * @property {boolean} rated
 * @property {{initial: number, increment: number} | null} clock
 * @property {{name: string, rating: number | null, account: boolean}[]} seekers
 * @property {number} waiting Seconds since it was posted.
 */

/**
 * The game as one seat (or a spectator) sees it: sent on connect and after every change.
 * @typedef {object} StateMessage
 * @property {"state"} type
 * @property {number} seq Counts the changes to the game; larger on each message of one connection.
 * @property {number | null} seat The connection's seat; null for a spectator.
 * @property {View} view What this seat may see (`state.view(seat).to_json()`; the public view for a spectator).
 * @property {string[]} legal The seat's legal moves in notation; empty when it is not its turn.
 * @property {string[]} [quiet] The legal moves that go without saying: a table may play them on a timer.
 * @property {number | null} to_move The seat to move; null for chance or at the end.
 * @property {GameEvent[]} events What happened since the previous message.
 * @property {GameResult | null} result
 * @property {Record<string, string> | null} [glimpse] Cards shown to this seat alone for a moment, by place.
 * @property {{how: "resigned" | "aborted" | "time", seat: number, words: string} | null} [ended] How the game ended other than by its rules.
 * @property {boolean} [abort] Whether this seat's person may still abort the game (they have not moved yet).
 * @property {ClockOut | null} [clock] The table's clock, if it has one.
 */

/**
 * The answer to a hint request: the move, why, and the numbers the game draws for it (Three Trios' flips).
 * @typedef {object} HintMessage
 * @property {"hint"} type
 * @property {string} move The move in notation (what "Play it" sends).
 * @property {string} reason The hint as the player reads it: the move and why, in one sentence.
 * @property {number | null} [chance] The chance to win with it, when the search knows one (the hint's detail).
 * @property {string | null} [piece] The piece the marks are for.
 * @property {Record<string, number> | null} [marks] A number per place (in notation) for that piece.
 */

/**
 * The numbers a hint would draw for one selected piece (the cards a Three Trios card would flip, per cell).
 * @typedef {object} MarksMessage
 * @property {"marks"} type
 * @property {string} piece
 * @property {Record<string, number>} marks
 */

/**
 * A legal move that plays the selected cards; `exact` when it plays exactly them.
 * @typedef {object} MatchedMove
 * @property {string} move
 * @property {string} words
 * @property {boolean} exact
 */

/**
 * The answer to a match request: which legal moves play the cards picked (the fishing games).
 * @typedef {object} MatchesMessage
 * @property {"matches"} type
 * @property {string[]} cards
 * @property {MatchedMove[]} moves
 * @property {string} [why] When no move plays the cards: the rule that stops them, in the game's words.
 */

/**
 * Who sits at a seat and whether they are connected.
 * @typedef {object} SeatInfo
 * @property {number} seat
 * @property {string} name
 * @property {"human" | "open" | "computer"} kind `open`: waiting for someone to join by link.
 * @property {boolean} connected
 * @property {string | null} [stand_in] The computer level playing for this seat's person while they are away.
 * @property {boolean} [account] Its person sits as their account, signed in: the name is theirs.
 * @property {number | null} [away] Seconds since its person's last connection left (null: connected, or no person).
 */

/**
 * Who sits where and who is connected: sent when that changes (not a change of the game).
 * @typedef {object} SeatsMessage
 * @property {"seats"} type
 * @property {SeatInfo[]} seats
 * @property {number} watching How many spectators are connected.
 * @property {boolean} waiting Whether the game waits for open seats to be taken.
 * @property {number | null} [grace] Seconds a person who left keeps their seat before the others may claim the
 *   game (null: for good: the table's away is 0, or a clock decides).
 */

/**
 * The finished table's people sit down again at a new table, with the same tokens, each `shift` seats on.
 * @typedef {object} RematchMessage
 * @property {"rematch"} type
 * @property {string} table
 * @property {number} [shift] Seat `i`'s token holds seat `(i + shift) % n` at the new table.
 */

/**
 * A request was refused and nothing changed (or, before a close, why the table refused the connection).
 * @typedef {object} ErrorMessage
 * @property {"error"} type
 * @property {string} message
 */

/** @typedef {StateMessage | HintMessage | MarksMessage | MatchesMessage | SeatsMessage | RematchMessage | ErrorMessage} ServerMessage */

/**
 * The replies a request waits for, by the reply's type (`Connection.ask`).
 * @typedef {object} Replies
 * @property {HintMessage} hint
 * @property {MarksMessage} marks
 * @property {MatchesMessage} matches
 */

// -- the websocket, client to server ---------------------------------------------------------

/** @typedef {{type: "move", move: string}} MoveRequest */
/** @typedef {{type: "hint", selection?: string}} HintRequest A hint; its marks for `selection`, by default the hinted move's piece. */
/** @typedef {{type: "marks", selection: string}} MarksRequest */
/** @typedef {{type: "match", cards: string[]}} MatchRequest */
/** @typedef {{type: "resign"} | {type: "abort"} | {type: "claim", seat: number}} EndRequest Give the game up, call it off before one's first move, or claim it from a person who left. */
/** @typedef {MoveRequest | HintRequest | MarksRequest | MatchRequest | EndRequest} ClientMessage */

// -- the HTTP API (web/app.py, web/catalog.py) -------------------------------------------------

/**
 * `GET /api/tables/{ID}`: what anyone may know of a table. Never a token.
 * @typedef {object} TableSummary
 * @property {string} table
 * @property {string} game
 * @property {string} title
 * @property {Record<string, unknown>} options
 * @property {SummarySeat[]} seats
 * @property {string[]} seat_labels
 * @property {number | null} to_move
 * @property {boolean} finished
 * @property {boolean} spectators
 * @property {boolean} public Listed in the lobby.
 * @property {number} seq
 * @property {boolean} waiting Whether the game waits for open seats to be taken.
 * @property {boolean} rated Its game moves its people's ratings.
 * @property {string | null} rematch
 * @property {Record<string, Piece>} pieces
 * @property {boolean} hint_marks
 * @property {string | null} [replay] The finished game's replay page, once it is stored.
 * @property {string | null} [review] The review page of the finished game for the seat whose token asked (`X-Seat-Token`); null for anyone else.
 */

/**
 * A seat in a table's summary (the seats message's `SeatInfo` replaces it at the table).
 * @typedef {object} SummarySeat
 * @property {number} seat
 * @property {string} name
 * @property {string} kind
 */

/**
 * A game as the lobby offers it (`GET /api/games`).
 * @typedef {object} GameInfo
 * @property {string} name
 * @property {string} title
 * @property {number} players
 * @property {boolean} perfect_information
 * @property {Record<string, Record<string, unknown>>} presets Each preset's options.
 * @property {Record<string, PresetInfo>} preset_info Each preset's title and a line on what it is.
 * @property {GameOption[]} options
 * @property {string[]} levels
 * @property {string[]} agents
 * @property {string[]} seat_labels
 * @property {boolean} hint_marks
 */

/**
 * What a person reads of a preset: its title ("Aces 1 or 14") and a line on what it is.
 * @typedef {object} PresetInfo
 * @property {string} title
 * @property {string} about
 */

/**
 * One option a game declares; its input follows the type of `default`.
 * @typedef {object} GameOption
 * @property {string} name
 * @property {unknown} default
 * @property {string} help
 */

/**
 * `POST /api/tables`: a new table (or a saved game resumed, by its name in `GET /api/saves`). Sent with an
 * `Idempotency-Key` header (api.js `createTable`), it may be sent again with the same key: the answer is the table the
 * key opened.
 * @typedef {object} NewTable
 * @property {string} game
 * @property {string | null} [preset]
 * @property {Record<string, unknown>} [options]
 * @property {string[]} [seats] `human`, `open`, a level or an agent spec per seat.
 * @property {(string | null)[]} [names]
 * @property {number} [seed] Only at a table where no other person can sit.
 * @property {boolean} [spectators]
 * @property {boolean} [public] List the table in the lobby.
 * @property {string} [resume]
 * @property {string} [stand_in] The level that plays for a person away, and takes the seats left empty.
 * @property {number} [away] Seconds a person may stay away before the stand-in plays (0: never).
 * @property {boolean} [rated] The game moves its people's ratings (its creator signed in).
 * @property {{initial: number, increment?: number} | null} [clock] Each person's seconds for the game, and per move.
 */

/**
 * `POST /api/tables/{ID}/join`: a display name, the open seat wanted (by default the first), its invite code.
 * @typedef {{name?: string, seat?: number, invite?: string}} Join
 */

// -- accounts and ratings (web/accounts.py, store/ratings.py) --------------------------------

/**
 * A rating in one pool (a game and its preset), on the chess scale.
 * @typedef {object} Standing
 * @property {number} rating
 * @property {number} uncertainty
 * @property {boolean} provisional
 * @property {number} games
 * @property {number} wins
 * @property {number} losses
 * @property {number} draws
 */

/**
 * `GET /api/me`: who is signed in.
 * @typedef {object} Me
 * @property {string} name
 * @property {string} since
 * @property {Record<string, Standing>} ratings
 */

/**
 * One of a player's recent games.
 * @typedef {object} PlayerGame
 * @property {number} id
 * @property {string} game
 * @property {string} title
 * @property {string} finished
 * @property {number} seat
 * @property {"win" | "loss" | "draw"} result
 * @property {boolean} rated
 * @property {number | null} change The rating's change at a rated game.
 * @property {string[]} against
 * @property {string} replay
 * @property {string} review The seat's review page: for its person only (signed in as the account).
 */

/**
 * `GET /api/players/{name}`: a profile.
 * @typedef {object} Profile
 * @property {string} name
 * @property {string} since
 * @property {Record<string, Standing>} ratings
 * @property {Record<string, {game: number, at: string, rating: number}[]>} graph The rating after each rated game.
 * @property {PlayerGame[]} games
 */

/**
 * `GET /api/leaderboard/{game}`.
 * @typedef {object} Leaderboard
 * @property {string} game
 * @property {string} title
 * @property {Record<string, {players: (Standing & {name: string})[], levels: Record<string, number>}>} pools
 */

/**
 * `POST /api/tables` (and a resumed save): the tokens of the seats this browser takes.
 * @typedef {object} TableCreated
 * @property {string} table
 * @property {SeatToken[]} seats
 * @property {Invite[]} [invites] An invite code for each open seat of a table not listed in the lobby.
 * @property {string} [host] The host's token: it may start before every seat is taken.
 */

/** @typedef {{seat: number, token: string}} SeatToken */
/** @typedef {{table: string, shift?: number}} RematchMade The new table of a rematch, where this browser's tokens hold the seats `shift` on. */
/** @typedef {{seat: number, code: string}} Invite */

/**
 * A saved game the lobby may resume (`GET /api/saves`).
 * @typedef {object} SavedGame
 * @property {string} name
 * @property {string} game
 * @property {string} title The game's title ("Three Trios").
 * @property {string[]} seats
 * @property {number} moves
 * @property {string} saved
 */

/**
 * A table its host listed in the lobby (`GET /api/tables`).
 * @typedef {object} ListedTable
 * @property {string} table
 * @property {string} game
 * @property {string} title
 * @property {{seat: number, name: string, kind: string}[]} seats
 */

/**
 * `GET /api/stats`: per game and level against people, per person, and the recent games.
 * @typedef {object} Stats
 * @property {Record<string, string>} titles Each game's title by its id.
 * @property {LevelStats[]} levels
 * @property {PersonStats[]} [people]
 * @property {RecentGame[]} recent
 */

/**
 * @typedef {object} LevelStats
 * @property {string} game
 * @property {string} level
 * @property {number} played
 * @property {number} computer_wins
 * @property {number} player_wins
 * @property {number} draws
 * @property {number} practice
 * @property {number | null} computer_victory
 */

/**
 * @typedef {object} PersonStats
 * @property {string} name
 * @property {string} game
 * @property {number} played
 * @property {number} wins
 * @property {number | null} win_rate
 * @property {number} against_people
 * @property {number} against_computer
 * @property {number} practice
 */

/**
 * @typedef {object} RecentGame
 * @property {number} id
 * @property {string} game
 * @property {string} finished_at
 * @property {{player: string, human: boolean, result: number, score: number, name: string | null}[]} seats
 */

/**
 * `GET /api/records/{ID}/replay[?seat=N]`: a finished game step by step, as a spectator saw it, or (`seat`, with
 * the seat's token or the owner's) as that seat saw it.
 * @typedef {object} Replay
 * @property {number} id
 * @property {string} game
 * @property {string} title
 * @property {string[]} seats Each seat's spec (`human`, or the computer's level).
 * @property {string[]} names The names the people played under (else "You", "Player 2"), and "Computer".
 * @property {string[]} seat_lines Each seat in words, counted from one: "Seat 1: Ann", "Seat 2: Computer (hard)".
 * @property {Record<string, Piece>} pieces
 * @property {number | null} viewer The seat whose view each step holds, or null: the public view.
 * @property {ReplayStep[]} steps
 */

/**
 * A step of a replay: the deal (no seat, no move), then each move with what was said and the public view after it.
 * @typedef {{seat: null, move: null} | {seat: number, move: string}} ReplayMove
 * @typedef {ReplayMove & {words: string, said: string[], view: View}} ReplayStep
 */

// -- the views the game modules draw (each game's View.to_json) ------------------------------------

/**
 * What every game's view holds; each game adds its own fields (below).
 * @typedef {object} View
 * @property {string} game
 * @property {string} rules_version
 * @property {Record<string, unknown>} options
 * @property {number | "chance" | "terminal"} current_player
 * @property {(number | null)[]} [scores]
 * @property {number} viewer The seat; -2 for the public view (a spectator, a replay).
 */

/**
 * Cambio's view: a hand of slots per seat (a card code, "??" face down, null for an empty slot).
 * `known[seat][slot]` lists the seats that have seen that card; places are written "SEAT.SLOT".
 * @typedef {View & {
 *   hands: (string | null)[][],
 *   discard: string[],
 *   caller: number | null,
 *   known: number[][][],
 *   shown: boolean[][],
 *   phase: string,
 *   turn: number,
 *   turns_played: number,
 *   drawn: string | null,
 *   drawn_from: "discard" | "deck" | null,
 *   peeked: string | null,
 *   stick_window: {played: number, seat: number, give_to: string | null} | null,
 *   draw_pile: number,
 *   cards_drawn: number,
 *   winners?: number[],
 * }} CambioView
 */

/**
 * Basra's view: the viewer's hand as codes, every other hand as its count; one pile per seat (partners share).
 * @typedef {View & {
 *   hands: (string[] | number)[],
 *   table: string[],
 *   piles: string[][],
 *   basras: number[],
 *   dealer: number,
 *   deck_number: number,
 *   deck: number,
 *   set_aside: string[],
 *   last_capturer: number | null,
 *   teams?: number[][],
 *   draws: number,
 *   returns: number[] | null,
 * }} BasraView
 */

/**
 * A Casino build: its value, its owner, and the groups of cards that each make the value.
 * @typedef {{value: number, owner: number, parts: string[][]}} CasinoBuild
 */

/**
 * Casino's view (two seats): hands ("??" for the cards the viewer cannot see), loose cards and builds.
 * @typedef {View & {
 *   round: number,
 *   phase: string,
 *   seats: string[],
 *   call: string | null,
 *   leader: number,
 *   hands: string[][],
 *   table: {loose: string[], builds: CasinoBuild[]},
 *   piles: string[][],
 *   deck_count: number,
 *   aside: string[],
 *   last_capturer: number | null,
 *   last_round_points: number[] | null,
 *   notes: string[],
 * }} CasinoView
 */

/**
 * Go Fish's view: hands ("??" where unseen), the books laid down (four codes each), what each seat is known to hold.
 * @typedef {View & {
 *   phase: string,
 *   turn: number,
 *   hands: string[][],
 *   seen: string[][],
 *   holds: string[][],
 *   has_none_of: string[][],
 *   books: string[][],
 *   fishing_for?: string,
 *   stock: number,
 * }} GoFishView
 */

/**
 * Three Trios' view (perfect information: the whole state): the board as rows of marks ("R", "B" the owner of a
 * card, "." an empty cell, "_" a hole), the card on each cell by name, the hands by name.
 * @typedef {View & {
 *   board: string[],
 *   cells: (string | null)[][],
 *   hands: string[][],
 *   undealt: string[],
 *   rules: string[],
 * }} ThreeTriosView
 */

/**
 * A Three Trios card's numbers on its four sides (10 is shown as "A").
 * @typedef {{n: number, s: number, e: number, w: number}} Piece
 */

// -- the game modules (games/NAME.js) and what table.js gives them ---------------------------------

/** @typedef {"deal" | "play" | "basra" | "win"} SoundName */

/**
 * What a game keeps between redraws while a move is being made (each game its own fields; see below).
 * @typedef {Record<string, unknown>} Selection
 */

/** @typedef {{first?: string, looking?: string}} CambioSelection The first card of a switch; the card being looked at. */
/**
 * @typedef {{hand?: string, table?: string[], choices?: MatchedMove[], why?: string}} FishingSelection A hand card, table
 *   cards, the moves they could be; why they make no move (said beside them).
 */
/** @typedef {{rank?: string}} GoFishSelection The rank to ask for. */
/** @typedef {{card?: string, marks?: Record<string, number>}} ThreeTriosSelection The card lifted; its flips per cell. */

/**
 * What a game module draws from and acts through; table.js makes one for every drawing (and the replay page one
 * that takes no moves).
 * @template {View} [V=View]
 * @template {object} [S=Selection]
 * @typedef {object} DrawContext
 * @property {V} view
 * @property {V | null} previous The view drawn before this one (to show what changed).
 * @property {number | null} seat The seat on show; null for a spectator.
 * @property {string[]} legal
 * @property {string[]} quiet
 * @property {number | null} toMove
 * @property {string[]} names The seats' display names.
 * @property {string[]} labels The seats' labels in the game (Three Trios' colours).
 * @property {Record<string, Piece>} pieces
 * @property {S} sel The game's selection: the game changes it, then asks for a redraw.
 * @property {HintMessage | null} hint
 * @property {Record<string, string>} glimpse
 * @property {GameResult | null} result
 * @property {GameEvent[]} events
 * @property {GameEvent | null} [last] The last move by a seat not on this screen (the computer's), until the next
 *   move: the drawing marks what it touched.
 * @property {boolean} memory Cambio's memory mode: the player's known cards stay face down.
 * @property {(move: string) => void} play
 * @property {() => void} redraw
 * @property {(text: string, isError?: boolean) => void} say
 * @property {(cards: string[]) => Promise<MatchesMessage>} match
 * @property {(selection: string) => Promise<MarksMessage>} marks
 */

/**
 * A game's drawing module, games/NAME.js: `draw` and any of the rest. The server decides everything; a module
 * draws the view and turns clicks into moves in notation.
 * @template {View} [V=View]
 * @template {object} [S=Selection]
 * @typedef {object} GameModule
 * @property {(ctx: DrawContext<V, S>) => Node} draw The felt.
 * @property {(move: string, ctx: DrawContext<V, S>) => boolean} [handles] Whether clicks on the felt make
 *   `move`: the table shows a button for each legal move not handled.
 * @property {(move: string, ctx: DrawContext<V, S>) => string} [buttonLabel] The words on a move's button.
 * @property {(ctx: DrawContext<V, S>) => import("./dom.js").Child} [breakdown] Under the final scores.
 * @property {(event: GameEvent) => SoundName | null} [sound] A sound of the game's own for an event.
 * @property {(sel: S) => string | undefined} [hintSelection] The piece a hint's marks are asked for.
 * @property {() => Node} [rulesDemos] Shown on the rules page above the rules.
 * @property {(event: GameEvent, ctx: DrawContext<V, S>) => import("./motion.js").Travel[]} [travels] The cards a move
 *   sends travelling beyond those followed by their key (Cambio's places stay put; their cards move).
 * @property {(ctx: DrawContext<V, S>) => import("./dom.js").Child} [outcome] The game's end drawn in the outcome
 *   overlay (Cambio: every hand face up with its total).
 */

/**
 * `Keeps<Contract, Module>` is `Module`, and tsc refuses it where `Module` does not keep `Contract`: each game
 * module names itself this way (`typeof import("./cambio.js")`), so its exports are checked against GameModule.
 * @template Contract
 * @template {Contract} Module
 * @typedef {Module} Keeps
 */

// @ts-check
// The browser client's contract, written for the type check (tsc, with tsconfig.json at the repository's root):
// what the server sends as the client reads it (its websocket and HTTP API: docs/architecture.md, the web contract, web/wire.py), the
// views the game modules draw (each game's View.to_json), and the interface table.js draws a game through.
// Only JSDoc: the modules name these types in type positions (`import("./contract.js").GameModule`), so the
// browser never asks for this file; served all the same, it is an empty module.
export {};

// -- the wire (web/wire.py), as wire.js writes it: generated, never edited by hand --------------------

/** @typedef {import("./wire.js").EventOut} GameEvent */
/** @typedef {import("./wire.js").Tally} Tally */
/** @typedef {import("./wire.js").TallySide} TallySide */
/** @typedef {import("./wire.js").Result} GameResult */
/** @typedef {import("./wire.js").ClockOut} ClockOut */
/** @typedef {import("./wire.js").NewSeek} NewSeek */
/** @typedef {import("./wire.js").SeekSeat} SeekSeat */
/** @typedef {import("./wire.js").StateMessage & {view: View}} StateMessage The state message, its view as the game draws it. */
/** @typedef {import("./wire.js").HintMessage} HintMessage */
/** @typedef {import("./wire.js").MarksMessage} MarksMessage */
/** @typedef {import("./wire.js").MatchedMove} MatchedMove */
/** @typedef {import("./wire.js").MatchesMessage} MatchesMessage */
/** @typedef {import("./wire.js").SeatOut} SeatInfo */
/** @typedef {import("./wire.js").SeatsMessage} SeatsMessage */
/** @typedef {import("./wire.js").RematchMessage} RematchMessage */
/** @typedef {import("./wire.js").ErrorMessage} ErrorMessage */
/** @typedef {StateMessage | HintMessage | MarksMessage | MatchesMessage | SeatsMessage | RematchMessage | ErrorMessage} ServerMessage */
/** @typedef {import("./wire.js").ClientMessage} ClientMessage */
/** @typedef {import("./wire.js").NewTable} NewTable */
/** @typedef {import("./wire.js").Join} Join */
/** @typedef {import("./wire.js").TableCreated} TableCreated */
/** @typedef {import("./wire.js").SeatToken} SeatToken */
/** @typedef {import("./wire.js").RematchMade} RematchMade */
/** @typedef {import("./wire.js").Invite} Invite */

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
 * A held seek as the lobby's websocket tells it (as `GET /api/seeks/{ID}` answers): filled (the table and seat, the
 * token that now holds the seat), open (how it stands; `computer`: the seeker has waited long enough to be offered
 * the computer), or gone.
 * @typedef {({state: "filled", seek: string, table: string, seat: number, token: string}
 *   | (OpenSeek & {state: "open", place: number, computer: boolean})
 *   | {state: "gone", seek: string}) & {type?: "seek"}} SeekState
 */

/**
 * The replies a request waits for, by the reply's type (`Connection.ask`).
 * @typedef {object} Replies
 * @property {HintMessage} hint
 * @property {MarksMessage} marks
 * @property {MatchesMessage} matches
 */

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
 * A saved game the lobby may resume (`GET /api/saves`).
 * @typedef {object} SavedGame
 * @property {string} name
 * @property {string} game
 * @property {string} title The game's title, as people write it.
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
 * What every game's view holds; each game adds its own fields (its view type, in its games/NAME.js).
 * @typedef {object} View
 * @property {string} game
 * @property {string} rules_version
 * @property {Record<string, unknown>} options
 * @property {number | "chance" | "terminal"} current_player
 * @property {(number | null)[]} [scores]
 * @property {number} viewer The seat; -2 for the public view (a spectator, a replay).
 */

/**
 * A placed card's numbers on its four sides (10 is shown as "A").
 * @typedef {{n: number, s: number, e: number, w: number}} Piece
 */

// -- the game modules (games/NAME.js) and what table.js gives them ---------------------------------

/** @typedef {"deal" | "play" | "cheer" | "win"} SoundName A game's special moment cheers (its module's `sound`). */

/**
 * What a game keeps between redraws while a move is being made (each game its own fields, in its module).
 * @typedef {Record<string, unknown>} Selection
 */

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
 * @property {string[]} labels The seats' labels in the game (colours, in a game that has them).
 * @property {Record<string, Piece>} pieces
 * @property {S} sel The game's selection: the game changes it, then asks for a redraw.
 * @property {HintMessage | null} hint
 * @property {Record<string, string>} glimpse
 * @property {GameResult | null} result
 * @property {GameEvent[]} events
 * @property {GameEvent | null} [last] The last move by a seat not on this screen (the computer's), until the next
 *   move: the drawing marks what it touched.
 * @property {boolean} memory Memory mode: the player's known cards stay face down.
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
 * @property {boolean} [stylesheet] The game has a stylesheet of its own, css/games/NAME.css, loaded before it draws.
 * @property {(move: string, ctx: DrawContext<V, S>) => boolean} [handles] Whether clicks on the felt make
 *   `move`: the table shows a button for each legal move not handled.
 * @property {(move: string, ctx: DrawContext<V, S>) => string} [buttonLabel] The words on a move's button.
 * @property {(ctx: DrawContext<V, S>) => import("./dom.js").Child} [breakdown] Under the final scores.
 * @property {(event: GameEvent) => SoundName | null} [sound] A sound of the game's own for an event.
 * @property {(sel: S) => string | undefined} [hintSelection] The piece a hint's marks are asked for.
 * @property {() => Node} [rulesDemos] Shown on the rules page above the rules.
 * @property {(event: GameEvent, ctx: DrawContext<V, S>) => import("./motion.js").Travel[]} [travels] The cards a move
 *   sends travelling beyond those followed by their key (a game whose places stay put moves their cards).
 * @property {(ctx: DrawContext<V, S>) => import("./dom.js").Child} [outcome] The game's end drawn in the outcome
 *   overlay (every hand face up with its total, say).
 */

/**
 * `Keeps<Contract, Module>` is `Module`, and tsc refuses it where `Module` does not keep `Contract`: each game
 * module names itself this way (`typeof import("./NAME.js")`), so its exports are checked against GameModule.
 * @template Contract
 * @template {Contract} Module
 * @typedef {Module} Keeps
 */

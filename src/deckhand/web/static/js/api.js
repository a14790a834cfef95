// @ts-check
// The server's HTTP API: every failure comes back as {error: "one line"}.

/** A refused or failed request: the server's line, and the HTTP status (0: the server could not be reached). */
export class ApiError extends Error {
  /**
   * @param {string} message
   * @param {number} status
   */
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/**
 * A request to the server's HTTP API (a POST when there is a body): the answer's JSON, as the caller knows it to be
 * (contract.js names the shapes), or an ApiError with the server's line.
 * @param {string} path
 * @param {unknown} [body]
 * @param {string | null} [token] A seat's token, sent in a header (never in the URL, which logs keep).
 * @param {Record<string, string>} [more] Other headers.
 * @param {string} [method] By default GET, or POST with a body.
 * @returns {Promise<any>}
 */
export async function api(path, body, token, more = {}, method) {
  /** @type {Record<string, string>} */
  const headers = token ? { ...more, "X-Seat-Token": token } : { ...more };
  /** @type {RequestInit} */
  const init = body === undefined ? { headers, method: method || "GET" } : {
    method: method || "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError("the server cannot be reached", 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    /* an empty or non-JSON body */
  }
  if (!response.ok) throw new ApiError((data && data.error) || `${response.status} ${response.statusText}`, response.status);
  return data;
}

/** Pauses before each new try of a table's creation whose answer was lost (ms). */
const CREATE_RETRY_MS = [300, 1000, 2000, 4000];
/** What a lost answer looks like: no answer at all, or the balancer's for a process that went away (or was busy). */
const LOST = [0, 502, 503, 504];

/**
 * `POST /api/tables`, safe to send again: this creation's own Idempotency-Key goes with every try, so that when an
 * answer is lost (the process that took it was stopped or killed) the next try, on any process, answers the table the
 * first one opened, with the same tokens, rather than a second table. The key is a secret as good as the tokens it
 * brings back: random, kept in memory for this creation only, sent in a header.
 * @param {import("./contract.js").NewTable} body
 * @returns {Promise<import("./contract.js").TableCreated>}
 */
export async function createTable(body) {
  const key = newKey();
  for (let attempt = 0; ; attempt++) {
    try {
      return await api("/api/tables", body, null, { "Idempotency-Key": key });
    } catch (error) {
      const status = error instanceof ApiError ? error.status : -1;
      if (attempt >= CREATE_RETRY_MS.length || !LOST.includes(status)) throw error;
      await new Promise((resolve) => setTimeout(resolve, CREATE_RETRY_MS[attempt]));
    }
  }
}

/** @returns {string} 24 random bytes, base64url: 32 characters, as the server asks of an Idempotency-Key. */
function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @type {import("./contract.js").GameInfo[] | null} */
let gamesCache = null;

/**
 * Every game as the lobby offers it (cached: it does not change while the page is open).
 * @returns {Promise<import("./contract.js").GameInfo[]>}
 */
export async function games() {
  if (!gamesCache) gamesCache = /** @type {import("./contract.js").GameInfo[]} */ (await api("/api/games"));
  return gamesCache;
}

/**
 * A game's drawing module (games/NAME.js), or the generic one for a game without its own.
 * @param {string} name
 * @returns {Promise<import("./contract.js").GameModule>}
 */
export async function gameModule(name) {
  /** @type {import("./contract.js").GameModule} */
  let module;
  try {
    module = await import(`./games/${name}.js`);
  } catch {
    return import("./games/generic.js");
  }
  if (module.stylesheet) await gameStyle(name);
  return module;
}

/** @type {Map<string, Promise<void>>} A game's stylesheet, asked for once. */
const styles = new Map();

/**
 * Load a game's own stylesheet, css/games/NAME.css, before its module draws (a game's look stays with the game).
 * @param {string} name
 * @returns {Promise<void>}
 */
function gameStyle(name) {
  let loaded = styles.get(name);
  if (!loaded) {
    loaded = new Promise((resolve) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = `/static/css/games/${encodeURIComponent(name)}.css`;
      link.onload = link.onerror = () => resolve();
      document.head.append(link);
    });
    styles.set(name, loaded);
  }
  return loaded;
}

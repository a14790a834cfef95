// @ts-check
// The server's HTTP API: every failure comes back as {error: "one line"}.

/**
 * A request to the server's HTTP API (a POST when there is a body): the answer's JSON, as the caller knows it to be
 * (contract.js names the shapes), or an Error with the server's line.
 * @param {string} path
 * @param {unknown} [body]
 * @param {string | null} [token] A seat's token, sent in a header (never in the URL, which logs keep).
 * @returns {Promise<any>}
 */
export async function api(path, body, token) {
  /** @type {Record<string, string>} */
  const headers = token ? { "X-Seat-Token": token } : {};
  /** @type {RequestInit} */
  const init = body === undefined ? { headers } : {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new Error("the server cannot be reached");
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    /* an empty or non-JSON body */
  }
  if (!response.ok) throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
  return data;
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
  try {
    return await import(`./games/${name}.js`);
  } catch {
    return import("./games/generic.js");
  }
}

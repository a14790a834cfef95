// The server's HTTP API: every failure comes back as {error: "one line"}.

export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
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

let gamesCache = null;

/** Every game as the lobby offers it (cached: it does not change while the page is open). */
export async function games() {
  if (!gamesCache) gamesCache = await api("/api/games");
  return gamesCache;
}

/** A game's drawing module (games/NAME.js), or the generic one for a game without its own. */
export async function gameModule(name) {
  try {
    return await import(`./games/${name}.js`);
  } catch {
    return import("./games/generic.js");
  }
}

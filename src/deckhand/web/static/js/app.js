// @ts-check
// The page's router: #/ the lobby, #/table/ID, #/join/ID[/SEAT[/INVITE]], #/rules/GAME, #/stats, #/replay/ID[?step=N][&seat=N[&table=ID]], #/review/ID?seat=N, #/learn/ID?seat=N,
// #/signin, #/player/NAME, #/leaderboard[/GAME]; #owner=TOKEN is the owner's link. Settings and the account live in the header.
import { drawAccountBar, showLeaderboard, showPlayer, showSignIn } from "./account.js";
import { clear, h, store } from "./dom.js";
import { keepToken } from "./kept.js";
import { showJoin, showLobby } from "./lobby.js";
import { showReplay, showRules, showStats } from "./pages.js";
import { showPractice } from "./practice.js";
import { showReview } from "./review.js";
import { muted, setMuted } from "./sound.js";
import { showTable } from "./table.js";

// index.html has these elements
const main = /** @type {HTMLElement} */ (document.getElementById("main"));
/** What leaves the page on show (a table closes its connections). */
let leave = () => {};

function settings() {
  const mute = /** @type {HTMLButtonElement} */ (document.getElementById("mute"));
  const pace = /** @type {HTMLSelectElement} */ (document.getElementById("pace"));
  const backs = /** @type {HTMLSelectElement} */ (document.getElementById("backs"));
  const showMute = () => {
    mute.textContent = muted() ? "Sound off" : "Sound on";
    mute.setAttribute("aria-pressed", String(muted()));
    mute.setAttribute("aria-label", muted() ? "Sound is off" : "Sound is on");
  };
  mute.addEventListener("click", () => { setMuted(!muted()); showMute(); });
  showMute();
  pace.value = String(store.get("pace", 900));
  pace.addEventListener("change", () => store.set("pace", Number(pace.value)));
  backs.value = store.get("backs", "red");
  document.body.classList.add(`backs-${backs.value}`);
  backs.addEventListener("change", () => {
    document.body.classList.remove("backs-red", "backs-blue", "backs-green");
    document.body.classList.add(`backs-${backs.value}`);
    store.set("backs", backs.value);
  });
}

async function route() {
  leave();
  leave = () => {};
  const [path, query] = location.hash.replace(/^#/, "").split("?");
  const parts = path.split("/").filter(Boolean);
  const params = new URLSearchParams(query || "");
  try {
    if (parts[0] === "table" && parts[1]) {
      const token = params.get("token");
      const seat = params.get("seat");
      if (token && seat) {
        keepToken(parts[1], Number(seat), token); // an invite link: kept, then hidden
        history.replaceState(null, "", `#/table/${parts[1]}`);
      }
      leave = await showTable(main, parts[1]);
    } else if (parts[0] === "join" && parts[1]) {
      leave = await showJoin(main, parts[1], parts[2], parts[3] && decodeURIComponent(parts[3]));
    } else if (parts[0] === "rules") {
      leave = await showRules(main, parts[1]);
    } else if (parts[0] === "stats") {
      leave = await showStats(main);
    } else if (parts[0] === "replay" && parts[1]) {
      leave = await showReplay(main, parts[1], Number(params.get("step") || 0), params);
    } else if (parts[0] === "review" && parts[1]) {
      leave = await showReview(main, parts[1], params);
    } else if (parts[0] === "learn" && parts[1]) {
      leave = await showPractice(main, parts[1], params);
    } else if (parts[0] === "signin") {
      leave = await showSignIn(main);
    } else if (parts[0] === "player" && parts[1]) {
      leave = await showPlayer(main, decodeURIComponent(parts[1]));
    } else if (parts[0] === "leaderboard") {
      leave = await showLeaderboard(main, parts[1]);
    } else {
      leave = await showLobby(main);
    }
  } catch (error) {
    clear(main, h("p.error", {}, `Something went wrong: ${/** @type {Error} */ (error).message}`), h("a", { href: "#/" }, "Back to the lobby"));
  }
}

/**
 * The owner's link (`/#owner=TOKEN`, as `deckhand serve` prints it): the token leaves the address bar at once, and
 * goes to the server once, which keeps it in a cookie this page cannot read. After the `#`, it never reached a log.
 */
async function takeOwnerToken() {
  const found = /^#owner=(.*)$/.exec(location.hash);
  if (!found) return;
  history.replaceState(null, "", `${location.pathname}${location.search}`);
  try {
    await fetch("/api/owner", { method: "POST", headers: { "X-Owner-Token": found[1] } });
  } catch {
    /* the lobby says what the server answers */
  }
}

settings();
drawAccountBar();
window.addEventListener("hashchange", route);
takeOwnerToken().then(route);

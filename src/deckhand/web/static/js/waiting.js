// @ts-check
// The panels over the felt while a table waits: for its people (the open seats' invite links, for the host or anyone
// at a listed table, and the host's Start now with the computer in the empty seats), or, at a screen two people
// share, for the next of them (the cards stay hidden until they are ready).
import { h } from "./dom.js";
import { hostToken, inviteCodes, inviteLink } from "./kept.js";

/**
 * @typedef {import("./contract.js").SeatsMessage} SeatsMessage
 */

/**
 * The panel over the felt while seats are open.
 * @param {object} table
 * @param {string} table.id
 * @param {SeatsMessage} table.people
 * @param {boolean} table.listed Whether the table is listed in the lobby (one link seats the next person).
 * @param {string[]} table.levels The computer's levels, for the empty seats.
 * @param {(level: string | undefined) => void} table.start The host starts now.
 * @param {(text: string) => void} table.say
 */
export function waitingPanel({ id, people, listed, levels, start, say }) {
  const open = people.seats.filter((s) => s.kind === "open");
  const host = hostToken(id);
  const codes = inviteCodes(id);
  const linked = open.filter((s) => listed || codes[s.seat]);
  const level = h("select", { "aria-label": "Level for the empty seats" }, levels.map((l) => h("option", { value: l, selected: l === "medium" }, l)));
  return h(
    "div.overlay.waiting",
    {},
    h("h2", {}, `Waiting for ${open.length} more ${open.length === 1 ? "player" : "players"}`),
    linked.length
      ? h("p", {}, "Send each friend the link of a seat. The game starts when every seat is taken.")
      : h("p", {}, "The host has the links that seat the friends invited. The game starts when every seat is taken."),
    h(
      "ul.list.invites",
      {},
      linked.map((s) => {
        const link = inviteLink(id, s.seat, codes[s.seat]);
        return h("li", {}, h("span", {}, `${s.name}: `), h("input", { type: "text", readonly: true, value: link, "aria-label": `Invite link for seat ${s.seat + 1}`, onfocus: (e) => /** @type {HTMLInputElement} */ (e.target).select() }), h("button", { type: "button", onclick: () => copy(link, say) }, "Copy"));
      }),
      listed ? h("li.muted", {}, "Or one link for the next free seat: ", h("a", { href: inviteLink(id) }, inviteLink(id))) : null,
    ),
    host
      ? h("p", {}, h("button.primary", { type: "button", id: "start-now", onclick: () => start(level.value || undefined) }, "Start now"), " with the computer in the empty seats at ", levels.length ? level : "the usual level")
      : "",
  );
}

/**
 * @param {string} text
 * @param {(text: string) => void} say
 */
async function copy(text, say) {
  try {
    await navigator.clipboard.writeText(text);
    say("Link copied.");
  } catch {
    say("Select the link and copy it.");
  }
}

/**
 * Between two people at one screen: the next one's cards stay hidden until they say they are there.
 * @param {string} name The next person's name.
 * @param {() => void} ready
 */
export function handOverPanel(name, ready) {
  return h(
    "div.overlay",
    {},
    h("h2", {}, `Pass the screen to ${name}`),
    h("p", {}, "The cards stay hidden until they are ready."),
    h("button.primary", { type: "button", onclick: ready }, `I am ${name}`),
  );
}

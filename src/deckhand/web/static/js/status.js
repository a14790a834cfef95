// @ts-check
// The line above the felt: the game's title, whose turn it is (or why nobody's), who watches, and each seat's tag:
// its colour, name, score, presence, clock and whether its computer is thinking.
import { SEAT_COLOURS, h } from "./dom.js";
import { presence } from "./timekeeping.js";

/**
 * @typedef {import("./contract.js").StateMessage} StateMessage
 * @typedef {import("./timekeeping.js").Timekeeper} Timekeeper
 */

/**
 * @param {object} table
 * @param {string} table.title
 * @param {StateMessage} table.message The state on show.
 * @param {string[]} table.names
 * @param {string[]} table.labels The seats' labels in the game (colours, in a game that has them).
 * @param {Timekeeper} table.time The clocks, and who is here.
 * @param {boolean} table.offline Whether this page's connection is down (who is connected is then unknown).
 * @param {boolean} table.waiting Whether seats are still open.
 * @param {(seat: number) => boolean} table.thinks Whether the computer at a seat is choosing its move now.
 */
export function statusLine({ title, message, names, labels, time, offline, waiting, thinks }) {
  const people = time.people;
  const tags = names.map((name, seat) => {
    const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length];
    const label = labels[seat];
    const score = message.view.scores ? message.view.scores[seat] : null;
    const person = people && people.seats[seat];
    const away = person && person.kind !== "computer" && !person.connected;
    const thinking = thinks(seat);
    return h(
      `span.seat-tag${message.to_move === seat ? ".to-move" : ""}${away ? ".away" : ""}${thinking ? ".thinking" : ""}`,
      { "aria-busy": thinking ? "true" : undefined },
      h("span.dot", { style: `background:${colour}` }),
      `${name}${seat === message.seat && name !== "You" ? " (you)" : ""}${label ? ` · ${label}` : ""}`,
      score === null || score === undefined ? "" : ` · ${score}`,
      person && person.account ? h("span.account-mark", { title: `${name} is signed in: the name is their account's`, "aria-label": "signed in" }, " ✓") : "",
      person && person.kind === "human" ? presence(offline ? null : person.connected) : "",
      time.awayTag(seat),
      person && person.stand_in ? h("span.muted", {}, ` (computer ${person.stand_in} standing in)`) : "",
      thinking ? h("span.thinking-dots", { role: "status" }, " thinking…") : "",
      time.clockTag(seat, name),
    );
  });
  const mine = message.legal.length > 0 && !waiting;
  const turn = offline
    ? "reconnecting…"
    : message.ended
    ? message.ended.words
    : message.result
    ? "Game over"
    : waiting
      ? "Waiting for players"
      : message.to_move === null
      ? "…"
      : mine
        ? "Your move"
        : `${names[message.to_move]} to play`;
  return [
    h("h1.game-title", {}, title),
    h(`span.turn${offline ? ".offline" : mine ? ".mine" : ""}`, { role: offline ? "status" : undefined }, turn),
    message.seat === null ? h("span.muted", {}, "(watching)") : "",
    people && people.watching ? h("span.muted", {}, `${people.watching} watching`) : "",
    h("span.scores", {}, tags),
  ];
}

// @ts-check
// What this browser keeps of its tables (in localStorage): each seat's token, the host's token, the open seats'
// invite codes; and the links that seat a person.
import { store } from "./dom.js";

/**
 * @typedef {import("./contract.js").Invite} Invite
 */

/**
 * The seats' tokens this browser holds at a table, by seat.
 * @param {string} tableId
 * @returns {Record<string, string>}
 */
export function seatTokens(tableId) {
  return store.get(`tokens.${tableId}`, {});
}

/**
 * @param {string} tableId
 * @param {number} seat
 * @param {string} token
 */
export function keepToken(tableId, seat, token) {
  const tokens = seatTokens(tableId);
  tokens[seat] = token;
  store.set(`tokens.${tableId}`, tokens);
}

/**
 * The host's token (who may start before every seat is taken), kept by the browser that made the table.
 * @param {string} tableId
 * @param {string} token
 */
export function keepHost(tableId, token) {
  store.set(`host.${tableId}`, token);
}

/**
 * @param {string} tableId
 * @returns {string | null}
 */
export function hostToken(tableId) {
  return store.get(`host.${tableId}`, null);
}

/**
 * The invite codes of a new table's open seats, kept by the browser that made it (its host).
 * @param {string} tableId
 * @param {Invite[] | undefined} invites
 */
export function keepInvites(tableId, invites) {
  /** @type {Record<number, string>} */
  const kept = {};
  for (const { seat, code } of invites || []) kept[seat] = code;
  store.set(`invites.${tableId}`, kept);
}

/**
 * @param {string} tableId
 * @returns {Record<number, string>}
 */
export function inviteCodes(tableId) {
  return store.get(`invites.${tableId}`, {});
}

/**
 * The link that seats a person who opens it: a seat's own (with its invite code after the #, which never
 * reaches a server), or, at a table listed in the lobby, one for the first free seat.
 * @param {string} tableId
 * @param {number} [seat]
 * @param {string} [code]
 */
export function inviteLink(tableId, seat, code) {
  const path = seat === undefined ? "" : code ? `/${seat}/${encodeURIComponent(code)}` : `/${seat}`;
  return `${location.origin}/#/join/${tableId}${path}`;
}

/**
 * A rematch: this browser's seats at the old table, each `shift` seats on at the new one, and the host's token.
 * @param {string} from The old table.
 * @param {string} to The new table.
 * @param {number} shift
 * @param {number} seats How many seats the tables have.
 */
export function carrySeats(from, to, shift, seats) {
  for (const [seat, token] of Object.entries(seatTokens(from))) keepToken(to, (Number(seat) + shift) % seats, token);
  const host = hostToken(from);
  if (host) keepHost(to, host);
}

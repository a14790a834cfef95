// @ts-check
// What a screen reader hears at a table: each move's sentence, read out politely as it happens (the log says the
// same, but the log is redrawn whole); and the keyboard's place kept when the felt is redrawn.
import { h } from "./dom.js";

/** How many sentences the region keeps: older ones are said already, and only additions are read. */
const KEEP = 4;

/**
 * A move's sentence as the log says it: who, the move in words (or its notation), what the table announced.
 * @param {import("./contract.js").GameEvent} event
 * @param {string[]} names
 */
export function sentence(event, names) {
  const said = event.said.join(" ");
  if (event.seat === null) return said;
  const who = names[event.seat] || `Seat ${event.seat + 1}`;
  const what = (event.words || event.move || "").replace(/\.$/, "");
  // the server's sentence starts with the mover's name already ("Computer takes …"); notation needs it said
  const told = event.words && what.startsWith(who) ? what : `${who}: ${what}`;
  return `${told}.${said ? ` ${said}` : ""}`;
}

/** The polite live region: one line per move, the latest last. */
export class Announcer {
  el = h("div.sr-only.announce", { role: "log", "aria-live": "polite", "aria-relevant": "additions", "aria-label": "Moves as they happen" });

  /**
   * Say one new event (a pass that goes without saying is not said, as the log leaves it out).
   * @param {import("./contract.js").GameEvent} event
   * @param {string[]} names
   */
  say(event, names) {
    if (event.quiet) return;
    const text = sentence(event, names);
    if (!text) return;
    this.el.append(h("p", {}, text));
    while (this.el.childElementCount > KEEP) this.el.firstElementChild?.remove();
  }
}

const FOCUSABLE = "button:not([disabled]), input, select, a[href], [tabindex]:not([tabindex='-1'])";

/**
 * What tells a control apart across redraws: its place, else its name, else its text.
 * @param {Element} el
 */
function focusKey(el) {
  const place = el instanceof HTMLElement ? el.dataset.place : undefined;
  return `${el.tagName}|${place || el.getAttribute("aria-label") || el.textContent || ""}`;
}

/**
 * Redraw `container` and put the keyboard's focus back where it was: on the same control when it is still there
 * (the card you lifted), else on the control now at its place in the order (the next card, once one is played).
 * @param {HTMLElement} container
 * @param {() => void} redraw
 */
export function keepingFocus(container, redraw) {
  const active = document.activeElement;
  if (!active || active === container || !container.contains(active)) {
    redraw();
    return;
  }
  const key = focusKey(active);
  const index = [...container.querySelectorAll(FOCUSABLE)].indexOf(active);
  redraw();
  const now = [...container.querySelectorAll(FOCUSABLE)];
  const again = now.find((el) => focusKey(el) === key) || now[Math.min(index, now.length - 1)];
  if (again instanceof HTMLElement) again.focus();
}

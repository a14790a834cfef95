// @ts-check
// Cards travel between two drawings of the felt (FLIP: measure where each card was, redraw, then animate it from
// there to where it is now). The felt is redrawn from every state message, so cards are followed by identity:
// an element's data-key (a card's code, a place in a hand, a named card). Zones (data-zone: "hand-1",
// "pile-0", "deck") are where a card that appears comes from, and where a card that goes (a capture) sweeps to.
// Only the Web Animations API is used (no style attributes: the page's policy refuses them), and nothing moves
// when the browser asks for reduced motion.

/** How long a card takes to travel, in ms (the issue asks for 150–400). */
export const TRAVEL_MS = 320;
/** A captured card sweeping to its pile. */
export const SWEEP_MS = 380;
/** A peeked card lifting and turning. */
export const LIFT_MS = 400;
/** Between two cards of one deal. */
const STAGGER_MS = 35;

/**
 * A card that travels because the move says so (where a game's places stay put, their cards move).
 * @typedef {object} Travel
 * @property {string} key The element now on the felt (its data-key).
 * @property {string} [from] The key or zone it comes from, measured before the redraw.
 * @property {boolean} [lift] The card lifts and turns where it is (a peek).
 */

/**
 * Where the keyed elements and zones were before a redraw.
 * @typedef {object} Before
 * @property {Map<string, DOMRect>} keys
 * @property {Map<string, DOMRect>} zones
 * @property {Map<string, HTMLElement>} cards Copies of the keyed cards, for those that leave the felt.
 */

export function reduced() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * @param {HTMLElement} root
 * @returns {Before}
 */
export function measure(root) {
  /** @type {Before} */
  const before = { keys: new Map(), zones: new Map(), cards: new Map() };
  for (const el of root.querySelectorAll("[data-key]")) {
    const key = /** @type {HTMLElement} */ (el).dataset.key || "";
    before.keys.set(key, el.getBoundingClientRect());
    if (el.classList.contains("card")) before.cards.set(key, /** @type {HTMLElement} */ (el.cloneNode(true)));
  }
  for (const el of root.querySelectorAll("[data-zone]")) {
    before.zones.set(/** @type {HTMLElement} */ (el).dataset.zone || "", el.getBoundingClientRect());
  }
  return before;
}

/**
 * Animate the felt from where things were to where they are.
 * @param {HTMLElement} root The felt, just redrawn.
 * @param {Before | null} before Measured before the redraw (null: the first drawing, nothing to travel from).
 * @param {object} how
 * @param {number | null} how.mover The seat whose move this is (null: a deal): cards that appear come from its hand.
 * @param {Travel[]} how.travels What the move says travels (the game module's `travels`).
 * @param {boolean} how.deal New cards in hand are being dealt: they come from the deck, one after another.
 * @returns {number} How many cards travelled (the felt counts them in data-travelled, for the tests).
 */
export function travel(root, before, { mover, travels, deal }) {
  if (!before || reduced()) return 0;
  let count = 0;
  const told = new Set(travels.map((t) => t.key));
  /** @param {string} name */
  const zone = (name) => before.zones.get(name) || before.keys.get(name) || here(root, name);
  /** @type {Set<string>} keys a new element came from: they did not leave, they moved */
  const used = new Set();
  let dealt = 0;
  for (const node of root.querySelectorAll("[data-key]")) {
    const el = /** @type {HTMLElement} */ (node);
    const key = el.dataset.key || "";
    if (told.has(key)) continue;
    const was = before.keys.get(key);
    if (was) {
      if (fly(el, was)) count += 1;
      continue;
    }
    // a card new on the felt: dealt from the deck, or played from the mover's hand
    const named = el.dataset.from;
    if (named) used.add(named);
    const from = named ? zone(named) : zone(mover !== null ? `hand-${mover}` : "deck");
    if (!from) continue;
    const delay = el.dataset.from === "deck" && deal ? STAGGER_MS * dealt++ : 0;
    if (fly(el, from, delay)) count += 1;
  }
  for (const t of travels) {
    const el = /** @type {HTMLElement | null} */ (root.querySelector(`[data-key="${CSS.escape(t.key)}"]`));
    if (!el) continue;
    if (t.lift) {
      lift(el);
      count += 1;
    } else if (t.from) {
      const from = zone(t.from);
      if (from && fly(el, from)) count += 1;
    }
  }
  // cards that left the felt (captured): they sweep to the mover's pile
  const pile = mover === null ? null : root.querySelector(`[data-zone="pile-${mover}"]`);
  if (pile) {
    const to = pile.getBoundingClientRect();
    for (const [key, copy] of before.cards) {
      if (used.has(key) || copy.dataset.still || root.querySelector(`[data-key="${CSS.escape(key)}"]`)) continue;
      sweep(copy, /** @type {DOMRect} */ (before.keys.get(key)), to);
      count += 1;
    }
  }
  root.dataset.travelled = String(Number(root.dataset.travelled || 0) + count);
  return count;
}

/**
 * Where a zone or keyed element is on the felt now (a zone first drawn with this message: the deck at the deal).
 * @param {HTMLElement} root
 * @param {string} name
 */
function here(root, name) {
  const el = root.querySelector(`[data-zone="${CSS.escape(name)}"]`) || root.querySelector(`[data-key="${CSS.escape(name)}"]`);
  return el ? el.getBoundingClientRect() : undefined;
}

/**
 * Play `el` from the rectangle `from` to where it is now.
 * @param {HTMLElement} el
 * @param {DOMRect} from
 * @param {number} [delay]
 */
function fly(el, from, delay = 0) {
  const to = el.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return false;
  const scale = to.width ? Math.min(2, Math.max(0.4, from.width / to.width)) : 1;
  el.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: "none" }],
    { duration: TRAVEL_MS, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards", id: "travel" },
  );
  return true;
}

/**
 * A peeked card lifts and turns where it is.
 * @param {HTMLElement} el
 */
function lift(el) {
  el.animate(
    [
      { transform: "none" },
      { transform: "translateY(-14px) rotateY(90deg)", offset: 0.5 },
      { transform: "none" },
    ],
    { duration: LIFT_MS, easing: "ease-in-out", id: "travel" },
  );
}

/**
 * A copy of a card that left the felt flies from where it was to its pile, and fades there.
 * @param {HTMLElement} copy
 * @param {DOMRect} from
 * @param {DOMRect} to
 */
function sweep(copy, from, to) {
  copy.classList.add("ghost");
  copy.removeAttribute("data-key");
  copy.setAttribute("aria-hidden", "true");
  document.body.append(copy);
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  const start = `translate(${from.left + window.scrollX}px, ${from.top + window.scrollY}px)`;
  const end = `translate(${from.left + window.scrollX + dx}px, ${from.top + window.scrollY + dy}px) scale(.6)`;
  const animation = copy.animate(
    [{ transform: start, opacity: 1 }, { transform: end, opacity: 0.2 }],
    { duration: SWEEP_MS, easing: "ease-in", fill: "forwards", id: "travel" },
  );
  animation.finished.then(() => copy.remove(), () => copy.remove());
}

/**
 * Resolves once every card animation under `root` has ended (a travel, a flip, a lift): what follows a move, the
 * outcome it opens, waits for the move to be seen. Endless animations (none on the felt) are left out.
 * @param {HTMLElement} root
 * @returns {Promise<void>}
 */
export async function landed(root) {
  const running = root
    .getAnimations({ subtree: true })
    .filter((a) => a.playState !== "finished" && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
  await Promise.all(running.map((a) => a.finished.catch(() => null)));
}

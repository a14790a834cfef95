// @ts-check
// Small helpers for building the page: every text goes in as text, never as HTML.

/**
 * What may stand among an element's children: nodes, text and numbers (as text), nested lists; null, undefined
 * and false are left out (so that `cond && h(...)` and `cond ? h(...) : ""` read as they look).
 * @typedef {Node | string | number | false | null | undefined | ChildList} Child
 * @typedef {Child[]} ChildList
 */

/**
 * An element's attributes: `on*` are listeners, `dataset` fills data-*, `style` is "prop:value;...", true is a
 * bare attribute, and null, undefined or false leave the attribute out.
 * @typedef {object} KnownAttrs
 * @property {((event: MouseEvent) => void) | undefined} [onclick]
 * @property {(event: Event) => void} [onchange]
 * @property {(event: FocusEvent) => void} [onfocus]
 * @property {(event: SubmitEvent) => void} [onsubmit]
 * @property {Record<string, string | number>} [dataset]
 * @property {string} [style]
 * @typedef {KnownAttrs & Record<string, string | number | boolean | null | undefined | ((event: never) => void) | Record<string, string | number>>} Attrs
 */

/**
 * h("button.card.red", {onclick, title}, child, "text", ...): the element is typed by its tag (h("select") is an
 * HTMLSelectElement); a tag the type check cannot read (a computed one) gives an HTMLElement.
 * @typedef {{
 *   <K extends keyof HTMLElementTagNameMap>(spec: K | `${K}.${string}`, attrs?: Attrs | null, ...children: Child[]): HTMLElementTagNameMap[K],
 *   (spec: string, attrs?: Attrs | null, ...children: Child[]): HTMLElement,
 * }} ElementMaker
 */

/**
 * @param {string} spec
 * @param {Attrs | null} [attrs]
 * @param {...Child} children
 * @returns {HTMLElement}
 */
function element(spec, attrs = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  const el = document.createElement(tag || "div");
  if (classes.length) el.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style") setStyle(el, value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  add(el, children);
  return el;
}

/** An element: h("button.card.red", {onclick, title}, child, "text", ...). */
export const h = /** @type {ElementMaker} */ (element);

/**
 * "prop:value;..." set through the CSSOM: the page's policy (style-src 'self') refuses style attributes.
 * @param {HTMLElement} el
 * @param {unknown} text
 */
function setStyle(el, text) {
  for (const declaration of String(text).split(";")) {
    const colon = declaration.indexOf(":");
    if (colon > 0) el.style.setProperty(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
  }
}

/**
 * @param {Element} el
 * @param {Child[]} children
 */
function add(el, children) {
  for (const child of /** @type {unknown[]} */ (children).flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * Replace an element's children.
 * @template {Element} E
 * @param {E} el
 * @param {...Child} children
 * @returns {E}
 */
export function clear(el, ...children) {
  el.replaceChildren();
  add(el, children);
  return el;
}

/** Settings and tokens kept in the browser (localStorage, as JSON), when it keeps anything. */
export const store = {
  /**
   * @template T
   * @param {string} key
   * @param {T} fallback
   * @returns {T}
   */
  get(key, fallback) {
    try {
      const value = localStorage.getItem(`deckhand.${key}`);
      return value === null ? fallback : JSON.parse(value);
    } catch {
      return fallback;
    }
  },
  /**
   * @param {string} key
   * @param {unknown} value
   */
  set(key, value) {
    try {
      localStorage.setItem(`deckhand.${key}`, JSON.stringify(value));
    } catch {
      /* private browsing: settings are not remembered */
    }
  },
};

export const SEAT_COLOURS = ["var(--seat0)", "var(--seat1)", "var(--seat2)", "var(--seat3)", "var(--seat4)", "var(--seat5)"];

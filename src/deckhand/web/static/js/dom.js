// Small helpers for building the page: every text goes in as text, never as HTML.

/** An element: h("button.card.red", {onclick, title}, child, "text", ...). */
export function h(spec, attrs = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  const el = document.createElement(tag || "div");
  if (classes.length) el.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style") setStyle(el, value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  add(el, children);
  return el;
}

/** "prop:value;..." set through the CSSOM: the page's policy (style-src 'self') refuses style attributes. */
function setStyle(el, text) {
  for (const declaration of String(text).split(";")) {
    const colon = declaration.indexOf(":");
    if (colon > 0) el.style.setProperty(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
  }
}

function add(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  add(el, children);
  return el;
}

export const store = {
  get(key, fallback) {
    try {
      const value = localStorage.getItem(`deckhand.${key}`);
      return value === null ? fallback : JSON.parse(value);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(`deckhand.${key}`, JSON.stringify(value));
    } catch {
      /* private browsing: settings are not remembered */
    }
  },
};

export const SEAT_COLOURS = ["var(--seat0)", "var(--seat1)", "var(--seat2)", "var(--seat3)", "var(--seat4)", "var(--seat5)"];

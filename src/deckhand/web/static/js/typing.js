// @ts-check
// Typing a move in the game's notation: for those who want it, behind a toggle (or the / key), not a second Play
// button under the table. Whether it is shown is kept for the next tables too.
import { h, store } from "./dom.js";

export class Typing {
  input = h("input", {
    type: "text",
    placeholder: "Type a move (e.g. the notation in the rules), then Enter",
    "aria-label": "Move in notation",
    autocomplete: "off",
  });

  /** @param {(move: string) => void} play */
  constructor(play) {
    this.form = h(
      "form.notation",
      {
        onsubmit: (/** @type {Event} */ event) => {
          event.preventDefault();
          const text = this.input.value.trim();
          if (text) play(text);
          this.input.value = "";
          this.input.blur(); // the keys (h, 1–9, /) work again at once
        },
      },
      this.input,
    );
    this.toggle = h("button.typing", { type: "button", "aria-expanded": "false", title: "Type a move in notation (/)", onclick: () => this.show(this.form.hidden !== false) }, "Type a move");
    this.show(Boolean(store.get("typing", false)));
  }

  /**
   * Show the box to type a move in, or hide it.
   * @param {boolean} shown
   */
  show(shown) {
    this.form.hidden = !shown;
    this.toggle.setAttribute("aria-expanded", String(shown));
    store.set("typing", shown);
  }
}

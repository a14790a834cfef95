// @ts-check
// The table's times as the page shows them: each seat's clock counting down between the server's messages, how long
// a person who left keeps their seat, and the bar of a pass that plays itself. The server keeps the time; the page
// counts on from its latest word.
import { h, store } from "./dom.js";

/**
 * @typedef {import("./contract.js").SeatsMessage} SeatsMessage
 * @typedef {import("./contract.js").ClockOut} ClockOut
 * @typedef {import("./contract.js").StateMessage} StateMessage
 */

export class Timekeeper {
  /** @type {{clock: ClockOut, at: number} | null} the newest clock, and when it came */
  clockSeen = null;
  /** @type {SeatsMessage | null} the latest seats message: who sits where, who is connected, who left when */
  people = null;
  /** when the seats message came (ms) */
  peopleAt = 0;

  /**
   * The server's newest clock (each state message carries it).
   * @param {ClockOut | null | undefined} clock
   */
  clock(clock) {
    if (clock) this.clockSeen = { clock, at: performance.now() };
  }

  /** @param {SeatsMessage} message */
  seated(message) {
    this.people = message;
    this.peopleAt = performance.now();
  }

  /**
   * Seconds before the game may be claimed from the person at `seat` who left: 0 once it may; null if they are here,
   * the seat is no person's, or the table keeps it for good.
   * @param {number} seat
   * @returns {number | null}
   */
  graceLeft(seat) {
    const people = this.people;
    const person = people && people.seats[seat];
    if (!people || !person || people.grace === null || people.grace === undefined || person.away === null || person.away === undefined) return null;
    const away = person.away + (performance.now() - (this.peopleAt || 0)) / 1000;
    return Math.max(0, people.grace - away);
  }

  /**
   * How long a person who left keeps their seat, in their tag: "back within 0:42", then "left".
   * @param {number} seat
   */
  awayTag(seat) {
    const left = this.graceLeft(seat);
    if (left === null) return "";
    return h("span.muted.away-time", { dataset: { seat: String(seat) } }, awayText(left));
  }

  /**
   * A seat's seconds left now: the server's figure, less the time since it came if that seat's clock runs.
   * @param {number} seat
   * @returns {number | null}
   */
  secondsLeft(seat) {
    if (!this.clockSeen) return null;
    const { clock, at } = this.clockSeen;
    const left = clock.left[seat];
    if (left === null || left === undefined) return null;
    return clock.running === seat ? Math.max(0, left - (performance.now() - at) / 1000) : left;
  }

  /**
   * A seat's clock in the seat's tag: its time, marked while it runs and when it is short.
   * @param {number} seat
   * @param {string} name The seat's name, as its tag says it.
   */
  clockTag(seat, name) {
    const left = this.secondsLeft(seat);
    if (left === null || !this.clockSeen) return "";
    const { clock } = this.clockSeen;
    const running = clock.running === seat;
    const short = left <= clock.short;
    return h(
      `span.clock${running ? ".running" : ""}${short ? ".short" : ""}`,
      { "data-seat": String(seat), role: "timer", "aria-label": `${name}'s time${running ? ", running" : ""}` },
      clockText(left),
    );
  }

  /**
   * The running clock counts down between messages; time short is marked as it comes; so do the absent's graces.
   * @param {HTMLElement} status Where the seats' tags are.
   */
  tick(status) {
    for (const tag of status.querySelectorAll(".away-time")) {
      const left = this.graceLeft(Number(/** @type {HTMLElement} */ (tag).dataset.seat));
      if (left !== null) tag.textContent = awayText(left);
    }
    if (!this.clockSeen || this.clockSeen.clock.running === null) return;
    const seat = this.clockSeen.clock.running;
    const tag = status.querySelector(`.clock[data-seat="${seat}"]`);
    const left = this.secondsLeft(seat);
    if (!tag || left === null) return;
    tag.textContent = clockText(left);
    tag.classList.toggle("short", left <= this.clockSeen.clock.short);
  }
}

/** The bar that runs down while a pass waits for the person (a stick window): when it is out, the pass is played. */
export class PassTimer {
  bar = h("div.timer", { hidden: true }, h("div"));
  /** @type {StateMessage | undefined} the message whose pass the bar counts down */
  counting;
  /** @type {number | undefined} */
  timer;

  /**
   * Count down the pass of `message`, if it has one the person may play (the player's setting `passSeconds`, 0 for
   * never); a redraw of the same message keeps the count.
   * @param {StateMessage} message
   * @param {(seq: number, pass: string) => void} expire Called with the message's seq and its pass when time is up.
   */
  run(message, expire) {
    if (this.counting === message) return;
    this.counting = message;
    this.stop();
    const pass = message.quiet && message.quiet[0];
    const seconds = Number(store.get("passSeconds", 8));
    if (!pass || !message.legal.length || !seconds) {
      this.bar.hidden = true;
      return;
    }
    this.bar.hidden = false;
    const fill = /** @type {HTMLElement} */ (this.bar.firstChild);
    const started = Date.now();
    fill.style.width = "100%";
    this.bar.title = `${pass} in ${seconds} s unless you act`;
    this.timer = window.setInterval(() => {
      const left = Math.max(0, 1 - (Date.now() - started) / (seconds * 1000));
      fill.style.width = `${left * 100}%`;
      if (left === 0) {
        this.stop();
        expire(message.seq, pass);
      }
    }, 100);
  }

  stop() {
    window.clearInterval(this.timer);
  }
}

/**
 * A person's presence beside their name: connected, away, or unknown while this page's own connection is down.
 * @param {boolean | null} connected
 */
export function presence(connected) {
  if (connected === null) return h("span.presence", { title: "unknown until the connection is back" }, " ? unknown");
  return h("span.presence", { title: connected ? "connected" : "away" }, connected ? " ●" : " ○ away");
}

/**
 * Seconds left as a clock shows them: h:mm:ss from an hour, m:ss, and tenths under ten seconds.
 * @param {number} seconds
 * @returns {string}
 */
export function clockText(seconds) {
  if (seconds < 10) return `0:0${seconds.toFixed(1)}`;
  const whole = Math.ceil(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/**
 * A person who left, in their tag: how long they keep their seat, then that they have left.
 * @param {number} left Seconds of their grace left.
 */
function awayText(left) {
  return left > 0 ? ` · back within ${clockText(left)}` : " · left";
}

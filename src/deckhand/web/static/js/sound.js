// @ts-check
// Short sounds made on the spot (no files): a deal, a card played, a cheer for a game's special moment, a win.
// Muting is remembered.
import { store } from "./dom.js";

/** @typedef {import("./contract.js").SoundName} SoundName */

/** @type {AudioContext | null} */
let context = null;

export function muted() {
  return store.get("muted", false);
}

/** @param {boolean} value */
export function setMuted(value) {
  store.set("muted", value);
}

/**
 * @param {number} freq
 * @param {number} start
 * @param {number} length
 * @param {OscillatorType} [type]
 * @param {number} [gain]
 */
function tone(freq, start, length, type = "sine", gain = 0.08) {
  const ctx = /** @type {AudioContext} */ (context);
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  amp.gain.setValueAtTime(gain, ctx.currentTime + start);
  amp.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + start + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(ctx.currentTime + start);
  osc.stop(ctx.currentTime + start + length + 0.02);
}

/**
 * @param {number} start
 * @param {number} length
 */
function noise(start, length) {
  const ctx = /** @type {AudioContext} */ (context);
  const buffer = ctx.createBuffer(1, Math.floor(ctx.sampleRate * length), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
  const source = ctx.createBufferSource();
  const amp = ctx.createGain();
  amp.gain.value = 0.05;
  source.buffer = buffer;
  source.connect(amp).connect(ctx.destination);
  source.start(ctx.currentTime + start);
}

/** @type {Record<SoundName, () => void>} */
const SOUNDS = {
  deal: () => { for (let i = 0; i < 4; i++) noise(i * 0.07, 0.05); },
  play: () => { noise(0, 0.06); tone(520, 0, 0.08, "triangle", 0.05); },
  cheer: () => { tone(523, 0, 0.25); tone(659, 0.08, 0.25); tone(784, 0.16, 0.35); },
  win: () => { tone(392, 0, 0.2); tone(523, 0.15, 0.2); tone(659, 0.3, 0.4); },
};

/**
 * Play a sound by name (none for null), unless muted or the browser has no audio.
 * @param {SoundName | null} name
 */
export function play(name) {
  if (!name || muted() || !SOUNDS[name]) return;
  try {
    context = context || new (window.AudioContext || /** @type {any} */ (window).webkitAudioContext)(); // older Safari's name
    // A context made before the first click starts suspended; once the player has clicked, it may resume.
    if (context.state === "suspended") context.resume().catch(() => {});
    SOUNDS[name]();
  } catch {
    /* no audio here */
  }
}

/**
 * The sound of a state message's events: the game's own for a special one, a win at the end, a card played, a deal.
 * @param {import("./contract.js").StateMessage} message
 * @param {((event: import("./contract.js").GameEvent) => SoundName | null) | undefined} special The game's sounds.
 * @returns {SoundName | null}
 */
export function soundOf(message, special) {
  const own = special ? message.events.map(special).find(Boolean) : null;
  if (own) return own;
  if (message.result) return "win";
  if (message.events.some((e) => e.seat !== null)) return "play";
  return message.events.length ? "deal" : null;
}

// One websocket to a table, for one seat (or a spectator): reconnects, and answers requests by type.

const RETRY_MS = [500, 1000, 2000, 4000, 8000];

export class Connection {
  /**
   * onState(message) for every state message; onSeats(message) when who sits where or who is connected changes;
   * onRematch(message) when the table's people play again elsewhere; onError(text) for refusals;
   * onClosed(text) when it gives up.
   */
  constructor(tableId, token, { onState, onSeats, onRematch, onError, onClosed, onOpen }) {
    this.tableId = tableId;
    this.token = token;
    this.handlers = { onState, onSeats, onRematch, onError, onClosed, onOpen };
    this.waiting = new Map(); // reply type -> [resolve, reject]
    this.retries = 0;
    this.closed = false;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // The token goes in the handshake's Sec-WebSocket-Protocol header, never in the URL: URLs land in access logs.
    const protocols = this.token ? ["deckhand", `token.${this.token}`] : ["deckhand"];
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`, protocols);
    this.socket = socket;
    socket.onopen = () => {
      this.retries = 0;
      if (this.handlers.onOpen) this.handlers.onOpen();
    };
    socket.onmessage = (event) => this.receive(JSON.parse(event.data));
    socket.onclose = (event) => {
      for (const [, [, reject]] of this.waiting) reject(new Error("the connection closed"));
      this.waiting.clear();
      if (this.closed) return;
      if (event.code === 4401 || event.code === 4403 || event.code === 4404) {
        this.closed = true;
        this.handlers.onClosed(this.lastError || "the table refused the connection");
        return;
      }
      const wait = RETRY_MS[Math.min(this.retries++, RETRY_MS.length - 1)];
      setTimeout(() => this.closed || this.open(), wait); // a reconnect gets a full snapshot
    };
  }

  receive(message) {
    if (message.type === "state") {
      this.handlers.onState(message, this);
      return;
    }
    if (message.type === "seats" || message.type === "rematch") {
      const handler = message.type === "seats" ? this.handlers.onSeats : this.handlers.onRematch;
      if (handler) handler(message, this);
      return;
    }
    const reply = message.type === "error" ? [...this.waiting.keys()][0] : message.type;
    if (reply && this.waiting.has(reply)) {
      const [resolve, reject] = this.waiting.get(reply);
      this.waiting.delete(reply);
      if (message.type === "error") reject(new Error(message.message));
      else resolve(message);
      return;
    }
    if (message.type === "error") {
      this.lastError = message.message;
      this.handlers.onError(message.message);
    }
  }

  send(message) {
    if (this.socket.readyState !== WebSocket.OPEN) {
      this.handlers.onError("not connected to the table yet; trying again…");
      return false;
    }
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Send a request and wait for the reply of type `reply` (an error rejects). */
  ask(message, reply) {
    return new Promise((resolve, reject) => {
      this.waiting.set(reply, [resolve, reject]);
      if (!this.send(message)) {
        this.waiting.delete(reply);
        reject(new Error("not connected"));
      }
    });
  }

  close() {
    this.closed = true;
    this.socket.close();
  }
}

// The hook for the browser benchmark: for each proposed move, when it was clicked, when the
// board first showed it (a plain move is drawn before the kernel answers) and when the engine's
// answer was drawn. Entries go to `window.__strategoTiming`; times are `performance.now()`
// values. Two kinds of time are kept for each change: when the DOM held it (`handledAt`,
// `answeredAt`), and just after the frame that shows it (a task posted from that frame's
// animation callback runs once the frame's style, layout and paint are done — but also after
// any task queued before it, such as the kernel's next status message, so it is an upper
// bound). The benchmark turns the DOM times into the frames' presentation times with a browser
// trace.

export interface Timing {
  /** The serial of the view that answered the move. */
  serial: number;
  from: string;
  to: string;
  /** "move": drawn at once; "strike": shown as being resolved at once; "other": a spot. */
  kind: "move" | "strike" | "other";
  /** The click's event time. */
  clickAt: number;
  /** When the click's handler was done: the DOM updated and the message sent. */
  handledAt: number | null;
  /** The frame that first showed the move or the strike being resolved (null: none): when it
   * began (its animation callback's time) and when it was painted. */
  shownFrameAt: number | null;
  shownAt: number | null;
  /** When the engine's answer was in the DOM (the render that drew it had finished). */
  answeredAt: number;
  /** Just after the frame that showed the engine's answer. */
  paintedAt: number;
  /** Whether the engine refused what had been drawn, so the board was put back. */
  rolledBack: boolean;
}

declare global {
  interface Window { __strategoTiming?: Timing[] }
}

/** Run `fn` once the next frame has been drawn. */
export function afterNextFrame(fn: () => void): void {
  requestAnimationFrame(() => {
    if (typeof MessageChannel === "function") {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        fn();
      };
      channel.port2.postMessage(null);
    } else setTimeout(fn, 0);
  });
}

interface Pending {
  serial: number;
  at: number;
  from: string;
  to: string;
  kind: Timing["kind"];
  handledAt: number | null;
  shownFrameAt: number | null;
  shownAt: number | null;
}

export class PaintTimer {
  private pending: Pending | null = null;

  /** A move was proposed while the board showed `serial`; `at` is the click's time. */
  clicked(serial: number, from: string, to: string, kind: Timing["kind"],
    at: number = performance.now()): void {
    this.pending = { serial, at, from, to, kind, handledAt: null, shownFrameAt: null, shownAt: null };
  }

  /** The click's handler is done (the DOM shows the move, the message has left). */
  handled(): void {
    if (this.pending) this.pending.handledAt ??= performance.now();
  }

  /** The move (or the strike being resolved) was drawn before the kernel answered. */
  shown(): void {
    const pending = this.pending;
    if (!pending) return;
    requestAnimationFrame((frame) => { pending.shownFrameAt ??= frame; });
    afterNextFrame(() => { pending.shownAt ??= performance.now(); });
  }

  /** A view was drawn; once it is newer than the click, record the next frame's time. */
  drawn(serial: number, rolledBack = false): void {
    const pending = this.pending;
    if (!pending || serial <= pending.serial) return;
    this.pending = null;
    const answeredAt = performance.now();
    afterNextFrame(() => {
      (window.__strategoTiming ??= []).push({
        serial, from: pending.from, to: pending.to, kind: pending.kind, clickAt: pending.at,
        handledAt: pending.handledAt, shownFrameAt: pending.shownFrameAt, shownAt: pending.shownAt,
        answeredAt, paintedAt: performance.now(), rolledBack,
      });
    });
  }
}

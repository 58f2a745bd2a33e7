// Pacing: the move that follows the user's own (the bot's reply, which Python sends right
// after confirming the user's move) is drawn once the user's move has slid into place, so that
// each can be followed. A view that comes sooner is held, and drawn by a timer; a click draws
// a held view at once (the click acts on the board as it is now).

import { SLIDE_MS } from "./board";
import type { View } from "../shared/types";

export class Pacer {
  /** How many moves the board last drew, and since when the user's own move has been on the
   * board (drawn at the click, or with the answer to a strike): the move after it waits. */
  private drawnMoves = -1;
  private ownMoveAt = -Infinity;
  /** The timer of a view held back until the move before it has landed. */
  private held: ReturnType<typeof setTimeout> | undefined;

  /** `redraw`: draw the newest view (called when a held view may be drawn). */
  constructor(private redraw: () => void) {}

  /** Whether `view` may be drawn now; if not, it is held and drawn later. */
  ready(view: View): boolean {
    const wait = this.wait(view);
    if (wait > 0) {
      this.held ??= setTimeout(() => {
        this.held = undefined;
        this.redraw();
      }, wait);
      return false;
    }
    clearTimeout(this.held);
    this.held = undefined;
    return true;
  }

  /** How long a new view must wait before it is drawn (0: draw it now). */
  private wait(view: View): number {
    const count = view.moves?.length ?? 0;
    if (count <= this.drawnMoves) return 0;
    return this.ownMoveAt + SLIDE_MS - performance.now();
  }

  /** Remember how many moves are drawn; `own`: the user's move (proposed, or answered). */
  note(count: number, own: boolean): void {
    if (!own) this.ownMoveAt = -Infinity;
    else if (count > this.drawnMoves) this.ownMoveAt = performance.now();
    this.drawnMoves = count;
  }

  /** Draw a held view now (before acting on a click). */
  release(): void {
    if (this.held === undefined) return;
    this.ownMoveAt = -Infinity;
    this.redraw();
  }

  dispose(): void {
    clearTimeout(this.held);
  }
}

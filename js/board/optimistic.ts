// The optimistic move: a legal move or strike is drawn at the click, before the kernel
// answers (a plain move as made, a strike ringed as being resolved); the engine's next view
// confirms it or puts the board back. Its timers: with no answer at all (the kernel has gone)
// the board is put back after a while; a strike whose answer is slow starts to pulse.

import type { Action, View } from "../shared/types";

/** How long a move drawn before the kernel's answer waits for it before it is put back. */
export const ANSWER_TIMEOUT_MS = 10000;

/** How long an answer may take before the board says it is waiting: a strike's squares pulse
 * (the ring shows at once) and the status line changes. */
export const SLOW_ANSWER_MS = 300;

/** A move or strike sent and not answered yet, proposed while the board showed `serial`. */
export interface Proposal {
  from: string;
  to: string;
  serial: number;
  action: Action;
}

export class OptimisticMove {
  /** The proposal waiting for its answer, if any. */
  current: Proposal | null = null;
  /** The answer is slow: a strike's squares pulse and the status line says what is awaited. */
  waiting = false;
  private answerTimer: ReturnType<typeof setTimeout> | undefined;
  private slowTimer: ReturnType<typeof setTimeout> | undefined;

  /** `redraw`: draw the board again (the move put back, or the strike now slow). */
  constructor(private redraw: () => void) {}

  /** Draw `proposal` until the engine answers. */
  start(proposal: Proposal): void {
    this.current = proposal;
    const { serial } = proposal;
    clearTimeout(this.answerTimer);
    this.answerTimer = setTimeout(() => {
      if (this.current?.serial !== serial) return;
      this.current = null;
      this.redraw();
    }, ANSWER_TIMEOUT_MS);
    // The click's frame draws the board alone. Only an answer slower than a moment changes
    // the rest: a strike's squares pulse, and the status line says what the board waits for
    // (drawn at the click, they would cost the page new layers and a repaint beside the board
    // just as the answer comes, which then draws the status line anyway).
    clearTimeout(this.slowTimer);
    this.slowTimer = setTimeout(() => {
      if (this.current?.serial !== serial) return;
      this.waiting = true;
      this.redraw();
    }, SLOW_ANSWER_MS);
  }

  /** A view is about to be drawn: when it answers the proposal, forget the proposal.
   * `answered`: it did; `rolledBack`: and the engine refused what had been drawn. */
  settle(view: View): { answered: boolean; rolledBack: boolean } {
    const answered = !!this.current && view.serial > this.current.serial;
    let rolledBack = false;
    if (answered) {
      rolledBack = view.message?.level === "error";
      this.current = null;
      clearTimeout(this.answerTimer);
    }
    if (!this.current) {
      clearTimeout(this.slowTimer);
      this.waiting = false;
    }
    return { answered, rolledBack };
  }

  /** The board as drawn: with a plain move not yet answered already made (the engine's answer
   * replaces it either way). */
  shown(view: View): View {
    const move = this.current;
    if (!move || move.action !== "move") return view;
    const code = view.pieces[move.from];
    if (!code) return view;
    const pieces = { ...view.pieces };
    delete pieces[move.from];
    pieces[move.to] = `${code.slice(0, 2)}+${code.slice(2).replace("+", "")}`;
    return { ...view, pieces, targets: {}, spots: {}, can_act: false,
      last_move: { text: `${move.from}-${move.to}`, from: move.from, to: move.to },
      moves: [...view.moves, `${move.from}-${move.to}`] };
  }

  /** The squares of a strike being resolved (ringed on the board). */
  get resolving(): string[] {
    const move = this.current;
    return move?.action === "strike" ? [move.from, move.to] : [];
  }

  dispose(): void {
    clearTimeout(this.answerTimer);
    clearTimeout(this.slowTimer);
  }
}

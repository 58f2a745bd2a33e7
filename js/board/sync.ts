// The view travels in pieces: Python sends the whole `view` once (when the widget opens, or
// when asked), then after every change only a `view_patch` with what changed: the squares
// whose piece changed, the targets of the pieces that changed (as short text), the moves appended (after
// cutting the list back on an undo) and the other fields that differ. The browser applies the
// patch to the view it holds, in place, so that the model's `view` is always the whole view
// (what a saved notebook keeps) and nothing is sent back to Python.

import { traitFits } from "../shared/protocol";
import type { Action, BoardMessage, Model, View, ViewPatch } from "../shared/types";

/** View fields a patch changes key by key (null: the key is gone). */
const KEYED = ["pieces", "targets", "spots"] as const;

/** "applied"; "current": the view already has it; "gap": it was made for another view. */
export type PatchResult = "applied" | "current" | "gap";

/** One origin's targets as a patch sends them, "d5 xd6" (x: a strike), as the view holds them. */
export function targetsOf(text: string): Record<string, Action> {
  const targets: Record<string, Action> = {};
  for (const word of text.split(" ")) {
    if (!word) continue;
    if (word.startsWith("x")) targets[word.slice(1)] = "strike";
    else targets[word] = "move";
  }
  return targets;
}

/** Apply `patch` to `view` in place, if it was made for this view (see docs/widget-protocol.md). */
export function applyPatch(view: View | undefined, patch: ViewPatch | null | undefined): PatchResult {
  if (!view || !patch || typeof patch.serial !== "number") return "current";
  if (typeof view.serial === "number" && patch.serial <= view.serial) return "current";
  if (patch.from === null || patch.from === undefined || patch.from !== view.serial) return "gap";
  // A copy: the view is changed in place later, the patch must stay as it came.
  if (patch.set) Object.assign(view, JSON.parse(JSON.stringify(patch.set)));
  for (const key of KEYED) {
    const changes = patch[key];
    if (!changes) continue;
    const target = (view[key] ??= {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) delete target[name];
      else target[name] = key === "targets" ? targetsOf(value as string) : value;
    }
  }
  if (patch.moves) {
    const moves = (view.moves ??= []);
    moves.length = Math.min(moves.length, patch.moves.base);
    moves.push(...patch.moves.add);
  }
  view.serial = patch.serial;
  return "applied";
}

/** How long the browser waits after drawing a view before it acknowledges it. A view that
 * comes meanwhile (the bot's reply, which Python sends right after confirming the user's move)
 * is acknowledged instead, once drawn, so that marimo runs the cells once per move. */
export const ACK_AFTER_MS = 50;

/** The browser says which view it has drawn: after each new view (Python's answer to a move,
 * or a change made from Python) it sets the small `seen` trait to that view's serial, when
 * Python asks for it (`acknowledge`, on in marimo). marimo's `mo.ui.anywidget` re-runs the
 * cells that read the board only when the browser changes a trait, so this is what makes those
 * cells follow the game; Jupyter needs nothing of it, and is sent nothing. The view a board
 * opens on is not acknowledged (nothing changed), nor is anything on a read-only board, nor a
 * view that a newer one followed within `ACK_AFTER_MS`; several views of one model acknowledge
 * each serial once. */
export class Acknowledger {
  /** The serial this view last drew (null: it has drawn nothing yet). */
  private drawnSerial: number | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private model: Pick<Model, "get" | "set" | "save_changes">) {}

  /** Call after drawing: the view is acknowledged `ACK_AFTER_MS` later (`acknowledge`). */
  drawn(): void {
    const serial = this.model.get("view")?.serial;
    if (typeof serial !== "number") return;
    const opened = this.drawnSerial === null;
    if (!opened && serial <= (this.drawnSerial as number)) return;
    this.drawnSerial = serial;
    if (opened) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.acknowledge(serial);
    }, ACK_AFTER_MS);
  }

  /** Set `seen` to `serial` and save it, unless a newer view has come (it is acknowledged when
   * drawn), Python did not ask, or the board is read-only; returns whether `seen` was set. */
  acknowledge(serial: number): boolean {
    if (this.model.get("view")?.serial !== serial) return false;
    if (!this.model.get("acknowledge") || !this.model.get("interactive")) return false;
    if (!traitFits("seen", serial)) return false;
    if (serial <= (this.model.get("seen") ?? 0)) return false;
    this.model.set("seen", serial);
    try {
      this.model.save_changes();
    } catch {
      return false; // no kernel to tell (a saved page): the board is read-only anyway
    }
    return true;
  }

  /** Forget a pending acknowledgement (the view is closed). */
  dispose(): void {
    clearTimeout(this.timer);
  }
}

/** Keeps the view the model holds up to date with Python's last patch. On a gap (a patch made
 * for another view) it asks Python once for the whole view and keeps drawing the last whole
 * view it has; a board that may not act (no kernel) asks nothing. */
export class CatchUp {
  /** The serial of the patch the whole view was last asked for (once per gap). */
  private asked = -1;

  /** `canAsk`: whether the board may send (a kernel is there to answer). */
  constructor(private model: Pick<Model, "get" | "send">, private canAsk: () => boolean) {}

  /** Apply the model's `view_patch` to its `view` (nothing when already applied). */
  run(): void {
    const patch = this.model.get("view_patch");
    if (applyPatch(this.model.get("view"), patch) !== "gap" || !patch) return;
    if (patch.serial !== this.asked && this.canAsk()) {
      this.asked = patch.serial;
      this.model.send({ type: "sync" } satisfies BoardMessage);
    }
  }
}

// A finished game's replay without a kernel. A live board asks Python for each replayed
// position; a saved notebook or an exported page has no Python, so the board keeps the whole
// replay in the synced trait `replay_frames` (stratego_widget/widget/replay.py): the view at
// ply 0, then for each later ply the patch (the `view_patch` format, without serials) that
// turns the view before it into the next. Here the views are rebuilt once and a replay
// proposal shows one of them by setting the model's `view` in the browser only (nothing is
// saved or sent). The frames hold only what the viewer may see, as the live replay does.

import { applyPatch } from "./sync";
import type { Message, Model, View, ViewPatch } from "./types";

/** The synced trait `replay_frames` (an empty object while the game goes on). */
export interface ReplayFrames {
  length: number;
  start: Omit<View, "moves" | "serial" | "message">;
  steps: Omit<ViewPatch, "from" | "serial">[];
}

/** Whether `value` is a replay the front end can step through. */
export function isFrames(value: unknown): value is ReplayFrames {
  const frames = value as ReplayFrames | null | undefined;
  return !!frames && typeof frames.length === "number" && typeof frames.start === "object"
    && frames.start !== null && Array.isArray(frames.steps) && frames.steps.length === frames.length;
}

/** The views at plies 0…length (without `moves`, `serial` and `message`), ply 0 first. */
export function frameViews(frames: ReplayFrames): View[] {
  const view = { ...structuredClone(frames.start), serial: 0 } as View;
  const views = [structuredClone(view)];
  frames.steps.forEach((step, number) => {
    applyPatch(view, { ...step, from: number, serial: number + 1 });
    views.push(structuredClone(view));
  });
  return views;
}

/** The replay of one board's model, answered in the browser. */
export class OfflineReplay {
  private views: View[] = [];
  private builtFrom: unknown = null;

  constructor(private model: Model) {}

  private get frames(): unknown {
    return (this.model as unknown as { get(name: string): unknown }).get("replay_frames");
  }

  /** Whether the model holds a replay to step through. */
  get available(): boolean {
    return isFrames(this.frames);
  }

  /** Show the position after `index` plies (clamped to the game); false: no replay kept. */
  goTo(index: number): boolean {
    const frames = this.frames;
    if (!isFrames(frames) || !Number.isInteger(index)) return false;
    if (frames !== this.builtFrom) {
      this.views = frameViews(frames);
      this.builtFrom = frames;
    }
    const target = Math.max(0, Math.min(frames.length, index));
    const live = this.model.get("view");
    // A serial above both the view's and the last patch's: the patch then counts as applied.
    const serial = Math.max(live?.serial ?? 0, this.model.get("view_patch")?.serial ?? 0) + 1;
    this.model.set("view", { ...structuredClone(this.views[target]), moves: live?.moves ?? [],
      message: null, serial });
    return true;
  }

  /** Answer a proposal the board would send to Python, if it is a replay; true if answered. */
  handle(message: Message): boolean {
    return message.type === "replay" && typeof message.index === "number"
      && this.goTo(message.index);
  }
}

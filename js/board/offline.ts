// A finished game's replay without a kernel. A live board asks Python for each replayed
// position; a saved notebook or an exported page has no Python, so the board keeps the whole
// replay in the synced trait `replay_frames` (stratego_widget/widget/replay.py): the view at
// the first recorded position, then for each recorded move the patch (the `view_patch` format,
// without serials) that turns the view before it into the next; the sentences are numbers into
// a table that holds them in every language. Here a whole view is kept every few positions, and
// a replay proposal shows one position by setting the model's `view` in the browser only
// (nothing is saved or sent). The frames hold only what the viewer may see, as the live replay
// does.

import { applyPatch } from "./sync";
import type { BoardMessage, Model, View, ViewPatch } from "../shared/types";

/** A view as the frames keep it: its sentences are numbers into `texts[lang]`. */
type FrameView = Omit<View, "moves" | "serial" | "message">;

/** The synced trait `replay_frames` (an empty object while the game goes on). */
export interface ReplayFrames {
  length: number;
  start: FrameView;
  steps: Omit<ViewPatch, "from" | "serial">[];
  /** The distinct sentences of the replay, in every language. */
  texts: Record<string, string[]>;
}

/** Every how many positions a whole view is kept: a jump rebuilds at most this many. */
export const CHECKPOINT_EVERY = 64;

/** Whether `value` is a replay the front end can step through. */
export function isFrames(value: unknown): value is ReplayFrames {
  const frames = value as ReplayFrames | null | undefined;
  return !!frames && typeof frames.length === "number" && typeof frames.start === "object"
    && frames.start !== null && Array.isArray(frames.steps) && frames.steps.length === frames.length
    && typeof frames.texts === "object" && frames.texts !== null && Array.isArray(frames.texts.en);
}

/** `view` (a copy) with its sentence numbers replaced by the sentences of `texts`. */
function written(view: View, texts: string[]): View {
  const shown = structuredClone(view);
  const say = (value: unknown): string => texts[value as number] ?? "";
  for (const battle of [...(shown.battle ? [shown.battle] : []), ...(shown.battles ?? [])]) {
    battle.sentence = say(battle.sentence);
  }
  if (shown.result) shown.result.sentence = say(shown.result.sentence);
  if (shown.next) shown.next.text = say(shown.next.text);
  return shown;
}

/** The positions of one replay, rebuilt on demand from a whole view kept every
 * `CHECKPOINT_EVERY` positions: memory grows with the game's length, never its square. */
class FrameIndex {
  private checkpoints: View[] = [];

  constructor(private frames: ReplayFrames) {
    const view = { ...structuredClone(frames.start), serial: 0 } as View;
    this.checkpoints.push(structuredClone(view));
    frames.steps.forEach((step, number) => {
      applyPatch(view, { ...step, from: number, serial: number + 1 });
      if ((number + 1) % CHECKPOINT_EVERY === 0) this.checkpoints.push(structuredClone(view));
    });
  }

  /** The view at position `index` (0…length), its sentences in `lang` (English if missing). */
  view(index: number, lang: string): View {
    const base = Math.floor(index / CHECKPOINT_EVERY);
    const view = structuredClone(this.checkpoints[base]);
    for (let number = base * CHECKPOINT_EVERY; number < index; number += 1) {
      applyPatch(view, { ...this.frames.steps[number], from: number, serial: number + 1 });
    }
    return written(view, this.frames.texts[lang] ?? this.frames.texts.en);
  }
}

/** The views at positions 0…length (without `moves`, `serial` and `message`), the first
 * position first, with their sentences in `lang`. */
export function frameViews(frames: ReplayFrames, lang = "en"): View[] {
  const index = new FrameIndex(frames);
  return Array.from({ length: frames.length + 1 }, (_, number) => index.view(number, lang));
}

/** The replay of one board's model, answered in the browser. */
export class OfflineReplay {
  private index: FrameIndex | null = null;
  private builtFrom: unknown = null;

  constructor(private model: Model) {}

  private get frames(): unknown {
    return (this.model as unknown as { get(name: string): unknown }).get("replay_frames");
  }

  /** Whether the model holds a replay to step through. */
  get available(): boolean {
    return isFrames(this.frames);
  }

  /** Show the position after `index` recorded moves (clamped to the game); false: no replay
   * kept. */
  goTo(index: number): boolean {
    const frames = this.frames;
    if (!isFrames(frames) || !Number.isInteger(index)) return false;
    if (frames !== this.builtFrom || this.index === null) {
      this.index = new FrameIndex(frames);
      this.builtFrom = frames;
    }
    const target = Math.max(0, Math.min(frames.length, index));
    const live = this.model.get("view");
    // A serial above both the view's and the last patch's: the patch then counts as applied.
    const serial = Math.max(live?.serial ?? 0, this.model.get("view_patch")?.serial ?? 0) + 1;
    this.model.set("view", { ...this.index.view(target, this.model.get("lang") ?? "en"),
      moves: live?.moves ?? [], message: null, serial });
    return true;
  }

  /** Answer a proposal the board would send to Python, if it is a replay; true if answered. */
  handle(message: BoardMessage): boolean {
    return message.type === "replay" && typeof message.index === "number"
      && this.goTo(message.index);
  }
}

// A finished game's replay without a kernel: the board steps through the views Python kept in
// `replay_frames`, in the browser, and shows exactly what Python's replay shows.

import { describe, expect, it } from "vitest";

import offline from "../fixtures/offline.json";
import { CHECKPOINT_EVERY, frameViews, isFrames, OfflineReplay, type ReplayFrames } from "../../board/offline";
import { mount, rootElement, testid, useRoot } from "../harness";

const frames = offline.replay_frames as unknown as ReplayFrames;
const expected = offline.expected as unknown as { pieces: Record<string, string>; replay: unknown }[];

function shownIndex(model: { get(key: string): any }): number {
  return model.get("view").replay.index;
}

describe("the frames", () => {
  it("rebuild the view Python shows at every ply", () => {
    const views = frameViews(frames);
    expect(views.length).toBe(frames.length + 1);
    views.forEach((view, index) => {
      expect(view.pieces).toEqual(expected[index].pieces);
      expect(view.replay).toEqual(expected[index].replay);
    });
  });

  it("write their sentences in the language asked for, from one table per language", () => {
    const german = frameViews(frames, "de");
    const last = german[frames.length];
    expect(last.next!.text).toBe(frames.texts.de[(frames.start as any).next.text]);
    expect(last.next!.text).not.toBe(frameViews(frames, "en")[frames.length].next!.text);
    const sentences = german.flatMap((view) => (view.battles ?? []).map((battle) => battle.sentence));
    expect(sentences.length).toBeGreaterThan(0);
    for (const sentence of sentences) expect(frames.texts.de).toContain(sentence);
  });

  it("rebuild any position of a long replay from the nearest kept view", () => {
    // A piece walking up and down a file for 5 checkpoints' worth of moves.
    const length = CHECKPOINT_EVERY * 5 + 3;
    const square = (index: number) => `a${1 + (index % 2)}`;
    const steps = Array.from({ length }, (_, index) => ({
      pieces: { [square(index + 1)]: `rX${index + 1}`, [square(index)]: null },
      set: { replay: { index: index + 1, length, to_move: "red" } },
    }));
    const long = { ...frames, length, steps,
      start: { ...frames.start, pieces: { a1: "rX0" }, battles: [], battle: null,
        replay: { index: 0, length, to_move: "red" } } } as unknown as ReplayFrames;
    const views = frameViews(long);
    expect(views.length).toBe(length + 1);
    views.forEach((view, index) => {
      expect(view.pieces).toEqual({ [square(index)]: `rX${index}` });
      expect(view.replay!.index).toBe(index);
    });
  });

  it("are told apart from an empty or broken trait", () => {
    expect(isFrames(frames)).toBe(true);
    expect(isFrames({})).toBe(false);
    expect(isFrames(null)).toBe(false);
    expect(isFrames({ ...frames, steps: frames.steps.slice(1) })).toBe(false);
    expect(isFrames({ ...frames, texts: undefined })).toBe(false);
  });
});

describe("a read-only board with a finished game", () => {
  useRoot();

  it("says the game can be stepped through, not that a new one can start", () => {
    mount(offline, false);
    expect(testid("turn").textContent).toBe("Game over: every piece is shown; step back through the moves");
  });

  it("a live board still offers the new game", () => {
    mount(offline, true);
    expect(testid("turn").textContent).toContain("start a new game");
  });

  it("steps back and forward through the replay without sending anything", () => {
    const model = mount(offline, false);
    expect(rootElement().querySelector(".sw-root")!.classList.contains("sw-replayable")).toBe(true);
    const last = frames.length;
    expect(shownIndex(model)).toBe(last);
    testid("replay-first").click();
    expect(shownIndex(model)).toBe(0);
    expect(model.get("view").pieces).toEqual(expected[0].pieces);
    testid("replay-next").click();
    testid("replay-next").click();
    expect(shownIndex(model)).toBe(2);
    expect(model.get("view").pieces).toEqual(expected[2].pieces);
    // The board draws the replayed position: the squares of the first move changed hands.
    const [from, to] = offline.view.moves[0].split(/[-x]/);
    expect(rootElement().querySelector(`[data-square="${from}"] .sw-piece:not(.sw-none)`)).toBeNull();
    expect(rootElement().querySelector(`[data-square="${to}"] .sw-piece:not(.sw-none)`)).not.toBeNull();
    testid("replay-live").click();
    expect(shownIndex(model)).toBe(last);
    expect(model.get("view").pieces).toEqual(offline.view.pieces);
    expect(model.sent).toEqual([]);
    expect(model.saved).toBe(0);
  });

  it("shows the replay in the board's language", () => {
    const model = mount({ ...offline, lang: "fr" }, false);
    testid("replay-first").click();
    expect(model.get("view").next.text).toBe(frames.texts.fr[(frames.start as any).next.text]);
  });

  it("keeps the move list, which the frames leave out", () => {
    const model = mount(offline, false);
    testid("replay-first").click();
    expect(model.get("view").moves).toEqual(offline.view.moves);
    expect(testid("move-list").children.length).toBe(offline.view.moves.length);
  });

  it("goes to a move clicked in the list", () => {
    const model = mount(offline, false);
    (testid("move-list").children[3] as HTMLElement).click();
    expect(shownIndex(model)).toBe(4);
  });
});

describe("without frames or with a kernel", () => {
  useRoot();

  it("a game going on keeps its read-only replay disabled", () => {
    const { replay_frames: _, ...going } = offline;
    const model = mount({ ...going, replay_frames: {} }, false);
    expect(rootElement().querySelector(".sw-replayable")).toBeNull();
    testid("replay-first").click();
    expect(shownIndex(model)).toBe(frames.length);
    expect(new OfflineReplay(model as any).goTo(0)).toBe(false);
  });

  it("a live board asks Python and changes nothing itself", () => {
    const model = mount(offline, true);
    testid("replay-first").click();
    expect(model.asked("replay")).toBe(1);
    expect(shownIndex(model)).toBe(frames.length);
  });
});

// The view travels as patches: the browser applies each to the view it holds, in place, and
// ends with exactly Python's view (the sequence comes from the Python widget itself).

import { describe, expect, it } from "vitest";

import { applyPatch } from "../../board/sync";
import type { View, ViewPatch } from "../../shared/types";
import { mount, testid, useRoot } from "../harness";
import play from "../fixtures/play.json";
import sequence from "../fixtures/sequence.json";

useRoot();

const steps = sequence.steps as unknown as { patch: ViewPatch; view: View }[];
const listed = () => Array.from(testid("move-list").children).map((li) => li.textContent);

function small(): View {
  return { serial: 4, pieces: { a1: "rF", b2: "rX" }, targets: { b2: { b3: "move" } }, spots: {},
    moves: ["b1-b2", "j9-j8", "a2-a1"], phase: "play" } as unknown as View;
}

describe("applying a patch", () => {
  it("sets fields, changes and removes squares, cuts and appends moves", () => {
    const view = small();
    const result = applyPatch(view, {
      from: 4, serial: 5, set: { phase: "over" }, pieces: { b2: null, b3: "rX+" },
      targets: { b2: null, b3: "b4 xc3" }, moves: { base: 2, add: ["b2-b3"] },
    });
    expect(result).toBe("applied");
    expect(view).toEqual({ serial: 5, pieces: { a1: "rF", b3: "rX+" },
      targets: { b3: { b4: "move", c3: "strike" } }, spots: {},
      moves: ["b1-b2", "j9-j8", "b2-b3"], phase: "over" });
  });

  it("an undo only cuts the list", () => {
    const view = small();
    applyPatch(view, { from: 4, serial: 5, moves: { base: 2, add: [] } });
    expect(view.moves).toEqual(["b1-b2", "j9-j8"]);
  });

  it("a patch already applied, or made for another view, changes nothing", () => {
    const view = small();
    expect(applyPatch(view, { from: 3, serial: 4, pieces: { a1: null } })).toBe("current");
    expect(applyPatch(view, { from: 2, serial: 6, pieces: { a1: null } })).toBe("gap");
    expect(applyPatch(view, { from: null, serial: 6 })).toBe("gap");
    expect(view).toEqual(small());
  });
});

describe("a game as Python sends it", () => {
  it("after every patch the browser holds exactly Python's view, and the list shows it", () => {
    const pristine = structuredClone(steps);
    const model = mount(sequence.start);
    expect(listed()).toEqual(sequence.start.view.moves);
    for (const step of steps) {
      model.patch(step.patch);
      expect(model.get("view")).toEqual(step.view);
      expect(listed()).toEqual(step.view.moves);
      expect(testid("replay-slider").getAttribute("aria-valuetext"))
        .toBe(`${step.view.replay?.index ?? 0} / ${step.view.replay?.length ?? 0}`);
    }
    expect(model.asked("sync")).toBe(0);
    expect(steps).toEqual(pristine); // applying a patch never changes the patch itself
  });

  it("the hand-over screen holds no rank: the patch replaced them all", () => {
    const model = mount(sequence.start);
    for (const step of steps) {
      model.patch(step.patch);
      const view = model.get("view") as View;
      if (view.viewer === "hidden") {
        expect(Object.values(view.pieces).every((code) => code[1] === "?")).toBe(true);
      }
    }
  });

  it("a saved notebook keeps the whole view: reopened without a kernel it shows the same", () => {
    const model = mount(sequence.start);
    const upTo = steps.findIndex((step) => step.view.moves.length === 4);
    for (const step of steps.slice(0, upTo + 1)) model.patch(step.patch);
    const saved = model.savedState();
    const reopened = mount(saved, true, false);
    expect(listed()).toEqual(steps[upTo].view.moves);
    expect(reopened.get("view")).toEqual(steps[upTo].view);
    expect(reopened.sent).toEqual([]);
  });
});

describe("a gap", () => {
  it("asks Python once for the whole view, and keeps showing what it has", () => {
    const model = mount(play);
    const before = listed();
    model.patch({ from: play.view.serial - 1, serial: play.view.serial + 2,
      moves: { base: 0, add: ["x1-x2"] } });
    model.patch({ from: play.view.serial - 1, serial: play.view.serial + 2,
      moves: { base: 0, add: ["x1-x2"] } });
    expect(model.asked("sync")).toBe(1);
    expect(listed()).toEqual(before);
    model.set("view", { ...play.view, serial: play.view.serial + 2, moves: ["d2-d3"] });
    expect(listed()).toEqual(["d2-d3"]);
  });

  it("a read-only board asks nothing", () => {
    const model = mount(play, false);
    model.patch({ from: 0, serial: play.view.serial + 5 });
    expect(model.sent).toEqual([]);
  });
});

// Choices over the board: the hot-seat cover, the Spotter's guess, and a pending rescue.

import { describe, expect, it } from "vitest";

import type { View } from "../../shared/types";
import { choose, marked, mount, press, rootElement, square, testid, useRoot } from "../harness";
import handover from "../fixtures/handover.json";
import rescue from "../fixtures/rescue.json";
import spot from "../fixtures/spot.json";

useRoot();
const rescueView = rescue.view as unknown as View;

describe("hot-seat hand-over", () => {
  it("the cover hides the whole board until the next player clicks", () => {
    const model = mount(handover);
    const cover = testid("handover-cover");
    expect(cover.hidden).toBe(false);
    expect(cover.textContent).toContain("Pass the device to Blue");
    expect(rootElement().querySelector(".sw-board")!.classList.contains("sw-hidden")).toBe(true);
    // The cover sits over the board, inside the same stage.
    expect(cover.parentElement).toBe(rootElement().querySelector(".sw-board")!.closest(".sw-stage"));
    testid("btn-handover").click();
    expect(model.sent).toEqual([{ type: "handover" }]);
    model.push({ phase: "play", viewer: "blue" });
    expect(cover.hidden).toBe(true);
    expect(rootElement().querySelector(".sw-board")!.classList.contains("sw-hidden")).toBe(false);
  });
});

describe("the Spotter", () => {
  it("offers spotting from a square, then asks for the guess among the army's kinds", () => {
    const model = mount(spot);
    square("e2").click();
    expect(marked("sw-target-spot")).toEqual([]); // e3 is also a plain move: the dot wins
    expect(marked("sw-target-move")).toContain("e3");
    square("e3").click();
    const dialog = testid("spot-dialog");
    expect(dialog.hidden).toBe(false);
    // While choosing, the Spotter stays selected and the square it would spot from is marked.
    expect(marked("sw-selected")).toEqual(["e2"]);
    expect(marked("sw-target-spot")).toEqual(["e3"]);
    const values = Array.from(dialog.querySelectorAll<HTMLElement>("button"))
      .map((node) => node.dataset.testid);
    expect(values).toEqual(["choice-just-move", ...spot.rules.kinds.map((kind) => `choice-${kind}`), "choice-cancel"]);
    choose("spot-dialog", "miner");
    expect(model.sent).toEqual([{ type: "spot", from: "e2", to: "e3", guess: "miner" }]);
    expect(dialog.hidden).toBe(true);
    expect(marked("sw-selected")).toEqual([]);
  });

  it("spotting where the Spotter stands", () => {
    const model = mount(spot);
    model.push({ spots: { e2: ["e2", "e3"] } });
    square("e2").click();
    expect(marked("sw-target-spot")).toEqual(["e2"]);
    square("e2").click();
    choose("spot-dialog", "bomb");
    expect(model.sent).toEqual([{ type: "spot", from: "e2", to: "e2", guess: "bomb" }]);
  });

  it("just moving, or cancelling with Escape, does not spot", () => {
    const model = mount(spot);
    square("e2").click();
    square("e3").click();
    choose("spot-dialog", "just-move");
    expect(model.sent).toEqual([{ type: "move", from: "e2", to: "e3" }]);
    square("e2").click();
    square("e3").click();
    press(testid("spot-dialog").querySelector("button")!, "Escape");
    expect(testid("spot-dialog").hidden).toBe(true);
    expect(model.sent.length).toBe(1);
    expect(marked("sw-target-spot")).toEqual([]);
  });

  it("the spot choice closes when a new view no longer offers that spot", () => {
    const model = mount(spot);
    square("e2").click();
    square("e3").click();
    model.push({ spots: {}, can_act: false });
    expect(testid("spot-dialog").hidden).toBe(true);
    expect(marked("sw-selected")).toEqual([]);
  });
});

describe("rescue", () => {
  it("the hand-over cover names the player the board is turned to (also during a setup)", () => {
    const model = mount(handover);
    model.push({ setup: null, pieces: {}, bottom: "blue", to_move: "red" }); // after Red's Ready
    expect(testid("handover-cover").textContent).toContain("Pass the device to Blue");
    expect(testid("btn-handover").textContent).toContain("Blue");
  });

  it("a pending rescue asks which piece, then a click on a highlighted square", () => {
    const model = mount(rescue);
    const dialog = testid("rescue-dialog");
    expect(dialog.hidden).toBe(false);
    choose("rescue-dialog", "general");
    const squares = rescueView.pending!.squares;
    expect(marked("sw-target-rescue")).toEqual([...squares].sort());
    // No square buttons: the board is the picker (39 squares here).
    expect(dialog.querySelectorAll("button").length).toBe(2);
    expect(dialog.textContent).toContain("click a highlighted square");
    square(squares[0]).click();
    expect(model.sent).toEqual([{ type: "rescue", kind: "general", square: squares[0] }]);
  });

  it("a square not offered is proposed too, and the choice stays open for Python's answer", () => {
    const model = mount(rescue);
    choose("rescue-dialog", "general");
    square("e9").click(); // Python refuses it and says which rule: the learner may try another
    expect(model.sent).toEqual([{ type: "rescue", kind: "general", square: "e9" }]);
    expect(testid("rescue-dialog").hidden).toBe(false);
    expect(marked("sw-target-rescue").length).toBe(rescueView.pending!.squares.length);
    square("c3").click();
    expect(model.sent.at(-1)).toEqual({ type: "rescue", kind: "general", square: "c3" });
    expect(testid("rescue-dialog").hidden).toBe(true);
  });

  it("declining takes its own button and sends a rescue with no kind", () => {
    const model = mount(rescue);
    choose("rescue-dialog", "cancel");
    expect(model.sent).toEqual([{ type: "rescue", kind: null }]);
  });

  it("Escape never declines: it goes back one step, then folds the picker away", () => {
    const model = mount(rescue);
    const dialog = testid("rescue-dialog");
    choose("rescue-dialog", "general");
    press(dialog.querySelector("button")!, "Escape"); // squares → pieces
    expect(marked("sw-target-rescue")).toEqual([]);
    expect(dialog.querySelector('[data-testid="choice-general"]')).not.toBeNull();
    choose("rescue-dialog", "general");
    press(square("c3"), "Escape"); // on the board too
    expect(dialog.querySelector('[data-testid="choice-general"]')).not.toBeNull();
    press(dialog.querySelector("button")!, "Escape"); // pieces → folded, still pending
    expect(dialog.hidden).toBe(false);
    expect(dialog.querySelector('[data-testid="choice-cancel"]')).toBeNull();
    press(dialog.querySelector("button")!, "Escape");
    expect(model.sent).toEqual([]);
    choose("rescue-dialog", "reopen");
    choose("rescue-dialog", "general");
    square("c3").click();
    expect(model.sent).toEqual([{ type: "rescue", kind: "general", square: "c3" }]);
  });

  it("an open picker switches language with the board", () => {
    const model = mount(rescue);
    model.set("lang", "de");
    expect(testid("rescue-dialog").textContent).toContain("Nicht zurückerobern");
    choose("rescue-dialog", "general");
    model.set("lang", "nl");
    expect(testid("rescue-dialog").textContent).toContain("Terug");
    expect(marked("sw-target-rescue").length).toBe(rescueView.pending!.squares.length);
  });

  it("Back returns to the choice of piece", () => {
    const model = mount(rescue);
    choose("rescue-dialog", "general");
    choose("rescue-dialog", "back");
    expect(marked("sw-target-rescue")).toEqual([]);
    expect(testid("rescue-dialog").querySelector('[data-testid="choice-general"]')).not.toBeNull();
    expect(model.sent).toEqual([]);
  });

  it("the dialog closes when Python clears the pending rescue", () => {
    const model = mount(rescue);
    model.push({ pending: null });
    expect(testid("rescue-dialog").hidden).toBe(true);
  });
});

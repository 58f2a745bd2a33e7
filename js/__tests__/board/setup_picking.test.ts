// Setting up by clicks never leaves the learner with a click that silently does nothing: a
// square outside the setup area gets the rule explained next to it, a kind stays picked for
// its next copy, and the status line says what the next click does.

import { describe, expect, it } from "vitest";

import { ruleStatement } from "../../shared/i18n";
import type { View } from "../../shared/types";
import { marked, mount, square, testid, useRoot, type FakeModel } from "../harness";
import setup from "../fixtures/setup.json";

useRoot();
const setupView = setup.view as unknown as View;
const tray = setupView.setup!.tray;
const turn = () => testid("turn").textContent ?? "";

/** Python's answer to a placement: the piece on its square, one fewer in the tray. */
function placed(model: FakeModel, kind: string, at: string, letter: string): void {
  const view = model.get("view") as View;
  model.push({ pieces: { ...view.pieces, [at]: `r${letter}` },
    setup: { ...view.setup!, tray: { ...view.setup!.tray, [kind]: view.setup!.tray[kind] - 1 } } });
}

describe("a click outside the setup area", () => {
  it("explains, next to the square, where pieces go (and sends nothing)", () => {
    const model = mount(setup);
    testid("tray-flag").click();
    square("e8").click();
    expect(model.sent).toEqual([]);
    const bubble = testid("bubble");
    expect(bubble.hidden).toBe(false);
    expect(bubble.dataset.square).toBe("e8");
    expect(bubble.textContent).toBe(ruleStatement("setup-area", "en"));
  });

  it("explains in the learner's language, with nothing picked too", () => {
    mount({ ...setup, lang: "fr" });
    square("e8").click();
    expect(testid("bubble").textContent).toBe(ruleStatement("setup-area", "fr"));
    expect(testid("bubble").textContent).toContain("Vous disposez vos pièces");
  });

  it("a tray piece dragged outside the area is explained as well", () => {
    const model = mount(setup);
    const original = document.elementFromPoint;
    document.elementFromPoint = () => square("e8");
    try {
      const item = testid("tray-bomb");
      item.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0, clientX: 0, clientY: 0 }));
      document.dispatchEvent(new PointerEvent("pointermove", { bubbles: true, clientX: 50, clientY: 50 }));
      document.dispatchEvent(new PointerEvent("pointerup", { bubbles: true, clientX: 50, clientY: 50 }));
    } finally {
      document.elementFromPoint = original;
    }
    expect(model.sent).toEqual([]);
    expect(testid("bubble").dataset.square).toBe("e8");
  });
});

describe("a kind with several copies", () => {
  it("stays picked after a placement, and the next click places the next copy", () => {
    const model = mount(setup);
    expect(tray.bomb).toBe(2);
    testid("tray-bomb").click();
    square("a1").click();
    placed(model, "bomb", "a1", "B");
    expect(testid("tray-bomb").getAttribute("aria-pressed")).toBe("true");
    square("b1").click();
    expect(model.sent).toEqual([{ type: "place", kind: "bomb", square: "a1" },
      { type: "place", kind: "bomb", square: "b1" }]);
    placed(model, "bomb", "b1", "B");
    expect(testid("tray-bomb").getAttribute("aria-pressed")).toBe("false"); // none left
  });

  it("picked again after a placement stays picked (for the next copy) rather than dropping", () => {
    const model = mount(setup);
    testid("tray-bomb").click();
    square("a1").click();
    placed(model, "bomb", "a1", "B");
    testid("tray-bomb").click(); // the learner picks the Bomb again for the second one
    expect(testid("tray-bomb").getAttribute("aria-pressed")).toBe("true");
    square("b1").click();
    expect(model.sent.at(-1)).toEqual({ type: "place", kind: "bomb", square: "b1" });
  });

  it("the status line says which piece is picked, how many are left and what to click", () => {
    const model = mount(setup);
    expect(turn()).toBe(setupView.next!.text);
    testid("tray-bomb").click();
    expect(turn()).toBe("Bomb picked (2 left): click a square of your setup area to place one");
    square("a1").click();
    placed(model, "bomb", "a1", "B");
    expect(turn()).toBe("Bomb picked (1 left): click a square of your setup area to place one");
    placed(model, "bomb", "b1", "B");
    expect(turn()).toBe(setupView.next!.text);
  });
});

describe("with nothing picked", () => {
  it("a click on an empty square of the area says what the next click does", () => {
    const model = mount(setup);
    testid("tray-flag").click();
    testid("tray-flag").click(); // dropped
    square("a1").click();
    expect(model.sent).toEqual([]);
    expect(marked("sw-selected")).toEqual(["a1"]);
    expect(turn()).toBe("a1 chosen: pick a piece in the tray to place it there, or click one of your pieces to move it there");
  });

  it("a tray piece picked while an empty square is chosen goes to that square", () => {
    const model = mount(setup);
    square("a1").click();
    testid("tray-flag").click();
    expect(model.sent).toEqual([{ type: "place", kind: "flag", square: "a1" }]);
    expect(marked("sw-selected")).toEqual([]);
  });

  it("a piece chosen on the board: the status line says how to swap", () => {
    const model = mount({ ...setup, lang: "de" });
    model.push({ pieces: { a1: "rF" } });
    square("a1").click();
    expect(turn()).toContain("Fahne auf a1 gewählt");
    square("b1").click();
    expect(model.sent).toEqual([{ type: "swap", a: "a1", b: "b1" }]);
  });

  it("two empty squares in a row move the choice instead of swapping nothing", () => {
    const model = mount(setup);
    square("a1").click();
    square("b1").click();
    expect(model.sent).toEqual([]);
    expect(marked("sw-selected")).toEqual(["b1"]);
  });
});

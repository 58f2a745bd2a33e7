// Playing on the board: selection shows targets with no round trip; click-click, drag and the
// keyboard propose moves; Escape cancels.

import { describe, expect, it, vi } from "vitest";

import type { View } from "../../shared/types";
import { drag, marked, mount, press, rootElement, square, useRoot } from "../harness";
import play from "../fixtures/play.json";

useRoot();
const playView = play.view as unknown as View;

describe("selecting and moving", () => {
  it("selecting a piece shows exactly its targets, with no message to Python", () => {
    const model = mount(play);
    square("e3").click();
    expect(model.sent).toEqual([]);
    expect(marked("sw-target-move")).toEqual(Object.keys(playView.targets.e3).sort());
    expect(marked("sw-selected")).toEqual(["e3"]);
    expect(square("e3").getAttribute("aria-selected")).toBe("true");
    expect(square("e4").getAttribute("aria-label")).toBe("e4, empty, move here");
  });

  it("selecting another own piece moves the selection and its targets", () => {
    mount(play);
    square("e3").click();
    square("g3").click();
    expect(marked("sw-selected")).toEqual(["g3"]);
    expect(marked("sw-target-move")).toEqual(Object.keys(playView.targets.g3).sort());
  });

  it("a move target is a dot, a strike target a ring", () => {
    const model = mount(play);
    model.push({ targets: { e3: { e4: "strike", d3: "move" } } });
    square("e3").click();
    expect(marked("sw-target-strike")).toEqual(["e4"]);
    expect(marked("sw-target-move")).toEqual(["d3"]);
  });

  it("click-click proposes the move and clears the highlights", () => {
    const model = mount(play);
    square("e3").click();
    square("e4").click();
    expect(model.sent).toEqual([{ type: "move", from: "e3", to: "e4" }]);
    expect(marked("sw-target-move")).toEqual([]);
    expect(marked("sw-selected")).toEqual([]);
  });

  it("clicking the selected piece again deselects it", () => {
    const model = mount(play);
    square("e3").click();
    square("e3").click();
    expect(marked("sw-selected")).toEqual([]);
    expect(model.sent).toEqual([]);
  });

  it("dragging a piece onto a target proposes the move", () => {
    const model = mount(play);
    drag("e3", "e4");
    expect(model.sent).toEqual([{ type: "move", from: "e3", to: "e4" }]);
  });

  it("dragging an enemy piece does nothing", () => {
    const model = mount(play);
    drag("b9", "b8");
    expect(model.sent).toEqual([]);
  });

  it("trying an illegal target proposes it, so Python can explain the rule", () => {
    const model = mount(play);
    square("d1").click(); // the Flag: selectable, no targets
    expect(marked("sw-selected")).toEqual(["d1"]);
    square("d3").click();
    expect(model.sent).toEqual([{ type: "move", from: "d1", to: "d3" }]);
  });

  it("clicking an enemy or empty square selects nothing", () => {
    const model = mount(play);
    square("b9").click();
    square("a5").click();
    expect(marked("sw-selected")).toEqual([]);
    expect(model.sent).toEqual([]);
  });

  it("nothing is selectable when it is not the viewer's move", () => {
    const model = mount(play);
    model.push({ can_act: false });
    square("e3").click();
    square("e4").click();
    expect(marked("sw-selected")).toEqual([]);
    expect(model.sent).toEqual([]);
  });

  it("a selection whose piece is gone after an update is dropped", () => {
    const model = mount(play);
    square("e3").click();
    const pieces: Record<string, string> = { ...playView.pieces };
    delete pieces.e3;
    model.push({ pieces });
    expect(marked("sw-selected")).toEqual([]);
    expect(marked("sw-target-move")).toEqual([]);
  });
});

describe("the click's cost", () => {
  it("a proposal leaves before the clicked square becomes the tab stop", () => {
    // Setting the focused square's tabindex makes the browser lay the page out at once: it
    // must come after the message, never before it.
    const model = mount(play);
    square("e3").click();
    const order: string[] = [];
    const send = model.send.bind(model);
    model.send = (message: unknown) => { order.push("sent"); send(message as never); };
    const write = Element.prototype.setAttribute;
    const spy = vi.spyOn(Element.prototype, "setAttribute").mockImplementation(
      function (this: Element, name: string, value: string) {
        if (name === "tabindex") order.push(`tabindex ${(this as HTMLElement).dataset.square}=${value}`);
        write.call(this, name, value);
      });
    square("e4").click();
    spy.mockRestore();
    expect(order[0]).toBe("sent");
    expect(order).toContain("tabindex e4=0");
    expect(square("e4").getAttribute("tabindex")).toBe("0");
  });

  it("a square that is already the tab stop is not written again", () => {
    mount(play);
    square("e3").click();
    const spy = vi.spyOn(Element.prototype, "setAttribute");
    square("e3").click(); // unselects: the same square stays the tab stop
    expect(spy.mock.calls.filter(([name]) => name === "tabindex")).toEqual([]);
    spy.mockRestore();
  });
});

describe("keyboard", () => {
  it("one Tab stop: exactly one square is in the tab order", () => {
    mount(play);
    const stops = rootElement().querySelectorAll('[data-square][tabindex="0"]');
    expect(stops.length).toBe(1);
    expect((stops[0] as HTMLElement).dataset.square).toBe("a1");
  });

  it("arrows move the focus, Enter selects and moves", () => {
    const model = mount(play);
    const start = square("e3");
    start.focus();
    press(start, "Enter");
    press(start, "ArrowUp");
    expect(document.activeElement).toBe(square("e4"));
    expect(square("e4").getAttribute("tabindex")).toBe("0");
    expect(start.getAttribute("tabindex")).toBe("-1");
    press(square("e4"), " ");
    expect(model.sent).toEqual([{ type: "move", from: "e3", to: "e4" }]);
  });

  it("arrows follow the screen, not the ranks, when Blue is at the bottom", () => {
    const model = mount(play);
    model.push({ bottom: "blue" });
    square("e3").focus();
    press(square("e3"), "ArrowUp");
    expect(document.activeElement).toBe(square("e2"));
    press(square("e2"), "ArrowRight");
    expect(document.activeElement).toBe(square("d2"));
  });

  it("arrows stop at the edge", () => {
    mount(play);
    square("a1").focus();
    press(square("a1"), "ArrowLeft");
    press(square("a1"), "ArrowDown");
    expect(document.activeElement).toBe(square("a1"));
  });

  it("Escape cancels the selection", () => {
    const model = mount(play);
    square("e3").click();
    press(square("e3"), "Escape");
    expect(marked("sw-selected")).toEqual([]);
    expect(marked("sw-target-move")).toEqual([]);
    square("e4").click();
    expect(model.sent).toEqual([]);
  });
});

describe("drag feedback", () => {
  it("the origin is marked while the pointer is down, and unmarked after the drop", () => {
    mount(play);
    square("e3").dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0 }));
    expect(marked("sw-drag-from")).toEqual(["e3"]);
    square("e3").dispatchEvent(new PointerEvent("pointercancel", { bubbles: true }));
    expect(marked("sw-drag-from")).toEqual([]);
  });
});

describe("where a drag ends", () => {
  /** Press on `from`, release on `releasedOn` with the given pointer, while the page says
   * `under` lies under the pointer; returns how often the page was asked. */
  function release(from: string, releasedOn: string, under: string, pointerType: string): number {
    const original = document.elementFromPoint;
    let asked = 0;
    document.elementFromPoint = () => { asked += 1; return square(under); };
    try {
      square(from).dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0, pointerType }));
      square(releasedOn).dispatchEvent(new PointerEvent("pointerup", { bubbles: true, pointerType }));
    } finally {
      document.elementFromPoint = original;
    }
    return asked;
  }

  it("a mouse is not captured: the release's own square is the drop, with no layout query", () => {
    const model = mount(play);
    expect(release("e3", "e4", "e3", "mouse")).toBe(0);
    expect(model.sent).toEqual([{ type: "move", from: "e3", to: "e4" }]);
  });

  it("a touch stays captured by the origin: the page is asked what lies under the finger", () => {
    const model = mount(play);
    expect(release("e3", "e3", "e4", "touch")).toBe(1);
    expect(model.sent).toEqual([{ type: "move", from: "e3", to: "e4" }]);
  });
});


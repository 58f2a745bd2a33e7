// The notebook around the board: its keyboard shortcuts and context menu never see what
// happens on the board, and pieces are dragged from the tray with pointer events.

import { describe, expect, it } from "vitest";

import { mount, rootElement, square, testid, useRoot } from "../harness";
import play from "../fixtures/play.json";
import setup from "../fixtures/setup.json";

useRoot();

describe("the host's shortcuts and menu", () => {
  it("every focusable element of the widget carries the shortcut guard", () => {
    mount(setup);
    const focusable = rootElement().querySelectorAll<HTMLElement>("button, select, input, [tabindex]");
    expect(focusable.length).toBeGreaterThan(100);
    for (const node of focusable) expect(node.getAttribute("data-lm-suppress-shortcuts")).toBe("true");
  });

  it("a key pressed on a square or a button does not reach the page", () => {
    mount(play);
    const seen: string[] = [];
    const listener = (event: KeyboardEvent) => seen.push(event.key);
    document.addEventListener("keydown", listener);
    try {
      for (const target of [square("e3"), testid("btn-resign")]) {
        for (const key of ["d", "a", "b", "m"]) {
          target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
        }
      }
    } finally {
      document.removeEventListener("keydown", listener);
    }
    expect(seen).toEqual([]);
  });

  it("a right-click on the board or the tray opens no menu, during setup and in play", () => {
    for (const state of [setup, play]) {
      mount(state);
      let reached = 0;
      const listener = () => { reached += 1; };
      document.addEventListener("contextmenu", listener);
      try {
        for (const target of [square("e7"), square("a1"), ...(state === setup ? [testid("tray-flag")] : [])]) {
          const event = new MouseEvent("contextmenu", { bubbles: true, cancelable: true });
          target.dispatchEvent(event);
          expect(event.defaultPrevented).toBe(true);
        }
      } finally {
        document.removeEventListener("contextmenu", listener);
      }
      expect(reached).toBe(0);
    }
  });
});

/** Drag a tray piece to a square with pointer events (the browser reports what is under the
 * pointer through elementFromPoint). */
function dragFromTray(kind: string, to: string): void {
  const original = document.elementFromPoint;
  document.elementFromPoint = () => square(to);
  try {
    const button = testid(`tray-${kind}`);
    button.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0, clientX: 5, clientY: 5 }));
    document.dispatchEvent(new PointerEvent("pointermove", { bubbles: true, clientX: 60, clientY: 80 }));
    expect(square(to).classList.contains("sw-drop")).toBe(true);
    expect(rootElement().querySelectorAll(".sw-ghost").length).toBe(1);
    square(to).dispatchEvent(new PointerEvent("pointerup", { bubbles: true, clientX: 60, clientY: 80 }));
  } finally {
    document.elementFromPoint = original;
  }
}

describe("dragging from the tray", () => {
  it("a tray piece dropped on a square of the area is placed there", () => {
    const model = mount(setup);
    dragFromTray("flag", "a1");
    expect(model.sent).toEqual([{ type: "place", kind: "flag", square: "a1" }]);
    expect(rootElement().querySelectorAll(".sw-ghost, .sw-drop").length).toBe(0);
  });

  it("no text selection starts while dragging; a drop outside the area does nothing", () => {
    const model = mount(setup);
    const button = testid("tray-bomb");
    const down = new PointerEvent("pointerdown", { bubbles: true, cancelable: true, button: 0 });
    button.dispatchEvent(down);
    expect(down.defaultPrevented).toBe(true);
    const select = new Event("selectstart", { bubbles: true, cancelable: true });
    document.dispatchEvent(select);
    expect(select.defaultPrevented).toBe(true);
    document.dispatchEvent(new PointerEvent("pointercancel", { bubbles: true }));
    dragFromTray("bomb", "e8");
    expect(model.sent).toEqual([]);
  });

  it("a press on a tray piece that does not travel is still a click that picks the kind", () => {
    const model = mount(setup);
    const button = testid("tray-flag");
    button.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0 }));
    button.dispatchEvent(new PointerEvent("pointerup", { bubbles: true }));
    button.click();
    expect(button.getAttribute("aria-pressed")).toBe("true");
    square("a1").click();
    expect(model.sent).toEqual([{ type: "place", kind: "flag", square: "a1" }]);
  });
});

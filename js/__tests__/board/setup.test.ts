// The setup phase: the tray with counts, placing, swapping, removing, the helpers and Ready.

import { describe, expect, it } from "vitest";

import type { View } from "../../shared/types";
import { drag, marked, mount, square, testid, useRoot } from "../harness";
import setup from "../fixtures/setup.json";

useRoot();
const setupView = setup.view as unknown as View;

describe("setup", () => {
  it("the tray lists every kind with its count; the area is marked", () => {
    mount(setup);
    const tray = setupView.setup!.tray;
    for (const kind of setup.rules.kinds) {
      expect(testid(`tray-${kind}`).textContent).toContain(`×${tray[kind] ?? 0}`);
    }
    expect(testid("tray-bomb").getAttribute("aria-label")).toBe("B Bomb: 2");
    expect(marked("sw-area")).toEqual([...setupView.setup!.area].sort());
  });

  it("every control has a name in the board's language, holding the words it shows", () => {
    const model = mount(setup);
    // The tray is a named group of buttons (an aria-label on a plain div names nothing).
    expect(testid("tray").getAttribute("role")).toBe("group");
    expect(testid("tray").getAttribute("aria-label")).toBe("Pieces to place");
    // The preset select has a name of its own, not only its first option.
    const presets = testid("preset-select");
    expect(presets.hidden).toBe(false);
    expect(presets.getAttribute("aria-label")).toBe("Preset");
    // A tray button shows the rank, the name and the count as separate words, all in its name.
    const marshal = testid("tray-marshal");
    const shown = marshal.cloneNode(true) as HTMLElement;
    shown.querySelector(".sw-piece .sw-name")!.remove(); // not drawn on a tray token
    const words = shown.textContent!.replace("×", " ").split(/\s+/).filter(Boolean);
    expect(words).toEqual(["10", "Marshal", "1"]);
    expect(marshal.getAttribute("aria-label")).toBe("10 Marshal: 1");
    model.set("lang", "fr");
    expect(presets.getAttribute("aria-label")).toBe("Modèle");
    expect(testid("tray").getAttribute("aria-label")).toBe("Pièces à placer");
  });

  it("a tray piece then a square places it; the kind stays picked while any are left", () => {
    const model = mount(setup);
    testid("tray-bomb").click();
    expect(testid("tray-bomb").getAttribute("aria-pressed")).toBe("true");
    square("a1").click();
    expect(model.sent).toEqual([{ type: "place", kind: "bomb", square: "a1" }]);
    expect(testid("tray-bomb").getAttribute("aria-pressed")).toBe("true");
    model.push({ pieces: { a1: "rB" }, setup: { ...setupView.setup!, tray: { ...setupView.setup!.tray, bomb: 0 } } });
    expect(testid("tray-bomb").getAttribute("aria-pressed")).toBe("false");
    expect((testid("tray-bomb") as HTMLButtonElement).disabled).toBe(true);
  });

  it("picking the same tray kind again drops it", () => {
    const model = mount(setup);
    testid("tray-flag").click();
    testid("tray-flag").click();
    square("a1").click();
    expect(model.sent).toEqual([]);
  });

  it("two squares of the area swap, by clicks or by a drag", () => {
    const model = mount(setup);
    model.push({ pieces: { a1: "rF" } });
    square("a1").click();
    square("b2").click();
    drag("a1", "c2");
    expect(model.sent).toEqual([{ type: "swap", a: "a1", b: "b2" }, { type: "swap", a: "a1", b: "c2" }]);
  });

  it("a right-click or the remove button puts a piece back", () => {
    const model = mount(setup);
    model.push({ pieces: { a1: "rF", b1: "rB" } });
    const event = new MouseEvent("contextmenu", { bubbles: true, cancelable: true });
    square("a1").dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect((testid("btn-remove") as HTMLButtonElement).disabled).toBe(true);
    square("b1").click();
    expect((testid("btn-remove") as HTMLButtonElement).disabled).toBe(false);
    testid("btn-remove").click();
    expect(model.sent).toEqual([{ type: "remove", square: "a1" }, { type: "remove", square: "b1" }]);
  });

  it("squares outside the area do nothing", () => {
    const model = mount(setup);
    testid("tray-flag").click();
    square("e8").click();
    expect(model.sent).toEqual([]);
  });

  it("explains what is missing; Ready only when complete", () => {
    const model = mount(setup);
    expect(testid("setup-problem").textContent).toBe(setupView.setup!.problem);
    expect((testid("btn-ready") as HTMLButtonElement).disabled).toBe(true);
    model.push({ setup: { ...setupView.setup!, complete: true, problem: null } });
    expect(testid("setup-problem").textContent).toBe("");
    testid("btn-ready").click();
    expect(model.sent).toEqual([{ type: "ready" }]);
  });

  it("random, preset and clear are one action each", () => {
    const model = mount(setup);
    testid("btn-random-setup").click();
    const presets = testid("preset-select") as HTMLSelectElement;
    presets.value = "corner-bombs";
    presets.dispatchEvent(new Event("change"));
    testid("btn-clear-setup").click();
    expect(model.sent).toEqual([
      { type: "random_setup" }, { type: "preset", name: "corner-bombs" }, { type: "clear_setup" },
    ]);
    expect(presets.value).toBe("");
  });

  it("the setup panel goes away once play starts", () => {
    const model = mount(setup);
    expect(testid("tray").closest<HTMLElement>(".sw-setup")!.hidden).toBe(false);
    model.push({ phase: "play", setup: null });
    expect(testid("tray").closest<HTMLElement>(".sw-setup")!.hidden).toBe(true);
  });
});

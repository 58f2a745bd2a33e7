// Front-end tests with a fake anywidget model: the states come from the Python widget itself
// (fixtures/*.json, written by make_fixtures.py), so these tests read what Python really sends.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import widget, { ALIVE_TIMEOUT_MS } from "../widget";
import type { View } from "../types";
import handover from "./fixtures/handover.json";
import play from "./fixtures/play.json";
import rescue from "./fixtures/rescue.json";
import setup from "./fixtures/setup.json";
import spot from "./fixtures/spot.json";

type State = Record<string, unknown>;

class FakeModel {
  sent: Record<string, unknown>[] = [];
  saved = 0;
  hellos = 0;
  private state: State;
  private listeners = new Map<string, Set<(message?: unknown) => void>>();

  /** `kernel`: whether a kernel answers the front end's hello (false: saved state). */
  constructor(state: State, interactive = true, private kernel = true) {
    this.state = { ...structuredClone(state), interactive };
  }

  get(key: string): any {
    return this.state[key];
  }

  set(key: string, value: unknown): void {
    this.state[key] = value;
    this.listeners.get(`change:${key}`)?.forEach((fn) => fn());
  }

  save_changes(): void {
    this.saved += 1;
  }

  on(event: string, fn: (message?: unknown) => void): void {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(fn);
  }

  off(event: string, fn: (message?: unknown) => void): void {
    this.listeners.get(event)?.delete(fn);
  }

  send(message: Record<string, unknown>): void {
    if (message.type === "hello") {
      this.hellos += 1;
      if (this.kernel) this.listeners.get("msg:custom")?.forEach((fn) => fn({ type: "alive" }));
      return;
    }
    this.sent.push(message);
  }

  /** What Python does after a change: replace the view. */
  push(view: Partial<View>): void {
    this.set("view", { ...(this.state.view as View), ...view });
  }
}

let root: HTMLElement;
let cleanup: (() => void) | undefined;

function mount(state: State, interactive = true, kernel = true): FakeModel {
  const model = new FakeModel(state, interactive, kernel);
  cleanup = widget.render({ model: model as any, el: root });
  return model;
}

function square(name: string): HTMLElement {
  const cell = root.querySelector<HTMLElement>(`[data-square="${name}"]`);
  if (!cell) throw new Error(`no square ${name}`);
  return cell;
}

/** A pointer drag from one square to another (the browser reports what is under the pointer). */
function drag(from: string, to: string): void {
  const original = document.elementFromPoint;
  document.elementFromPoint = () => square(to);
  try {
    square(from).dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    square(to).dispatchEvent(new PointerEvent("pointerup", { bubbles: true }));
  } finally {
    document.elementFromPoint = original;
  }
}

const testid = (id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;

beforeEach(() => {
  root = document.createElement("div");
  document.body.append(root);
});

afterEach(() => {
  cleanup?.();
  root.remove();
});

describe("drawing the board", () => {
  it("draws every square of the board, with lakes", () => {
    mount(play);
    expect(root.querySelectorAll("[data-square]").length).toBe(100);
    expect(root.querySelectorAll(".sw-lake").length).toBe(8);
    expect(square("c5").getAttribute("aria-label")).toBe("c5, lake");
    expect(root.querySelector('[role="grid"]')).not.toBeNull();
  });

  it("shows own ranks and never a rank for hidden enemy pieces", () => {
    mount(play);
    const view = play.view as unknown as View;
    for (const [name, code] of Object.entries(view.pieces)) {
      const cell = square(name);
      if (code[1] === "?") {
        expect(cell.querySelector(".sw-label")!.textContent).toBe("");
        expect(cell.getAttribute("aria-label")).toContain("unknown piece");
      } else {
        expect(cell.querySelector(".sw-label")!.textContent).not.toBe("");
      }
    }
    expect(square("d1").getAttribute("aria-label")).toBe("d1, Red Flag");
  });

  it("draws Red at the bottom: rank 10 is the first row", () => {
    mount(play);
    const first = root.querySelector("[data-square]") as HTMLElement;
    expect(first.dataset.square).toBe("a10");
  });

  it("labels follow the numbering", () => {
    const model = mount(play);
    expect(square("d2").querySelector(".sw-label")!.textContent).toBe("2");
    const rules = { ...(play.rules as any), labels: { ...(play.rules as any).labels, scout: "9" } };
    model.set("rules", rules);
    expect(square("d2").querySelector(".sw-label")!.textContent).toBe("9");
  });

  it("updates in place: square elements survive a new view", () => {
    const model = mount(play);
    const before = square("d2");
    model.push({ pieces: { ...(play.view as any).pieces, d3: "rX+", d2: undefined }, serial: 99 });
    expect(square("d2")).toBe(before);
    expect(square("d3").querySelector(".sw-piece")!.classList.contains("sw-moved")).toBe(true);
    expect(root.querySelector(".sw-root")!.getAttribute("data-serial")).toBe("99");
  });
});

describe("playing", () => {
  it("selecting a piece shows exactly its targets, with no message to Python", () => {
    const model = mount(play);
    square("e3").click();
    expect(model.sent).toEqual([]);
    const marked = Array.from(root.querySelectorAll(".sw-target-move"))
      .map((cell) => (cell as HTMLElement).dataset.square).sort();
    expect(marked).toEqual(Object.keys((play.view as any).targets.e3).sort());
    expect(square("e3").classList.contains("sw-selected")).toBe(true);
  });

  it("click-click proposes the move", () => {
    const model = mount(play);
    square("e3").click();
    square("e4").click();
    expect(model.sent).toEqual([{ type: "move", from: "e3", to: "e4" }]);
    expect(root.querySelectorAll(".sw-target-move").length).toBe(0);
  });

  it("dragging a piece onto a target proposes the move", () => {
    const model = mount(play);
    drag("e3", "e4");
    expect(model.sent).toEqual([{ type: "move", from: "e3", to: "e4" }]);
  });

  it("dragging in the setup swaps two squares", () => {
    const model = mount(setup);
    model.push({ pieces: { a1: "rF" } });
    drag("a1", "c2");
    expect(model.sent).toEqual([{ type: "swap", a: "a1", b: "c2" }]);
  });

  it("a strike target is drawn as a ring, not a dot", () => {
    const model = mount(play);
    model.push({ targets: { e3: { e4: "strike", d3: "move" } } });
    square("e3").click();
    expect(square("e4").classList.contains("sw-target-strike")).toBe(true);
    expect(square("d3").classList.contains("sw-target-move")).toBe(true);
  });

  it("trying an illegal target proposes it, so Python can explain the rule", () => {
    const model = mount(play);
    square("d1").click(); // the Flag: selectable, no targets
    expect(square("d1").classList.contains("sw-selected")).toBe(true);
    square("d3").click();
    expect(model.sent).toEqual([{ type: "move", from: "d1", to: "d3" }]);
  });

  it("clicking an enemy or empty square selects nothing", () => {
    const model = mount(play);
    square("b9").click();
    square("a5").click();
    expect(root.querySelectorAll(".sw-selected").length).toBe(0);
    expect(model.sent).toEqual([]);
  });

  it("the keyboard moves focus with arrows and acts with Enter", () => {
    const model = mount(play);
    const start = square("e3");
    start.focus();
    start.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    start.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true }));
    expect(document.activeElement).toBe(square("e4"));
    expect(square("e4").getAttribute("tabindex")).toBe("0");
    expect(start.getAttribute("tabindex")).toBe("-1");
    square("e4").dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(model.sent).toEqual([{ type: "move", from: "e3", to: "e4" }]);
  });

  it("shows the engine's explanation of a rejected move", () => {
    const model = mount(play);
    model.push({ message: { level: "error", rule: "immovable", text: "A Bomb cannot move (Original: Moving)." } });
    expect(testid("message").textContent).toBe("A Bomb cannot move (Original: Moving).");
    expect(testid("message").dataset.rule).toBe("immovable");
    expect(testid("live").textContent).toContain("A Bomb cannot move");
  });

  it("a spot asks for the guessed rank, then proposes the spot", () => {
    const model = mount(spot);
    square("e2").click();
    expect(square("e3").classList.contains("sw-target-spot") || square("e3").classList.contains("sw-target-move")).toBe(true);
    square("e3").click();
    const dialog = testid("choice-dialog");
    expect(dialog.hidden).toBe(false);
    (dialog.querySelector('[data-testid="choice-miner"]') as HTMLElement).click();
    expect(model.sent).toEqual([{ type: "spot", from: "e2", to: "e3", guess: "miner" }]);
  });

  it("a pending rescue asks which piece and where", () => {
    const model = mount(rescue);
    const dialog = testid("rescue-dialog");
    expect(dialog.hidden).toBe(false);
    (dialog.querySelector('[data-testid="choice-general"]') as HTMLElement).click();
    const squares = (rescue.view as any).pending.squares as string[];
    (dialog.querySelector(`[data-testid="choice-${squares[0]}"]`) as HTMLElement).click();
    expect(model.sent).toEqual([{ type: "rescue", kind: "general", square: squares[0] }]);
  });

  it("the replay slider asks Python for a past position", () => {
    const model = mount(play);
    model.push({ moves: ["d2-d3", "a7-a6"], replay: { index: 2, length: 2 } });
    const slider = testid("replay-slider") as HTMLInputElement;
    slider.value = "1";
    slider.dispatchEvent(new Event("input"));
    expect(model.sent).toEqual([{ type: "replay", index: 1 }]);
    expect(testid("move-list").children.length).toBe(2);
  });
});

describe("setup", () => {
  it("a tray piece then a square places it", () => {
    const model = mount(setup);
    testid("tray-flag").click();
    square("a1").click();
    expect(model.sent).toEqual([{ type: "place", kind: "flag", square: "a1" }]);
  });

  it("two squares of the area swap", () => {
    const model = mount(setup);
    model.push({ pieces: { a1: "rF" } });
    square("a1").click();
    square("b2").click();
    expect(model.sent).toEqual([{ type: "swap", a: "a1", b: "b2" }]);
  });

  it("squares outside the area do nothing", () => {
    const model = mount(setup);
    testid("tray-flag").click();
    square("e8").click();
    expect(model.sent).toEqual([]);
  });

  it("ready is disabled until the setup is complete; random setup is one click", () => {
    const model = mount(setup);
    expect((testid("btn-ready") as HTMLButtonElement).disabled).toBe(true);
    testid("btn-random-setup").click();
    expect(model.sent).toEqual([{ type: "random_setup" }]);
  });
});

describe("modes and languages", () => {
  it("the hand-over cover hides the board until the next player clicks", () => {
    const model = mount(handover);
    const cover = testid("handover-cover");
    expect(cover.hidden).toBe(false);
    expect(cover.textContent).toContain("Pass the device to Blue");
    expect(root.querySelector(".sw-board")!.classList.contains("sw-hidden")).toBe(true);
    testid("btn-handover").click();
    expect(model.sent).toEqual([{ type: "handover" }]);
  });

  it("read-only: a saved board sends nothing and says so", () => {
    const model = mount(play, false);
    expect(testid("readonly-badge").hidden).toBe(false);
    square("e3").click();
    square("e4").click();
    testid("btn-resign").click();
    expect(model.sent).toEqual([]);
  });

  it("with no kernel answering (saved state), the board turns read-only", () => {
    vi.useFakeTimers();
    try {
      const model = mount(play, true, false);
      expect(model.hellos).toBe(1);
      expect(testid("readonly-badge").hidden).toBe(true);
      vi.advanceTimersByTime(ALIVE_TIMEOUT_MS + 10);
      expect(testid("readonly-badge").hidden).toBe(false);
      square("e3").click();
      square("e4").click();
      expect(model.sent).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("with a kernel answering, the board stays live after the timeout", () => {
    vi.useFakeTimers();
    try {
      const model = mount(play);
      vi.advanceTimersByTime(ALIVE_TIMEOUT_MS + 10);
      expect(testid("readonly-badge").hidden).toBe(true);
      square("e3").click();
      square("e4").click();
      expect(model.sent).toEqual([{ type: "move", from: "e3", to: "e4" }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("switching language changes names and is saved to Python", () => {
    const model = mount(play);
    const select = testid("lang-select") as HTMLSelectElement;
    select.value = "nl";
    select.dispatchEvent(new Event("change"));
    expect(model.get("lang")).toBe("nl");
    expect(model.saved).toBe(1);
    expect(square("d1").getAttribute("aria-label")).toBe("d1, Rood Vlag");
    expect(testid("btn-resign").textContent).toBe("Opgeven");
  });

  it("the numbering switch sets the numbering trait", () => {
    const model = mount(play);
    const box = testid("numbering-toggle") as HTMLInputElement;
    box.checked = false;
    box.dispatchEvent(new Event("change"));
    expect(model.get("numbering")).toBe("marshal-low");
    expect(model.saved).toBe(1);
  });
});

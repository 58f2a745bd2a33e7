// A fake anywidget model and DOM helpers for the front-end tests. The states come from the
// Python widget itself (fixtures/*.json, written by make_fixtures.py), so the tests read
// exactly what Python sends.

import { afterEach, beforeEach } from "vitest";

import widget from "../board/widget";
import type { View, ViewPatch } from "../shared/types";

export type State = Record<string, unknown>;

export class FakeModel {
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

  /** How many callbacks are registered, over all events. */
  get listenerCount(): number {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }

  send(message: Record<string, unknown>): void {
    if (message.type === "hello") {
      this.hellos += 1;
      if (this.kernel) this.listeners.get("msg:custom")?.forEach((fn) => fn({ type: "alive" }));
      return;
    }
    this.sent.push(message);
  }

  /** What Python sends after a change: a patch for the view the browser holds. */
  patch(patch: ViewPatch | Record<string, unknown>): void {
    this.set("view_patch", patch);
  }

  /** What the front end would ask Python for, by message type. */
  asked(type: string): number {
    return this.sent.filter((message) => message.type === type).length;
  }

  /** The whole state, as a saved notebook keeps it. */
  savedState(): State {
    return structuredClone(this.state);
  }

  /** Replace the view whole (with a higher serial), as tests of drawing do. */
  push(view: Partial<View>): void {
    const old = this.state.view as View;
    this.set("view", { ...old, serial: old.serial + 1, ...view });
  }
}

let root: HTMLElement;
let cleanup: (() => void) | undefined;

/** Give every test a fresh element to render into, and clean up after it. */
export function useRoot(): void {
  beforeEach(() => {
    root = document.createElement("div");
    document.body.append(root);
  });
  afterEach(() => {
    cleanup?.();
    cleanup = undefined;
    root.remove();
  });
}

/** What an anywidget module's `render` looks like to the tests. */
type Render = (props: { model: any; el: HTMLElement }) => (() => void) | void;

/** Render a widget module (the board by default) from `state` into the test's root. */
export function mount(state: State, interactive = true, kernel = true,
  render: Render = widget.render as Render): FakeModel {
  const model = new FakeModel(state, interactive, kernel);
  cleanup = render({ model: model as any, el: root }) ?? undefined;
  return model;
}

/** Run the widget's clean-up now (it also runs after each test). */
export function unmount(): void {
  cleanup?.();
  cleanup = undefined;
}

export function rootElement(): HTMLElement {
  return root;
}

/** The first element of the test's root that `selector` matches (an error if none does). */
export function query(selector: string): HTMLElement {
  const node = root.querySelector<HTMLElement>(selector);
  if (!node) throw new Error(`nothing matches ${selector}`);
  return node;
}

/** A DOMRect at (`left`, `top`) of the given size, for a mocked getBoundingClientRect. */
export function domRect(left: number, top: number, width: number, height: number): DOMRect {
  return { left, top, width, height, right: left + width, bottom: top + height, x: left, y: top,
    toJSON: () => ({}) } as DOMRect;
}

/** Where square `name` is drawn on a 10×10 grid at (`grid.left`, `grid.top`) of squares of
 * `size` px, Red at the bottom: files left to right, rank 10 at the top. */
export function gridSquareRect(grid: { left: number; top: number }, size: number,
  name: string): DOMRect {
  const column = name.charCodeAt(0) - 97;
  const row = 10 - Number(name.slice(1));
  return domRect(grid.left + column * size, grid.top + row * size, size, size);
}

export function square(name: string): HTMLElement {
  const cell = root.querySelector<HTMLElement>(`[data-square="${name}"]`);
  if (!cell) throw new Error(`no square ${name}`);
  return cell;
}

export function testid(id: string): HTMLElement {
  const node = root.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (!node) throw new Error(`no element with data-testid ${id}`);
  return node;
}

/** The squares carrying a class, sorted by name. */
export function marked(cls: string): string[] {
  return Array.from(root.querySelectorAll<HTMLElement>(`[data-square].${cls}`))
    .map((cell) => cell.dataset.square ?? "").sort();
}

export function press(target: HTMLElement, key: string): void {
  target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
}

/** A pointer drag from one square to another (the browser reports what is under the pointer). */
export function drag(from: string, to: string): void {
  const original = document.elementFromPoint;
  document.elementFromPoint = () => square(to);
  try {
    square(from).dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0 }));
    square(to).dispatchEvent(new PointerEvent("pointerup", { bubbles: true }));
  } finally {
    document.elementFromPoint = original;
  }
}

/** Click a button inside a dialog by its choice value. */
export function choose(dialog: string, value: string): void {
  testid(dialog).querySelector<HTMLElement>(`[data-testid="choice-${value}"]`)!.click();
}

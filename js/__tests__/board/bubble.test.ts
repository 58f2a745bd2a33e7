// The error bubble stays inside the board's squares (not over the rank numbers, not cut off at
// an edge) and never covers the square it is about. happy-dom lays nothing out, so the test
// gives the elements a layout: a 10×10 board of 40 px squares right of a 30 px rank column.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { View } from "../../shared/types";
import { domRect, gridSquareRect, mount, square, testid, useRoot, type FakeModel } from "../harness";
import play from "../fixtures/play.json";

useRoot();
const playView = play.view as unknown as View;

const SIZE = 40;
const GRID = { left: 30, top: 0, width: 10 * SIZE, height: 10 * SIZE };
/** widget.css's `.sw-bubble`: centred on `left`, 6 px above `top` (or below, `.sw-below`). */
const GAP = 6;
let bubbleSize = { width: 240, height: 44 };

const rect = domRect;

const squareRect = (name: string): DOMRect => gridSquareRect(GRID, SIZE, name);

beforeEach(() => {
  bubbleSize = { width: 240, height: 44 };
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    const node = this as HTMLElement;
    if (node.classList.contains("sw-stage")) return rect(0, 0, 500, 460);
    if (node.classList.contains("sw-board")) return rect(GRID.left, GRID.top, GRID.width, GRID.height);
    if (node.classList.contains("sw-bubble")) return rect(0, 0, bubbleSize.width, bubbleSize.height);
    if (node.dataset.square) return squareRect(node.dataset.square);
    return rect(0, 0, 0, 0);
  });
});
afterEach(() => vi.restoreAllMocks());

/** The box the bubble covers, from its position and widget.css's translation. */
function bubbleBox(): { left: number; right: number; top: number; bottom: number } {
  const bubble = testid("bubble");
  const x = parseFloat(bubble.style.left);
  const y = parseFloat(bubble.style.top);
  const { width, height } = bubbleSize;
  const top = bubble.classList.contains("sw-below") ? y + GAP : y - GAP - height;
  return { left: x - width / 2, right: x + width / 2, top, bottom: top + height };
}

function refuse(model: FakeModel, square: string): void {
  model.push({ message: { level: "error", rule: "immovable", text: "A Bomb cannot move.", square } });
  expect(testid("bubble").hidden).toBe(false);
}

function expectInsideAndBeside(square: string): void {
  const box = bubbleBox();
  const cell = squareRect(square);
  expect(box.left).toBeGreaterThanOrEqual(GRID.left); // not over the rank numbers
  expect(box.right).toBeLessThanOrEqual(GRID.left + GRID.width);
  expect(box.top).toBeGreaterThanOrEqual(GRID.top);
  expect(box.bottom).toBeLessThanOrEqual(GRID.top + GRID.height);
  const overlaps = box.top < cell.bottom && box.bottom > cell.top;
  expect(overlaps, `the bubble covers ${square}`).toBe(false);
}

describe("the error bubble", () => {
  it("by a square on the left edge stays inside the board, above the square", () => {
    const model = mount(play);
    refuse(model, "a1");
    expectInsideAndBeside("a1");
    expect(testid("bubble").classList.contains("sw-below")).toBe(false);
  });

  it("by a square on the right edge stays inside the board", () => {
    const model = mount(play);
    refuse(model, "j5");
    expectInsideAndBeside("j5");
  });

  it("by a square of the top row goes below it", () => {
    const model = mount(play);
    refuse(model, "d10");
    expectInsideAndBeside("d10");
    expect(testid("bubble").classList.contains("sw-below")).toBe(true);
  });

  it("by a square in the middle is centred over it", () => {
    const model = mount(play);
    refuse(model, "e5");
    expectInsideAndBeside("e5");
    const cell = squareRect("e5");
    const box = bubbleBox();
    expect((box.left + box.right) / 2).toBe(cell.left + SIZE / 2);
  });

  it("wider than the board, is centred on the board", () => {
    bubbleSize = { width: 460, height: 60 };
    const model = mount(play);
    refuse(model, "a3");
    const box = bubbleBox();
    expect((box.left + box.right) / 2).toBe(GRID.left + GRID.width / 2);
    expect(box.bottom).toBeLessThanOrEqual(squareRect("a3").top);
  });

  it("names its square, and goes at the next click", () => {
    const model = mount(play);
    expect(playView.pieces.e3).toBeTruthy();
    refuse(model, "e3");
    expect(testid("bubble").dataset.square).toBe("e3");
    square("g3").click(); // the next click (here: choosing a piece) takes it away
    expect(testid("bubble").hidden).toBe(true);
  });
});

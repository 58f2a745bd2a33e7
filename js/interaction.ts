// Gestures on the board: click, drag (pointer events, so mouse, pen and touch alike),
// right-click, and the keyboard (arrows move the focus, Enter/Space act, Escape cancels).
// This module only turns DOM events into square names; what a square means is decided by
// the controller.

import type { Board } from "./board";

export interface BoardGestures {
  /** A click, Enter or Space on a square. */
  activate(square: string): void;
  /** Whether a drag may start from this square. */
  canDrag(square: string): boolean;
  /** A piece dragged from one square and dropped on another. */
  drop(from: string, to: string): void;
  /** A right-click on a square; true when it was used (the context menu is then suppressed). */
  remove(square: string): boolean;
  /** Escape: forget the selection and close any choice. */
  cancel(): void;
}

const ARROWS = { ArrowUp: 1, ArrowDown: 1, ArrowLeft: 1, ArrowRight: 1 };

function squareOf(target: EventTarget | null): string | null {
  const cell = (target as Element | null)?.closest?.("[data-square]") as HTMLElement | null;
  return cell?.dataset.square ?? null;
}

/** Listen on the board's grid; returns a function that stops listening. */
export function attachGestures(board: Board, gestures: BoardGestures): () => void {
  let dragFrom: string | null = null;

  const onClick = (event: MouseEvent) => {
    const square = squareOf(event.target);
    if (square) gestures.activate(square);
  };
  const onContextMenu = (event: MouseEvent) => {
    const square = squareOf(event.target);
    if (square && gestures.remove(square)) event.preventDefault();
  };
  // The square a drag started from carries a class while the pointer is down.
  const startDrag = (square: string | null) => {
    if (dragFrom) board.square(dragFrom)?.classList.remove("sw-drag-from");
    dragFrom = square;
    if (square) board.square(square)?.classList.add("sw-drag-from");
  };
  const onPointerDown = (event: PointerEvent) => {
    const square = squareOf(event.target);
    startDrag(square && event.button === 0 && gestures.canDrag(square) ? square : null);
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = dragFrom;
    startDrag(null);
    if (!from) return;
    // With touch the pointer stays captured by the first square: ask what lies under it.
    const under = document.elementFromPoint?.(event.clientX, event.clientY) ?? event.target;
    const to = squareOf(under);
    if (to && to !== from) {
      event.preventDefault();
      gestures.drop(from, to);
    }
  };
  const onPointerCancel = () => startDrag(null);
  const onKey = (event: KeyboardEvent) => {
    const square = squareOf(event.target);
    if (!square) return;
    if (event.key in ARROWS) {
      board.focus(board.neighbour(square, event.key));
    } else if (event.key === "Enter" || event.key === " ") {
      gestures.activate(square);
    } else if (event.key === "Escape") {
      gestures.cancel();
    } else {
      return;
    }
    event.preventDefault();
  };

  const grid = board.grid;
  const listeners: [string, EventListener][] = [
    ["click", onClick as EventListener],
    ["contextmenu", onContextMenu as EventListener],
    ["pointerdown", onPointerDown as EventListener],
    ["pointerup", onPointerUp as EventListener],
    ["pointercancel", onPointerCancel],
    ["keydown", onKey as EventListener],
  ];
  for (const [type, fn] of listeners) grid.addEventListener(type, fn);
  return () => {
    for (const [type, fn] of listeners) grid.removeEventListener(type, fn);
  };
}

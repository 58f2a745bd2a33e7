// Gestures on the board: click, drag (pointer events, so mouse, pen and touch alike),
// right-click, and the keyboard (arrows move the focus, Enter/Space act, Escape cancels).
// This module only turns DOM events into square names; what a square means is decided by
// the controller.

import type { Board } from "./board";

export interface BoardGestures {
  /** A click, Enter or Space on a square; `at`: when it happened (`performance.now()` time). */
  activate(square: string, at?: number): void;
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

/** When an event happened, on the clock of `performance.now()` (its own clock if it has none). */
function eventTime(event: Event): number {
  const now = performance.now();
  return event.timeStamp > 0 && event.timeStamp <= now ? event.timeStamp : now;
}

/** Listen on the board's grid; returns a function that stops listening. */
export function attachGestures(board: Board, gestures: BoardGestures): () => void {
  let dragFrom: string | null = null;

  const onClick = (event: MouseEvent) => {
    const square = squareOf(event.target);
    if (square) gestures.activate(square, eventTime(event));
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
    // A mouse or a pen is not captured: the event's target is what lies under the pointer.
    // A touch stays captured by the first square, so ask the page what lies under it (that
    // reads the layout, which would cost every mouse click a forced layout: touch only).
    const under = event.pointerType === "touch"
      ? document.elementFromPoint?.(event.clientX, event.clientY) ?? event.target
      : event.target;
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

export interface TrayGestures {
  /** Whether a piece of this kind may be dragged from the tray now. */
  canDrag(kind: string): boolean;
  /** A tray piece dropped on a square. */
  drop(kind: string, square: string): void;
}

/** How far (px) the pointer must travel before a press on a tray piece becomes a drag. */
const DRAG_SLOP = 4;

/** Drag from the setup tray onto the board with pointer events (mouse, pen and touch): a copy
 * of the token follows the pointer, the square under it is marked, and no text is selected on
 * the way. A press that does not travel stays a click (pick the kind, then click a square).
 * Returns a function that stops listening. */
export function attachTrayDrag(tray: HTMLElement, board: Board, gestures: TrayGestures): () => void {
  let drag: { kind: string; x: number; y: number; ghost: HTMLElement | null; over: string | null } | null = null;
  let swallowClick = false;

  const mark = (square: string | null) => {
    if (!drag || drag.over === square) return;
    if (drag.over) board.square(drag.over)?.classList.remove("sw-drop");
    drag.over = square;
    if (square) board.square(square)?.classList.add("sw-drop");
  };
  const stop = () => {
    if (drag) {
      mark(null);
      drag.ghost?.remove();
    }
    drag = null;
    document.removeEventListener("pointermove", onMove);
    document.removeEventListener("pointerup", onUp);
    document.removeEventListener("pointercancel", stop);
    document.removeEventListener("selectstart", noSelect);
  };
  const noSelect = (event: Event) => event.preventDefault();
  const onDown = (event: PointerEvent) => {
    const item = (event.target as Element | null)?.closest?.("[data-kind]") as HTMLElement | null;
    const kind = item?.dataset.kind;
    if (!item || !kind || event.button !== 0 || !gestures.canDrag(kind)) return;
    stop();
    event.preventDefault(); // no text selection, no native drag of the button's contents
    drag = { kind, x: event.clientX, y: event.clientY, ghost: null, over: null };
    document.addEventListener("pointermove", onMove);
    document.addEventListener("pointerup", onUp);
    document.addEventListener("pointercancel", stop);
    document.addEventListener("selectstart", noSelect);
  };
  const onMove = (event: PointerEvent) => {
    if (!drag) return;
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_SLOP) return;
      const token = tray.querySelector(`[data-kind="${drag.kind}"] .sw-piece`);
      const ghost = (token?.cloneNode(true) as HTMLElement | undefined) ?? document.createElement("span");
      ghost.classList.add("sw-ghost");
      ghost.setAttribute("aria-hidden", "true");
      tray.closest(".sw-root")?.append(ghost);
      drag.ghost = ghost;
    }
    drag.ghost.style.transform = `translate(${event.clientX}px, ${event.clientY}px)`;
    mark(squareOf(document.elementFromPoint?.(event.clientX, event.clientY) ?? null));
  };
  const onUp = (event: PointerEvent) => {
    const current = drag;
    stop();
    if (!current?.ghost) return; // no travel: a click, handled as one
    swallowClick = true;
    setTimeout(() => { swallowClick = false; }, 0);
    const square = squareOf(document.elementFromPoint?.(event.clientX, event.clientY) ?? event.target);
    if (square) gestures.drop(current.kind, square);
  };
  // The click that ends a drag on the tray itself must not pick the kind as well.
  const onClick = (event: MouseEvent) => {
    if (swallowClick) {
      event.stopPropagation();
      event.preventDefault();
    }
  };
  tray.addEventListener("pointerdown", onDown);
  tray.addEventListener("click", onClick, true);
  return () => {
    stop();
    tray.removeEventListener("pointerdown", onDown);
    tray.removeEventListener("click", onClick, true);
  };
}

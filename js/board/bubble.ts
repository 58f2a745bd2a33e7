// The error bubble: a refusal from the engine (or a click the browser can explain itself, such
// as a square outside the setup area) is shown next to the square it is about, for a few
// seconds or until the next click. It stays inside the board's squares (never over the rank
// numbers, never cut off at an edge) and never covers its square: it sits above it, or below
// it when there is no room above.

import type { Board } from "./board";
import { el, setHidden, setText } from "../shared/dom";
import type { View } from "../shared/types";

/** How long an error stays next to the square that was clicked. */
export const BUBBLE_MS = 6000;

/** The gap between the bubble and its square (widget.css: `.sw-bubble` moves it this far). */
const GAP = 6;

export class ErrorBubble {
  readonly element = el("div", { className: "sw-bubble", testid: "bubble" });
  /** The error last shown (so each is shown once). */
  private shown = "";
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private board: Board) {
    this.element.hidden = true;
    this.element.setAttribute("role", "alert");
  }

  /** Show the view's error by its square (or by `clicked`, the square last clicked); once. */
  showError(view: View, clicked: string | null): void {
    const message = view.message;
    const text = message?.level === "error" ? message.text ?? "" : "";
    const key = text ? `${view.serial}:${text}` : "";
    if (key === this.shown) return;
    this.shown = key;
    const where = message?.square ?? clicked;
    if (!key || !where || !this.say(text, where)) this.hide();
  }

  /** Show `text` by `square`; false when the board has no such square. */
  say(text: string, square: string): boolean {
    const cell = this.board.square(square);
    if (!cell) return false;
    setText(this.element, text);
    this.element.dataset.square = square;
    this.element.hidden = false;
    placeBubble(this.element, cell, this.board.grid);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.hide(), BUBBLE_MS);
    return true;
  }

  hide(): void {
    clearTimeout(this.timer);
    setHidden(this.element, true);
  }

  dispose(): void {
    this.hide();
  }
}

/** Put `bubble` by `cell`, inside `area` (the board's squares): `left` is its centre, `top` the
 * square's edge it points at (widget.css translates it by half its width, and above the square
 * by its height); under the square when there is no room above it. The lesson panel's bubble
 * is placed the same way. */
export function placeBubble(bubble: HTMLElement, cell: HTMLElement, area: HTMLElement): void {
  const style = bubble.style;
  const host = bubble.parentElement;
  if (!host) return;
  // Measured where its width is not squeezed by the edge of the stage, then held at that.
  style.width = "";
  style.left = "0px";
  style.top = "0px";
  const origin = host.getBoundingClientRect();
  const inside = area.getBoundingClientRect();
  const box = cell.getBoundingClientRect();
  const { width, height } = bubble.getBoundingClientRect();
  if (width > 0) {
    style.boxSizing = "border-box";
    style.width = `${width}px`;
  }
  const left = inside.left - origin.left;
  const right = inside.right - origin.left;
  const centre = box.left - origin.left + box.width / 2;
  const x = width >= right - left ? (left + right) / 2
    : Math.min(Math.max(centre, left + width / 2), right - width / 2);
  const above = box.top - inside.top;
  const below = inside.bottom - box.bottom;
  const under = above < height + GAP && below > above;
  style.left = `${x}px`;
  style.top = `${(under ? box.bottom : box.top) - origin.top}px`;
  bubble.classList.toggle("sw-below", under);
}

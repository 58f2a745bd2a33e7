// Choices that interrupt play: the hot-seat hand-over cover, which hides the whole board
// until the next player has the device, and small pickers (the rank a Spotter guesses, the
// piece and square of a rescue), shown under the board so the squares they offer stay in
// view. Each picker calls back with the chosen value, or null.

import { button, el, setHidden, setText } from "../shared/dom";
import { sideName, word } from "../shared/i18n";
import type { BoardMessage, View } from "../shared/types";

export interface Option {
  value: string;
  label: string;
}

/** A small non-modal dialog under the board: a heading, option buttons and a cancel button. */
export class ChoiceDialog {
  readonly element: HTMLElement;
  private heading = el("p", { className: "sw-dialog-heading" });
  private options = el("div", { className: "sw-buttons" });
  private onChoose: ((value: string | null) => void) | null = null;
  private onEscape: (() => void) | null = null;

  constructor(testid: string) {
    this.element = el("div", { className: "sw-dialog", testid });
    this.element.setAttribute("role", "dialog");
    this.element.hidden = true;
    this.element.append(this.heading, this.options);
    this.element.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        const escape = this.onEscape;
        if (escape) {
          this.close();
          escape();
        } else this.choose(null);
      }
    });
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** Show the options; `onChoose` gets the value picked, or null for `cancel` (no cancel
   * button when `cancel` is null). Escape cancels, unless `onEscape` says what it does instead
   * (the dialog is then closed and `onEscape` called). */
  open(heading: string, options: Option[], cancel: string | null,
    onChoose: (value: string | null) => void, onEscape: (() => void) | null = null): void {
    this.onChoose = onChoose;
    this.onEscape = onEscape;
    setText(this.heading, heading);
    this.element.setAttribute("aria-label", heading);
    this.options.replaceChildren(...options.map(({ value, label }) => {
      const node = button(`choice-${value}`, () => this.choose(value));
      node.textContent = label;
      return node;
    }));
    if (cancel !== null) {
      const no = button("choice-cancel", () => this.choose(null));
      no.textContent = cancel;
      this.options.append(no);
    }
    this.element.hidden = false;
    (this.options.firstElementChild as HTMLElement | null)?.focus();
  }

  close(): void {
    this.element.hidden = true;
    this.onChoose = null;
    this.onEscape = null;
  }

  private choose(value: string | null): void {
    const callback = this.onChoose;
    this.close();
    callback?.(value);
  }
}

/** The cover shown between turns in hot-seat play: it hides the whole board. */
export class HandoverCover {
  readonly element = el("div", { className: "sw-cover", testid: "handover-cover" });
  private text = el("p", { className: "sw-cover-text" });
  private go: HTMLButtonElement;

  constructor(send: (message: BoardMessage) => void) {
    this.go = button("btn-handover", () => send({ type: "handover" }));
    this.element.append(this.text, this.go);
    this.element.hidden = true;
  }

  update(view: View, lang: string): void {
    const waiting = view.phase === "handover";
    setHidden(this.element, !waiting);
    if (!waiting) return;
    // The board is turned to the player who takes the device next (in play the side to move,
    // during a hot-seat setup the army to set up next).
    const next = view.bottom;
    const side = sideName(next, lang);
    setText(this.text, word("handover", lang, { side }));
    setText(this.go, word("handoverButton", lang, { side }));
  }
}

// The board: a keyboard-operable ARIA grid of squares, built once per board size and then
// updated in place (no re-render, no flashing). It draws; it does not decide anything.

import { pieceName, word } from "./i18n";
import { decodePiece, type Rules, type View } from "./types";

export interface Highlights {
  selected: string | null;
  targets: Record<string, "move" | "strike" | "spot">;
  setupArea: Set<string>;
}

export class Board {
  readonly element: HTMLElement;
  private squares = new Map<string, HTMLElement>();
  private layoutKey = "";
  private focused: string | null = null;

  constructor() {
    this.element = document.createElement("div");
    this.element.className = "sw-board";
    this.element.setAttribute("role", "grid");
  }

  /** All square elements, by name. */
  square(name: string): HTMLElement | undefined {
    return this.squares.get(name);
  }

  /** Square names in the order the viewer reads them: top row first, left to right. */
  private layout(rules: Rules, bottom: string): string[][] {
    const files = Array.from({ length: rules.width }, (_, i) => String.fromCharCode(97 + i));
    const ranks = Array.from({ length: rules.height }, (_, i) => i + 1);
    const rows = bottom === "red" ? [...ranks].reverse() : ranks;
    const columns = bottom === "red" ? files : [...files].reverse();
    return rows.map((rank) => columns.map((file) => `${file}${rank}`));
  }

  /** Build the grid when the board size or orientation changes; otherwise keep the nodes. */
  private build(rules: Rules, bottom: string): void {
    const key = `${rules.width}x${rules.height}:${bottom}`;
    if (key === this.layoutKey) return;
    this.layoutKey = key;
    this.element.replaceChildren();
    this.squares.clear();
    this.element.style.setProperty("--sw-files", String(rules.width));
    const lakes = new Set(rules.lakes);
    const rows = this.layout(rules, bottom);
    rows.forEach((names, rowIndex) => {
      const row = document.createElement("div");
      row.className = "sw-row";
      row.setAttribute("role", "row");
      names.forEach((name, colIndex) => {
        const cell = document.createElement("div");
        cell.className = "sw-square";
        cell.dataset.square = name;
        cell.setAttribute("role", "gridcell");
        cell.tabIndex = -1;
        if (lakes.has(name)) cell.classList.add("sw-lake");
        if ((rowIndex + colIndex) % 2) cell.classList.add("sw-alt");
        const piece = document.createElement("span");
        piece.className = "sw-piece";
        piece.setAttribute("aria-hidden", "true");
        const label = document.createElement("span");
        label.className = "sw-label";
        const name_ = document.createElement("span");
        name_.className = "sw-name";
        piece.append(label, name_);
        cell.append(piece);
        if (colIndex === 0) cell.dataset.rank = name.slice(1);
        if (rowIndex === rows.length - 1) cell.dataset.file = name[0];
        row.append(cell);
        this.squares.set(name, cell);
      });
      this.element.append(row);
    });
    const first = rows[rows.length - 1][0];
    this.setFocusable(this.focused && this.squares.has(this.focused) ? this.focused : first);
  }

  /** Draw a view: pieces, highlights and labels, updating only what changed. */
  update(view: View, rules: Rules, lang: string, highlights: Highlights): void {
    this.build(rules, view.bottom);
    this.element.setAttribute("aria-label", `${word("board", lang)}: ${rules.title}`);
    const lakes = new Set(rules.lakes);
    const last = view.last_move;
    for (const [name, cell] of this.squares) {
      const code = view.pieces[name];
      const piece = code ? decodePiece(code, rules) : null;
      const pieceEl = cell.firstElementChild as HTMLElement;
      const [labelEl, nameEl] = Array.from(pieceEl.children) as HTMLElement[];
      let aria: string;
      if (piece) {
        const label = piece.kind ? (rules.labels[piece.kind] ?? "") : "";
        const full = piece.kind ? pieceName(piece.kind, lang) : "";
        setText(labelEl, label);
        setText(nameEl, full);
        pieceEl.className = [
          "sw-piece",
          `sw-${piece.owner}`,
          piece.kind ? `sw-kind-${piece.kind}` : "sw-unknown",
          piece.moved ? "sw-moved" : "",
          piece.known ? "sw-known" : "",
        ].filter(Boolean).join(" ");
        const who = word(piece.owner, lang);
        aria = `${name}, ${who} ${piece.kind ? full : word("unknown", lang)}`;
        if (piece.moved) aria += `, ${word("moved", lang)}`;
        if (piece.known && piece.kind) aria += `, ${word("known", lang)}`;
      } else {
        setText(labelEl, "");
        setText(nameEl, "");
        pieceEl.className = "sw-piece sw-none";
        aria = `${name}, ${lakes.has(name) ? word(rules.lake_name === "crater" ? "crater" : "lake", lang) : word("empty", lang)}`;
      }
      const target = highlights.targets[name];
      toggle(cell, "sw-selected", highlights.selected === name);
      toggle(cell, "sw-target-move", target === "move");
      toggle(cell, "sw-target-strike", target === "strike");
      toggle(cell, "sw-target-spot", target === "spot");
      toggle(cell, "sw-area", highlights.setupArea.has(name));
      toggle(cell, "sw-last", !!last && (last.from === name || last.to === name));
      if (target) aria += `, ${target}`;
      if (cell.getAttribute("aria-label") !== aria) cell.setAttribute("aria-label", aria);
      cell.setAttribute("aria-selected", String(highlights.selected === name));
    }
  }

  /** Roving tab stop: exactly one square is in the tab order. */
  setFocusable(name: string): void {
    if (this.focused) this.squares.get(this.focused)?.setAttribute("tabindex", "-1");
    this.focused = name;
    this.squares.get(name)?.setAttribute("tabindex", "0");
  }

  focus(name: string): void {
    this.setFocusable(name);
    this.squares.get(name)?.focus();
  }

  /** The square next to `name` in a screen direction, or `name` at the edge. */
  neighbour(name: string, key: string): string {
    const rows = Array.from(this.element.children).map((row) =>
      Array.from(row.children).map((cell) => (cell as HTMLElement).dataset.square ?? ""));
    for (let r = 0; r < rows.length; r++) {
      const c = rows[r].indexOf(name);
      if (c < 0) continue;
      const [dr, dc] = ({ ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] } as Record<string, number[]>)[key] ?? [0, 0];
      const row = rows[r + dr];
      return row?.[c + dc] ?? name;
    }
    return name;
  }
}

function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

function toggle(el: HTMLElement, cls: string, on: boolean): void {
  if (el.classList.contains(cls) !== on) el.classList.toggle(cls, on);
}

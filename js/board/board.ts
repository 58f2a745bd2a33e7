// The board: a keyboard-operable ARIA grid of squares with file and rank coordinates around
// it, built once per board size and orientation and then updated in place (no re-render, no
// flashing). It draws; it decides nothing.

import { battlesOf } from "./battle";
import { setAttr, suppressShortcuts, toggle } from "../shared/dom";
import { describePiece, pieceName, sideName, word, type Word } from "../shared/i18n";
import { makePiece, paintPiece } from "./piece";
import { decodePiece, type Rules, type View } from "../shared/types";

/** What a highlighted square offers: drawn as a dot, a ring, a diamond or a cross. */
export type TargetKind = "move" | "strike" | "spot" | "rescue";

export interface Highlights {
  selected: string | null;
  targets: Partial<Record<string, TargetKind>>;
  setupArea: Set<string>;
  /** A strike sent and not answered yet: both squares show that it is being resolved. */
  resolving?: string[];
}

/** How long a piece takes to slide to its new square. */
export const SLIDE_MS = 160;

/** Whether the piece `code` on the last move's target square is the one that moved there: not
 * when it is the defender that won the strike (or was spotted) and stayed. */
function movedThere(view: View, code: string, rules: Rules): boolean {
  const last = view.last_move;
  const battle = battlesOf(view).at(-1);
  if (!last || !battle || battle.attacker.square !== last.from || battle.defender.square !== last.to) {
    return true;
  }
  return decodePiece(code, rules).owner === battle.attacker.owner;
}

/** Whether the reader asked for less motion (no slides, no flashes). */
export function reducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

const TARGET_WORD: Record<TargetKind, Word> = {
  move: "targetMove", strike: "targetStrike", spot: "targetSpot", rescue: "targetRescue",
};

const STEP: Record<string, [number, number]> = {
  ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
};

export class Board {
  /** The frame: the grid plus its coordinates. */
  readonly element: HTMLElement;
  /** The `role="grid"` element holding the rows of squares. */
  readonly grid: HTMLElement;
  private ranks: HTMLElement;
  private files: HTMLElement;
  private squares = new Map<string, HTMLElement>();
  private rows: string[][] = [];
  private layoutKey = "";
  private focused: string | null = null;
  /** Each square's row and column on screen. */
  private places = new Map<string, [number, number]>();
  /** What each square was last drawn with: a square whose key is the same is not touched. */
  private painted = new Map<string, string>();
  /** The move the last slide was drawn for ("d4-d5"). */
  private slid: string | null = null;
  /** The squares whose piece is sliding in, each with its slide. */
  private sliding = new Map<HTMLElement, Animation>();
  /** How many squares the last update wrote to (for the tests: only those that changed). */
  repainted = 0;

  constructor() {
    this.element = document.createElement("div");
    this.element.className = "sw-frame";
    this.grid = document.createElement("div");
    this.grid.className = "sw-board";
    this.grid.setAttribute("role", "grid");
    this.ranks = document.createElement("div");
    this.ranks.className = "sw-ranks";
    this.files = document.createElement("div");
    this.files.className = "sw-files";
    for (const coords of [this.ranks, this.files]) coords.setAttribute("aria-hidden", "true");
    // The board sits in a plain block: the browser lays out a grid's item with its grid, so a
    // board placed straight in the frame's grid had every move lay out the whole page. In a
    // block, the board (strictly contained) is laid out alone.
    const box = document.createElement("div");
    box.className = "sw-board-box";
    box.append(this.grid);
    this.element.append(this.ranks, box, this.files);
  }

  /** A square element by name ("d4"). */
  square(name: string): HTMLElement | undefined {
    return this.squares.get(name);
  }

  /** Square names as the viewer reads them: top row first, left to right. Red at the bottom
   * puts rank 1 at the bottom and file a on the left; Blue at the bottom turns it round. */
  private layout(rules: Rules, bottom: string): string[][] {
    const files = Array.from({ length: rules.width }, (_, i) => String.fromCharCode(97 + i));
    const ranks = Array.from({ length: rules.height }, (_, i) => i + 1);
    const rows = bottom === "red" ? [...ranks].reverse() : ranks;
    const columns = bottom === "red" ? files : [...files].reverse();
    return rows.map((rank) => columns.map((file) => `${file}${rank}`));
  }

  /** Build the grid when the board size or orientation changes; otherwise keep the nodes. */
  private build(rules: Rules, bottom: string): void {
    const key = [rules.width, rules.height, bottom, rules.lake_name, rules.lakes.join()].join(":");
    if (key === this.layoutKey) return;
    this.layoutKey = key;
    this.grid.replaceChildren();
    this.squares.clear();
    this.places.clear();
    this.painted.clear();
    this.element.style.setProperty("--sw-files", String(rules.width));
    this.element.style.setProperty("--sw-ranks", String(rules.height));
    const lakes = new Set(rules.lakes);
    this.rows = this.layout(rules, bottom);
    this.rows.forEach((names, rowIndex) => {
      const row = document.createElement("div");
      row.className = "sw-row";
      row.setAttribute("role", "row");
      names.forEach((name, colIndex) => {
        const cell = document.createElement("div");
        cell.className = "sw-square";
        cell.dataset.square = name;
        cell.setAttribute("role", "gridcell");
        cell.tabIndex = -1;
        suppressShortcuts(cell);
        if (lakes.has(name)) cell.classList.add("sw-lake", rules.lake_name === "crater" ? "sw-crater" : "sw-water");
        if ((rowIndex + colIndex) % 2) cell.classList.add("sw-alt");
        cell.append(boardToken());
        row.append(cell);
        this.squares.set(name, cell);
        this.places.set(name, [rowIndex, colIndex]);
      });
      this.grid.append(row);
    });
    this.ranks.replaceChildren(...this.rows.map((names) => coordinate(names[0].slice(1))));
    this.files.replaceChildren(...this.rows[0].map((name) => coordinate(name[0])));
    const bottomLeft = this.rows[this.rows.length - 1][0];
    this.setFocusable(this.focused && this.squares.has(this.focused) ? this.focused : bottomLeft);
  }

  /** Draw a view: pieces, highlights and labels, touching only the squares that changed. */
  update(view: View, rules: Rules, lang: string, highlights: Highlights): void {
    this.build(rules, view.bottom);
    setAttr(this.grid, "aria-label", `${word("board", lang)}: ${rules.title}`);
    const lakes = new Set(rules.lakes);
    const last = view.last_move;
    const resolving = new Set(highlights.resolving ?? []);
    const common = `${lang}|${rules.spec}|${Object.values(rules.labels).join()}`;
    this.repainted = 0;
    for (const [name, cell] of this.squares) {
      const code = view.pieces[name];
      const target = highlights.targets[name];
      const selected = highlights.selected === name;
      const area = highlights.setupArea.has(name);
      const isLast = !!last && (last.from === name || last.to === name);
      const key = `${code}|${target}|${selected}|${area}|${isLast}|${resolving.has(name)}|${common}`;
      if (this.painted.get(name) === key) continue;
      this.painted.set(name, key);
      this.repainted += 1;
      const piece = code ? decodePiece(code, rules) : null;
      const token = cell.firstElementChild as HTMLElement;
      paintPiece(token, piece, rules, lang);
      const named = token.querySelector(".sw-name") as HTMLElement;
      setAttr(named, "data-chars", String(Math.min(named.textContent?.length ?? 0, MAX_CHARS)));
      const parts = [name];
      if (piece) {
        parts.push(speakPiece(piece.owner, piece.kind, rules, lang));
        if (piece.moved) parts.push(word("moved", lang));
        if (piece.known && piece.kind) parts.push(word("known", lang));
      } else if (lakes.has(name)) {
        parts.push(word(rules.lake_name === "crater" ? "crater" : "lake", lang));
      } else {
        parts.push(word("empty", lang));
      }
      toggle(cell, "sw-selected", selected);
      for (const kind of Object.keys(TARGET_WORD)) toggle(cell, `sw-target-${kind}`, target === kind);
      toggle(cell, "sw-area", area);
      toggle(cell, "sw-last", isLast);
      toggle(cell, "sw-resolving", resolving.has(name));
      if (selected) parts.push(word("selected", lang));
      if (target) parts.push(word(TARGET_WORD[target], lang));
      const label = parts.join(", ");
      setAttr(cell, "aria-label", label);
      // The same words as a tooltip (the piece without its rank label), so a pointer user can
      // read a piece's name too.
      if (piece) parts[1] = describePiece(piece.owner, piece.kind, lang);
      setAttr(cell, "title", piece ? parts.slice(1).join(", ") : label);
      setAttr(cell, "aria-selected", String(selected));
    }
    this.slide(view, rules);
  }

  /** A piece that has just moved slides from its old square (transform only: no layout
   * shift; none when the reader prefers reduced motion). Each move slides once. A defender that
   * won its battle stayed where it was, so it does not slide. While it slides, its square is
   * drawn above the others: the piece passes over the squares on its way, and the browser
   * composites the moving piece alone instead of every square drawn after it. */
  private slide(view: View, rules: Rules): void {
    const last = view.last_move;
    const key = last ? `${view.moves.length}:${last.from}-${last.to}` : "";
    if (key === this.slid) return;
    const first = this.slid === null;
    this.slid = key;
    const code = last && view.pieces[last.to];
    if (!last || !code || first || reducedMotion() || !movedThere(view, code, rules)) return;
    const from = this.places.get(last.from);
    const to = this.places.get(last.to);
    const cell = this.squares.get(last.to);
    const token = cell?.firstElementChild as HTMLElement | null;
    if (!from || !to || !cell || !token || typeof token.animate !== "function") return;
    // In units of the token (84% of a square): a square is 100 / 0.84 per cent of it.
    const step = 100 / 0.84;
    const dx = (from[1] - to[1]) * step;
    const dy = (from[0] - to[0]) * step;
    cell.classList.add("sw-sliding");
    const motion = token.animate([{ transform: `translate(${dx}%, ${dy}%)` }, { transform: "none" }],
      { duration: SLIDE_MS, easing: "ease-out" });
    this.sliding.set(cell, motion);
    const landed = () => {
      if (this.sliding.get(cell) !== motion) return; // a later slide on this square goes on
      this.sliding.delete(cell);
      cell.classList.remove("sw-sliding");
    };
    motion.onfinish = landed;
    motion.oncancel = landed;
  }

  /** How far down the board a square is drawn, 0 (top row) to 1 (bottom row). */
  rowFraction(name: string): number | null {
    const place = this.places.get(name);
    return place ? place[0] / Math.max(1, this.rows.length - 1) : null;
  }

  /** Roving tab stop: exactly one square is in the tab order. Only a change is written:
   * setting the focused square's tabindex makes the browser lay the page out at once (a trace
   * of benchmarks/widget_latency.py shows it). */
  setFocusable(name: string): void {
    if (this.focused && this.focused !== name) {
      this.squares.get(this.focused)?.setAttribute("tabindex", "-1");
    }
    this.focused = name;
    const cell = this.squares.get(name);
    if (cell) setAttr(cell, "tabindex", "0");
  }

  focus(name: string): void {
    this.setFocusable(name);
    this.squares.get(name)?.focus();
  }

  /** The square next to `name` in an arrow key's screen direction (`name` at the edge). */
  neighbour(name: string, key: string): string {
    const step = STEP[key];
    if (!step) return name;
    for (let r = 0; r < this.rows.length; r++) {
      const c = this.rows[r].indexOf(name);
      if (c >= 0) return this.rows[r + step[0]]?.[c + step[1]] ?? name;
    }
    return name;
  }
}

/** The longest name length widget.css tells apart (`data-chars`): longer names count as this. */
const MAX_CHARS = 18;

/** A square's token, with a space between its rank label and its name: the space is not drawn
 * (the token is a flex box) but makes the two read as two words, "6 Captain", which the
 * square's accessible name then contains (WCAG 2.5.3, label in name). */
function boardToken(): HTMLElement {
  const token = makePiece();
  token.insertBefore(document.createTextNode(" "), token.querySelector(".sw-name"));
  return token;
}

/** A piece as the square's accessible name says it, with the rank label that the token shows:
 * "Red 6 Captain" (in Dutch "6 Kapitein (Rood)"), "Blue piece, unknown". The visible
 * label and name ("6", "Captain") are then part of the name, so speech input can use them. */
function speakPiece(owner: string, kind: string | null, rules: Rules, lang: string): string {
  if (kind === null) return describePiece(owner, kind, lang);
  const label = rules.labels[kind] ?? "";
  const piece = label ? `${label} ${pieceName(kind, lang)}` : pieceName(kind, lang);
  return word("piece", lang, { side: sideName(owner, lang), piece });
}

function coordinate(text: string): HTMLElement {
  const node = document.createElement("span");
  node.textContent = text;
  return node;
}

// How one piece looks: a token with its rank label (from `rules.labels`, already in the chosen
// numbering) and its name (or, on a board too small for the whole name, its short name), or
// face down when its kind is unknown. The board, the trays,
// the captured pieces and the battle display all draw pieces this way.

import { pieceName, shortPieceName } from "../shared/i18n";
import { setText, toggle } from "../shared/dom";
import type { Piece, Rules } from "../shared/types";

/** What a token shows: whose it is, its kind if known, and the marks for moved and known. */
export type PieceLook = Pick<Piece, "owner" | "kind"> & Partial<Pick<Piece, "moved" | "known">>;

/** A name this long or longer may be drawn smaller than the others (see .sw-long in widget.css). */
export const LONG_NAME = 10;

/** An empty token: a label, a name and a short name inside one element. The short name is
 * drawn by the stylesheet from `data-short` (widget.css shows it where the name is hidden for
 * want of room), so the token's text stays its label and its name. */
export function makePiece(): HTMLElement {
  const token = document.createElement("span");
  token.className = "sw-piece sw-none";
  token.setAttribute("aria-hidden", "true");
  const label = document.createElement("span");
  label.className = "sw-label";
  const name = document.createElement("span");
  name.className = "sw-name";
  const short = document.createElement("span");
  short.className = "sw-short";
  token.append(label, name, short);
  return token;
}

/** Draw `look` on a token made by `makePiece` (null: nothing there). */
export function paintPiece(token: HTMLElement, look: PieceLook | null, rules: Rules,
  lang: string): void {
  const [label, name, short] = Array.from(token.children) as HTMLElement[];
  const kind = look?.kind ?? null;
  setText(label, kind ? (rules.labels[kind] ?? "") : "");
  const text = kind ? pieceName(kind, lang) : "";
  if (name.textContent !== text) {
    name.textContent = text;
    // Its length sets the font size, so that every name shown fits its token whole, with no
    // clip (see .sw-name in widget.css).
    name.style.setProperty("--sw-chars", String(text.length));
    toggle(name, "sw-long", text.length >= LONG_NAME);
    const brief = kind ? shortPieceName(kind, lang) : "";
    short.dataset.short = brief;
    short.style.setProperty("--sw-chars", String(brief.length));
  }
  const cls = look === null ? "sw-piece sw-none" : [
    "sw-piece",
    `sw-${look.owner}`,
    kind ? `sw-kind-${kind}` : "sw-unknown",
    look.moved ? "sw-moved" : "",
    look.known ? "sw-known" : "",
  ].filter(Boolean).join(" ");
  if (token.className !== cls) token.className = cls;
}

/** A new token already showing `look`. */
export function pieceToken(look: PieceLook, rules: Rules, lang: string): HTMLElement {
  const token = makePiece();
  paintPiece(token, look, rules, lang);
  return token;
}

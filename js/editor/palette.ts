// The lesson editor's palette: the side whose pieces are placed, a button per kind of the army,
// the tools that take a piece off or toggle a mark, and the side to move. It keeps the one
// choice of its own (the tool picked and the side) and sends the side to move to Python.

import { pieceToken } from "../board/piece";
import { button, el, setAttr, setDisabled, setText } from "../shared/dom";
import { pieceName, sideName } from "../shared/i18n";
import type { EditorMessage } from "../shared/types";
import type { EditorState, Tool } from "./state";
import type { Wording } from "./wording";

export class Palette {
  readonly element = el("fieldset", { className: "sw-editor-palette", testid: "editor-palette" });
  readonly toMoveSelect = el("select");
  /** The tool picked now, and the side whose pieces a kind's button places. */
  tool: Tool = { kind: "" };
  side: "red" | "blue" = "red";
  private sideButtons: Record<"red" | "blue", HTMLButtonElement>;
  private kindBox = el("div", { className: "sw-editor-kinds", testid: "editor-kinds" });
  private toolButtons = new Map<string, HTMLButtonElement>();
  private kindKey = "";

  /** `changed` redraws the panel after a pick; `send` sends a message to Python. */
  constructor(wording: Wording, private changed: () => void, send: (message: EditorMessage) => void) {
    const legend = el("legend");
    wording.words(legend, "editorPalette");
    const sides = el("div", { className: "sw-editor-sides" });
    sides.setAttribute("role", "group");
    wording.words(sides, "editorSide", "aria-label");
    this.sideButtons = {
      red: button("editor-side-red", () => { this.side = "red"; this.changed(); }),
      blue: button("editor-side-blue", () => { this.side = "blue"; this.changed(); }),
    };
    for (const side of ["red", "blue"] as const) {
      const node = this.sideButtons[side];
      wording.add((lang) => setText(node, sideName(side, lang)));
      sides.append(this.sideButtons[side]);
    }
    const tools = el("div", { className: "sw-editor-tools" });
    for (const [action, key] of [["remove", "editorRemovePiece"], ["revealed", "editorMarkRevealed"], ["moved", "editorMarkMoved"]] as const) {
      const node = button(`editor-tool-${action}`, () => { this.tool = { action }; this.changed(); });
      wording.words(node, key);
      this.toolButtons.set(action, node);
      tools.append(node);
    }
    this.toMoveSelect.append(...(["red", "blue"] as const).map((side) => {
      const option = el("option");
      option.value = side;
      wording.add((lang) => setText(option, sideName(side, lang)));
      return option;
    }));
    this.toMoveSelect.addEventListener("change", () => {
      const side = this.toMoveSelect.value;
      if (side === "red" || side === "blue") send({ type: "editor_to_move", side });
    });
    this.element.append(legend, sides, this.kindBox, tools,
      wording.labelled("editorToMove", this.toMoveSelect, "editor-to-move"));
  }

  /** Draw the army's kinds (again only when they, the side or the language changed) and which
   * tool and side are picked; nothing can be picked while recording. */
  render(state: EditorState, lang: string): void {
    const key = `${state.palette.join()}|${this.side}|${state.rules.spec}|${lang}`;
    if (this.kindKey !== key) {
      this.kindKey = key;
      this.kindBox.replaceChildren(...state.palette.map((kind) => {
        const node = button(`editor-kind-${kind}`, () => { this.tool = { kind }; this.changed(); });
        node.classList.add("sw-editor-kind");
        node.dataset.kind = kind;
        // The label and the name read as two words ("10 Marshal"), which the button's
        // accessible name contains (WCAG 2.5.3, label in name).
        const token = pieceToken({ owner: this.side, kind }, state.rules, lang);
        token.insertBefore(document.createTextNode(" "), token.querySelector(".sw-name"));
        node.append(token);
        const label = state.rules.labels[kind] ?? "";
        const name = `${sideName(this.side, lang)} ${label ? `${label} ` : ""}${pieceName(kind, lang)}`;
        node.setAttribute("aria-label", name);
        node.title = name;
        return node;
      }));
    }
    const tool = this.tool;
    for (const node of this.kindBox.querySelectorAll<HTMLButtonElement>("button")) {
      const on = "kind" in tool && tool.kind === node.dataset.kind;
      setAttr(node, "aria-pressed", String(on));
      setDisabled(node, state.recording && state.kind !== "setup"); // a setup step records placements
    }
    for (const [action, node] of this.toolButtons) {
      setAttr(node, "aria-pressed", String("action" in tool && tool.action === action));
      setDisabled(node, state.recording);
    }
    for (const side of ["red", "blue"] as const) {
      setAttr(this.sideButtons[side], "aria-pressed", String(this.side === side));
      setDisabled(this.sideButtons[side], state.recording);
    }
  }
}

// The setup phase around the board: the tray of pieces still to place (with counts), the
// helpers (random, preset, clear), a button that puts the selected square's piece back, and
// Ready, with Python's explanation of what is still missing or wrong.

import { button, el, setAttr, setDisabled, setHidden, setText, toggle } from "../shared/dom";
import { pieceName, word } from "../shared/i18n";
import { paintPiece, makePiece } from "./piece";
import type { Message, Rules, View } from "../shared/types";

export interface SetupActions {
  send(message: Message): void;
  /** Pick (or drop, when picked again) a tray kind to place with the next square click. */
  pickTray(kind: string): void;
  /** Put the piece on the selected square back into the tray. */
  removeSelected(): void;
}

export class SetupPanel {
  readonly element = el("div", { className: "sw-setup" });
  /** The tray of pieces still to place: click a kind then a square, or drag it onto one. */
  readonly tray = el("div", { className: "sw-tray", testid: "tray" });
  private problem = el("p", { className: "sw-problem", testid: "setup-problem" });
  private random: HTMLButtonElement;
  private clear: HTMLButtonElement;
  private remove: HTMLButtonElement;
  private ready: HTMLButtonElement;
  private presets = el("select", { testid: "preset-select" });
  private presetNames = "";
  private trayButtons = new Map<string, HTMLButtonElement>();
  private trayKinds = "";

  constructor(private actions: SetupActions) {
    this.random = button("btn-random-setup", () => actions.send({ type: "random_setup" }));
    this.clear = button("btn-clear-setup", () => actions.send({ type: "clear_setup" }));
    this.remove = button("btn-remove", () => actions.removeSelected());
    this.ready = button("btn-ready", () => actions.send({ type: "ready" }));
    this.presets.addEventListener("change", () => {
      if (this.presets.value) actions.send({ type: "preset", name: this.presets.value });
      this.presets.value = "";
    });
    this.problem.setAttribute("aria-live", "polite");
    this.tray.setAttribute("role", "group");
    const buttons = el("div", { className: "sw-buttons" });
    buttons.append(this.random, this.presets, this.clear, this.remove, this.ready);
    this.element.append(this.tray, this.problem, buttons);
  }

  /** `picked`: the tray kind chosen; `selected`: the square selected on the board. */
  update(view: View, rules: Rules, lang: string, picked: string | null,
    selected: string | null): void {
    const setup = view.setup;
    setHidden(this.element, !setup || view.phase !== "setup");
    if (!setup) return;
    setAttr(this.tray, "aria-label", word("tray", lang));
    if (rules.kinds.join() !== this.trayKinds) { // another army: a new tray
      this.trayKinds = rules.kinds.join();
      this.trayButtons.clear();
      this.tray.replaceChildren();
    }
    for (const kind of rules.kinds) {
      const node = this.trayButton(kind);
      const count = setup.tray[kind] ?? 0;
      paintPiece(node.firstElementChild as HTMLElement, { owner: setup.player, kind }, rules, lang);
      setText(node.children[1] as HTMLElement, pieceName(kind, lang));
      setText(node.children[2] as HTMLElement, `×${count}`);
      setAttr(node, "aria-label", trayLabel(kind, count, rules, lang));
      setDisabled(node, count === 0 || !view.can_act);
      setAttr(node, "aria-pressed", String(picked === kind));
      toggle(node, "sw-empty", count === 0);
    }
    setText(this.random, word("random", lang));
    setText(this.clear, word("clear", lang));
    setText(this.remove, word("remove", lang));
    const waiting = setup.ready[setup.player];
    setText(this.ready, waiting ? word("waitingReady", lang) : word("ready", lang));
    setDisabled(this.ready, !setup.complete || waiting || !view.can_act);
    setDisabled(this.remove, !selected || !view.pieces[selected] || !view.can_act);
    setText(this.problem, setup.complete ? "" : (setup.problem ?? ""));
    this.updatePresets(setup.presets, lang);
  }

  private trayButton(kind: string): HTMLButtonElement {
    let node = this.trayButtons.get(kind);
    if (!node) {
      node = button(`tray-${kind}`, () => this.actions.pickTray(kind));
      node.classList.add("sw-tray-piece");
      node.dataset.kind = kind;
      // Spaces between the token, the name and the count (not drawn in the flex button) keep
      // the visible words apart, as the accessible name has them (see trayLabel).
      node.append(makePiece(), " ", el("span", { className: "sw-tray-name" }), " ",
        el("span", { className: "sw-count" }));
      this.trayButtons.set(kind, node);
      this.tray.append(node);
    }
    return node;
  }

  private updatePresets(names: string[], lang: string): void {
    const key = `${lang}:${names.join()}`;
    if (key === this.presetNames) return;
    this.presetNames = key;
    const prompt = el("option", { text: `${word("presets", lang)}…` });
    prompt.value = "";
    this.presets.replaceChildren(prompt, ...names.map((name) => {
      const option = el("option", { text: name });
      option.value = name;
      return option;
    }));
    this.presets.hidden = names.length === 0;
    setAttr(this.presets, "aria-label", word("presets", lang));
  }
}

/** A tray button's accessible name: what it shows, the token's rank label, the piece's name and
 * how many are left ("10 Marshal: 1"), so that it contains the visible words (WCAG 2.5.3). */
export function trayLabel(kind: string, count: number, rules: Rules, lang: string): string {
  const label = rules.labels[kind] ?? "";
  return `${label ? `${label} ` : ""}${pieceName(kind, lang)}: ${count}`;
}

// Everything around the board: title and switches, status and messages, the setup tray,
// captured pieces, the move list and replay, the hand-over cover and the choice dialogs.
// Each panel is built once and updated in place from the view.

import { LANGUAGES, pieceName, word } from "./i18n";
import type { Rules, View } from "./types";

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K, props: { className?: string; testid?: string; text?: string } = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.testid) node.dataset.testid = props.testid;
  if (props.text !== undefined) node.textContent = props.text;
  return node;
}

export function button(testid: string, onClick: () => void): HTMLButtonElement {
  const node = el("button", { className: "sw-button", testid });
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

export interface PanelActions {
  send(message: Record<string, unknown> & { type: string }): void;
  setLang(lang: string): void;
  setNumbering(numbering: string): void;
  pickTray(kind: string): void;
  choose(choice: string | null): void;
}

/** Title, language select and numbering switch. */
export class Header {
  readonly element = el("div", { className: "sw-header" });
  private title = el("div", { className: "sw-title", testid: "ruleset-title" });
  private lang = el("select", { testid: "lang-select" });
  private numberingBox = el("input", { testid: "numbering-toggle" });
  private numberingLabel = el("label", { className: "sw-toggle" });
  private badge = el("span", { className: "sw-badge", testid: "readonly-badge" });

  constructor(actions: PanelActions) {
    for (const code of LANGUAGES) {
      const option = el("option", { text: code.toUpperCase() });
      option.value = code;
      this.lang.append(option);
    }
    this.lang.addEventListener("change", () => actions.setLang(this.lang.value));
    this.numberingBox.type = "checkbox";
    this.numberingBox.addEventListener("change", () =>
      actions.setNumbering(this.numberingBox.checked ? "marshal-high" : "marshal-low"));
    this.numberingLabel.append(this.numberingBox, el("span"));
    this.element.append(this.title, this.badge, this.lang, this.numberingLabel);
  }

  update(rules: Rules, lang: string, numbering: string, interactive: boolean): void {
    setText(this.title, rules.title);
    this.title.title = `${rules.spec} (${rules.rulebook})`;
    this.lang.value = lang;
    this.lang.setAttribute("aria-label", word("language", lang));
    this.numberingBox.checked = numbering === "marshal-high";
    setText(this.numberingLabel.lastElementChild as HTMLElement, word("numbering", lang));
    this.badge.hidden = interactive;
    setText(this.badge, word("readOnly", lang));
    this.lang.disabled = this.numberingBox.disabled = !interactive;
  }
}

/** Whose move it is, the engine's messages, the result, and the last battle. */
export class Status {
  readonly element = el("div", { className: "sw-status" });
  private turn = el("div", { className: "sw-turn", testid: "turn" });
  private message = el("div", { className: "sw-message", testid: "message" });
  private result = el("div", { className: "sw-result", testid: "result" });
  private battle = el("div", { className: "sw-battle", testid: "battle" });
  private battleTimer: ReturnType<typeof setTimeout> | undefined;
  private shownBattle = "";

  constructor() {
    this.message.setAttribute("role", "alert");
    this.element.append(this.turn, this.result, this.battle, this.message);
  }

  update(view: View, lang: string): void {
    let turn = "";
    if (view.phase === "setup") turn = word("setup", lang);
    else if (view.phase === "play") {
      turn = view.can_act ? word("yourTurn", lang) : word("toMove", lang, view.to_move);
    }
    setText(this.turn, turn);
    const message = view.message;
    const problem = view.setup && !view.setup.complete ? view.setup.problem : null;
    setText(this.message, message ? message.text : problem ?? "");
    this.message.dataset.rule = message?.rule ?? "";
    this.message.classList.toggle("sw-error", message?.level === "error");
    this.result.hidden = !view.result;
    setText(this.result, view.result ? view.result.sentence : "");
    const sentence = view.battle?.sentence ?? "";
    const key = `${view.replay?.length ?? 0}:${sentence}`;
    if (sentence && key !== this.shownBattle) {
      this.shownBattle = key;
      setText(this.battle, sentence);
      this.battle.classList.add("sw-show");
      clearTimeout(this.battleTimer);
      this.battleTimer = setTimeout(() => this.battle.classList.remove("sw-show"), 1600);
    } else if (!sentence) {
      setText(this.battle, "");
      this.battle.classList.remove("sw-show");
    }
  }

  dispose(): void {
    clearTimeout(this.battleTimer);
  }
}

/** The setup tray and its buttons. */
export class SetupPanel {
  readonly element = el("div", { className: "sw-setup", testid: "tray" });
  private tray = el("div", { className: "sw-tray" });
  private buttons = el("div", { className: "sw-buttons" });
  private random: HTMLButtonElement;
  private clear: HTMLButtonElement;
  private ready: HTMLButtonElement;
  private presets = el("select", { testid: "preset-select" });
  private trayButtons = new Map<string, HTMLButtonElement>();

  constructor(private actions: PanelActions) {
    this.random = button("btn-random-setup", () => actions.send({ type: "random_setup" }));
    this.clear = button("btn-clear-setup", () => actions.send({ type: "clear_setup" }));
    this.ready = button("btn-ready", () => actions.send({ type: "ready" }));
    this.presets.addEventListener("change", () => {
      if (this.presets.value) actions.send({ type: "preset", name: this.presets.value });
      this.presets.value = "";
    });
    this.buttons.append(this.random, this.presets, this.clear, this.ready);
    this.element.append(this.tray, this.buttons);
  }

  update(view: View, rules: Rules, lang: string, picked: string | null): void {
    const setup = view.setup;
    this.element.hidden = !setup;
    if (!setup) return;
    for (const kind of rules.kinds) {
      let node = this.trayButtons.get(kind);
      if (!node) {
        node = button(`tray-${kind}`, () => this.actions.pickTray(kind));
        node.classList.add("sw-tray-piece", `sw-${setup.player}`);
        this.trayButtons.set(kind, node);
        this.tray.append(node);
      }
      const count = setup.tray[kind] ?? 0;
      setText(node, `${rules.labels[kind]} ${pieceName(kind, lang)} ×${count}`);
      node.disabled = count === 0;
      node.setAttribute("aria-pressed", String(picked === kind));
    }
    setText(this.random, word("random", lang));
    setText(this.clear, word("clear", lang));
    setText(this.ready, word("ready", lang));
    this.ready.disabled = !setup.complete;
    if (this.presets.options.length !== setup.presets.length + 1) {
      this.presets.replaceChildren(el("option", { text: `${word("presets", lang)}…` }));
      (this.presets.firstElementChild as HTMLOptionElement).value = "";
      for (const name of setup.presets) {
        const option = el("option", { text: name });
        option.value = name;
        this.presets.append(option);
      }
    }
  }
}

/** Captured pieces, the move list, the replay scrubber and the game buttons. */
export class GamePanel {
  readonly element = el("div", { className: "sw-side" });
  private captured = el("div", { className: "sw-captured", testid: "captured" });
  private moves = el("ol", { className: "sw-moves", testid: "move-list" });
  private slider = el("input", { testid: "replay-slider" });
  private undo: HTMLButtonElement;
  private resign: HTMLButtonElement;
  private newGame: HTMLButtonElement;

  constructor(actions: PanelActions) {
    this.slider.type = "range";
    this.slider.min = "0";
    this.slider.addEventListener("input", () =>
      actions.send({ type: "replay", index: Number(this.slider.value) }));
    this.undo = button("btn-undo", () => actions.send({ type: "undo" }));
    this.resign = button("btn-resign", () => actions.send({ type: "resign" }));
    this.newGame = button("btn-new-game", () => actions.send({ type: "new_game" }));
    const buttons = el("div", { className: "sw-buttons" });
    buttons.append(this.undo, this.resign, this.newGame);
    this.element.append(this.captured, this.slider, this.moves, buttons);
  }

  update(view: View, rules: Rules, lang: string): void {
    this.element.hidden = view.phase === "setup";
    const parts = (["red", "blue"] as const).map((side) => {
      const names = view.captured[side].map((kind) => (kind ? rules.labels[kind] : "?"));
      return `${word(side, lang)}: ${names.join(" ") || "–"}`;
    });
    setText(this.captured, `${word("captured", lang)} — ${parts.join(" · ")}`);
    // Append only the new moves: the list is never rebuilt.
    while (this.moves.children.length > view.moves.length) this.moves.lastElementChild?.remove();
    for (let i = this.moves.children.length; i < view.moves.length; i++) {
      this.moves.append(el("li", { text: view.moves[i] }));
    }
    const replay = view.replay ?? { index: 0, length: 0 };
    this.slider.max = String(replay.length);
    this.slider.value = String(replay.index);
    this.slider.disabled = replay.length === 0;
    this.slider.setAttribute("aria-label", word("replay", lang));
    Array.from(this.moves.children).forEach((item, i) =>
      item.classList.toggle("sw-future", i >= replay.index));
    setText(this.undo, word("undo", lang));
    setText(this.resign, word("resign", lang));
    setText(this.newGame, word("newGame", lang));
    this.undo.hidden = !(view.bot || view.mode === "hotseat");
    this.resign.disabled = view.phase !== "play";
  }
}

/** The cover shown between turns in hot-seat play: it hides the whole board. */
export class HandoverCover {
  readonly element = el("div", { className: "sw-cover", testid: "handover-cover" });
  private text = el("p");
  private go: HTMLButtonElement;

  constructor(actions: PanelActions) {
    this.go = button("btn-handover", () => actions.send({ type: "handover" }));
    this.element.append(this.text, this.go);
  }

  update(view: View, lang: string): void {
    const waiting = view.phase === "handover";
    this.element.hidden = !waiting;
    if (!waiting) return;
    const next = view.setup ? (view.setup.player === "red" ? "blue" : "red") : view.to_move;
    setText(this.text, word("handover", lang, next));
    setText(this.go, word("handoverButton", lang, next));
  }
}

/** A small dialog of choices (a guessed rank, a piece to rescue, a square). */
export class ChoiceDialog {
  readonly element = el("div", { className: "sw-dialog" });
  private heading = el("p");
  private options = el("div", { className: "sw-buttons" });

  constructor(testid: string, private actions: PanelActions) {
    this.element.dataset.testid = testid;
    this.element.setAttribute("role", "dialog");
    this.element.hidden = true;
    this.element.append(this.heading, this.options);
  }

  open(heading: string, choices: [string, string][], cancel: string | null): void {
    setText(this.heading, heading);
    this.options.replaceChildren();
    for (const [value, label] of choices) {
      const node = button(`choice-${value}`, () => this.actions.choose(value));
      node.textContent = label;
      this.options.append(node);
    }
    if (cancel !== null) {
      const node = button("choice-cancel", () => this.actions.choose(null));
      node.textContent = cancel;
      this.options.append(node);
    }
    this.element.hidden = false;
    (this.options.firstElementChild as HTMLElement | null)?.focus();
  }

  close(): void {
    this.element.hidden = true;
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }
}

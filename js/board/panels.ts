// Everything around the board but the setup: the title with the ruleset and its options, the
// language and numbering switches, whose move it is, the result banner, Python's message with
// its rule, the captured pieces, the move list with its replay scrubber, and the game buttons.
// Each panel is built once and updated in place.

import { button, el, setAttr, setDisabled, setHidden, setText, setValue, toggle } from "../shared/dom";
import { LANGUAGES, pieceName, ruleStatement, sideName, word, type Word } from "../shared/i18n";
import { pieceToken } from "./piece";
import type { Message, Rules, Side, View } from "../shared/types";

export interface PanelActions {
  send(message: Message): void;
  setLang(lang: string): void;
  setNumbering(numbering: string): void;
  /** Show piece names on the board's pieces (a choice of this browser only). */
  setNames(on: boolean): void;
}

/** Title, ruleset, read-only badge, language select and numbering switch. */
export class Header {
  readonly element = el("div", { className: "sw-header" });
  private title = el("div", { className: "sw-title", testid: "ruleset-title" });
  private spec = el("div", { className: "sw-spec", testid: "ruleset-spec" });
  private badge = el("span", { className: "sw-badge", testid: "readonly-badge" });
  private lang = el("select", { testid: "lang-select" });
  private numberingBox = el("input", { testid: "numbering-toggle" });
  private numberingText = el("span");
  private namesBox = el("input", { testid: "names-toggle" });
  private namesText = el("span");

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
    const numbering = el("label", { className: "sw-toggle" });
    numbering.append(this.numberingBox, this.numberingText);
    this.namesBox.type = "checkbox";
    this.namesBox.checked = true;
    this.namesBox.addEventListener("change", () => actions.setNames(this.namesBox.checked));
    const names = el("label", { className: "sw-toggle" });
    names.append(this.namesBox, this.namesText);
    const titles = el("div", { className: "sw-titles" });
    titles.append(this.title, this.spec);
    this.element.append(titles, this.badge, this.lang, numbering, names);
  }

  update(rules: Rules, lang: string, numbering: string, interactive: boolean): void {
    setText(this.title, rules.title);
    // The ruleset id names every option played ("original+rescue"), and the edition it follows
    // (never the rulebook's file name).
    // A variant of one's own leads with its name; hovering shows what it changes.
    const spec = rules.variant ? `${rules.variant} · ${rules.spec}` : rules.spec;
    setText(this.spec, rules.edition_title ? `${spec} · ${word("edition", lang)}: ${rules.edition_title}`
      : spec);
    setAttr(this.spec, "title", rules.variant_summary ?? "");
    setValue(this.lang, lang);
    setAttr(this.lang, "aria-label", word("language", lang));
    this.numberingBox.checked = numbering === "marshal-high";
    setText(this.numberingText, word("numbering", lang));
    setText(this.namesText, word("names", lang));
    setHidden(this.badge, interactive);
    setText(this.badge, word("readOnly", lang));
    setDisabled(this.lang, !interactive);
    setDisabled(this.numberingBox, !interactive);
  }
}

/** Whose move it is, the result banner, and Python's message with the rule it names. */
export class Status {
  readonly element = el("div", { className: "sw-status" });
  private turn = el("div", { className: "sw-turn", testid: "turn" });
  private result = el("div", { className: "sw-result", testid: "result" });
  private messageBox = el("div", { className: "sw-message-box" });
  private message = el("span", { className: "sw-message", testid: "message" });
  /** The rule the message names: "Which rule?" opens its statement in the chosen language. */
  private rule = el("details", { className: "sw-rule", testid: "message-rule" });
  private ruleSummary = el("summary");
  private ruleText = el("span");

  constructor() {
    this.result.setAttribute("role", "status");
    this.rule.append(this.ruleSummary, this.ruleText);
    this.messageBox.append(this.message, this.rule);
    this.element.append(this.turn, this.result, this.messageBox);
  }

  /** `busy`: what the board is waiting for (a strike being resolved), shown instead of whose
   * move it is. */
  update(view: View, lang: string, busy: string | null = null): void {
    setText(this.turn, busy ?? turnText(view, lang));
    setHidden(this.result, !view.result);
    setText(this.result, view.result?.sentence ?? "");
    if (view.result) setAttr(this.result, "data-winner", view.result.winner);
    const message = view.message;
    setHidden(this.messageBox, !message);
    setText(this.message, message?.text ?? "");
    setAttr(this.message, "data-rule", message?.rule ?? "");
    const rule = message?.rule ?? "";
    setHidden(this.rule, !rule);
    setAttr(this.rule, "data-rule", rule);
    setText(this.ruleSummary, word("ruleExplain", lang));
    setText(this.ruleText, rule ? (ruleStatement(rule, lang) ?? `${word("rule", lang)}: ${rule}`) : "");
    toggle(this.messageBox, "sw-error", message?.level === "error");
  }
}

/** The status line: whose move it is in the position shown. The teacher's view ("both") names
 * the side to move (it is nobody's "your move"); a replayed position names the side to move
 * then (Red moves first), not the side to move in the game. */
export function turnText(view: View, lang: string): string {
  const replay = view.replay;
  // Python says what the user can do now, in the chosen language (older views do not).
  if (view.next?.text) return view.next.text;
  if (view.phase === "setup") {
    const player = view.setup?.player;
    return player && (view.mode === "hotseat" || view.mode === "both")
      ? word("setupSide", lang, { side: sideName(player, lang) }) : word("setup", lang);
  }
  if (view.phase === "handover") return word("handoverTurn", lang);
  if (replay && replay.index < replay.length) {
    const side = replay.to_move ?? (replay.index % 2 === 0 ? "red" : "blue");
    return word("replayTurn", lang, { n: String(replay.index), length: String(replay.length),
      side: sideName(side, lang) });
  }
  if (view.phase === "over") return word("over", lang);
  if (view.pending) return word("rescue", lang);
  const side = sideName(view.to_move, lang);
  if (view.viewer === view.to_move && view.can_act) {
    return view.mode === "hotseat" ? word("yourTurnSide", lang, { side }) : word("yourTurn", lang);
  }
  return word("toMove", lang, { side });
}

const STEPS: [string, Word, string, (index: number, length: number) => number][] = [
  ["replay-first", "replayFirst", "«", () => 0],
  ["replay-prev", "replayPrev", "‹", (index) => index - 1],
  ["replay-next", "replayNext", "›", (index) => index + 1],
  ["replay-live", "replayLive", "»", (_index, length) => length],
];

/** Captured pieces, the move list, the replay scrubber and the game buttons. */
export class GamePanel {
  readonly element = el("div", { className: "sw-side" });
  private captured: Record<Side, HTMLElement> = {
    red: el("div", { className: "sw-captured-tray", testid: "captured-red" }),
    blue: el("div", { className: "sw-captured-tray", testid: "captured-blue" }),
  };
  private capturedHeading = el("div", { className: "sw-heading" });
  private capturedLabels: Record<Side, HTMLElement> = {
    red: el("div", { className: "sw-captured-label", testid: "captured-red-label" }),
    blue: el("div", { className: "sw-captured-label", testid: "captured-blue-label" }),
  };
  /** What each side's tray was last drawn with: a tray whose key is the same is not touched. */
  private capturedKeys = { red: "", blue: "" };
  private moves = el("ol", { className: "sw-moves", testid: "move-list" });
  private movesHeading = el("div", { className: "sw-heading" });
  private slider = el("input", { testid: "replay-slider" });
  private past = el("div", { className: "sw-past", testid: "replay-past" });
  private steps: HTMLButtonElement[];
  private undo: HTMLButtonElement;
  private resign: HTMLButtonElement;
  private newGame: HTMLButtonElement;
  private replay = { index: 0, length: 0 };
  private confirm = el("div", { className: "sw-confirm", testid: "confirm" });
  private confirmText = el("p", { className: "sw-confirm-text" });
  private yes: HTMLButtonElement;
  private no: HTMLButtonElement;
  /** The action waiting for a yes, if any. */
  private asking: "resign" | "new_game" | null = null;
  /** Whether a game is being played (a new game then asks first). */
  private live = false;
  private lang = "en";
  /** The moves as the list shows them, and the replay index its marks were drawn for. */
  private shownMoves: string[] = [];
  private markedIndex = -1;

  constructor(private actions: PanelActions) {
    this.slider.type = "range";
    this.slider.min = "0";
    this.slider.step = "1";
    this.slider.addEventListener("input", () => this.goTo(Number(this.slider.value)));
    this.steps = STEPS.map(([testid, , symbol, target]) => {
      const node = button(testid, () => this.goTo(target(this.replay.index, this.replay.length)));
      node.textContent = symbol;
      return node;
    });
    // A move in the list is a shortcut to the position after it.
    this.moves.addEventListener("click", (event) => {
      const item = (event.target as Element).closest("li");
      if (item) this.goTo(Array.prototype.indexOf.call(this.moves.children, item) + 1);
    });
    this.undo = button("btn-undo", () => actions.send({ type: "undo" }));
    // Resigning or starting over ends the game: both ask first, inside the widget.
    this.resign = button("btn-resign", () => this.ask("resign"));
    this.newGame = button("btn-new-game", () => {
      if (this.live) this.ask("new_game");
      else actions.send({ type: "new_game" });
    });
    this.yes = button("btn-confirm", () => {
      const asking = this.asking;
      this.closeConfirm();
      if (asking) actions.send({ type: asking });
    });
    this.no = button("btn-confirm-cancel", () => this.closeConfirm(true));
    // A captured tray is one picture of its pieces (the tokens are hidden from screen readers),
    // named by the pieces it holds.
    for (const tray of Object.values(this.captured)) tray.setAttribute("role", "img");
    this.confirm.setAttribute("role", "alertdialog");
    this.confirm.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        this.closeConfirm(true);
      }
    });
    const answers = el("div", { className: "sw-buttons" });
    answers.append(this.yes, this.no);
    this.confirm.append(this.confirmText, answers);
    this.confirm.hidden = true;
    const scrubber = el("div", { className: "sw-scrubber" });
    scrubber.append(this.steps[0], this.steps[1], this.slider, this.steps[2], this.steps[3]);
    const buttons = el("div", { className: "sw-buttons" });
    buttons.append(this.undo, this.resign, this.newGame);
    const captured = el("div", { className: "sw-captured", testid: "captured" });
    captured.append(this.capturedHeading, this.capturedLabels.red, this.captured.red,
      this.capturedLabels.blue, this.captured.blue);
    this.element.append(captured, this.movesHeading, this.moves, scrubber, this.past, buttons,
      this.confirm);
  }

  /** Ask before an action that ends the game ("resign", "new_game"). */
  private ask(action: "resign" | "new_game"): void {
    this.asking = action;
    this.drawConfirm();
    this.confirm.hidden = false;
    this.no.focus(); // the safe answer has the focus: Enter does not end the game
  }

  private closeConfirm(refocus = false): void {
    const asked = this.asking;
    this.asking = null;
    this.confirm.hidden = true;
    if (refocus) (asked === "resign" ? this.resign : this.newGame).focus();
  }

  private drawConfirm(): void {
    const lang = this.lang;
    const resign = this.asking === "resign";
    setText(this.confirmText, word(resign ? "confirmResign" : "confirmNewGame", lang));
    setText(this.yes, word(resign ? "yesResign" : "yesNewGame", lang));
    setText(this.no, word("cancel", lang));
  }

  private goTo(index: number): void {
    const target = Math.max(0, Math.min(this.replay.length, index));
    if (target !== this.replay.index) this.actions.send({ type: "replay", index: target });
  }

  update(view: View, rules: Rules, lang: string): void {
    setHidden(this.element, view.phase === "setup");
    this.lang = lang;
    this.live = view.phase === "play" || view.phase === "handover";
    if (this.asking === "resign" && view.phase !== "play") this.closeConfirm();
    if (this.asking) this.drawConfirm();
    setText(this.capturedHeading, word("captured", lang));
    setText(this.movesHeading, word("moves", lang));
    this.updateCaptured(view, rules, lang);
    const fresh = this.updateMoves(view.moves);
    this.replay = view.replay ?? { index: view.moves.length, length: view.moves.length };
    const { index, length } = this.replay;
    this.markMoves(index, fresh);
    setAttr(this.slider, "max", String(length));
    setValue(this.slider, String(index));
    setDisabled(this.slider, length === 0);
    setAttr(this.slider, "aria-label", word("replay", lang));
    setAttr(this.slider, "aria-valuetext", `${index} / ${length}`);
    this.steps.forEach((node, i) => {
      setAttr(node, "aria-label", word(STEPS[i][1], lang));
      setAttr(node, "title", word(STEPS[i][1], lang));
      setDisabled(node, i < 2 ? index === 0 : index >= length);
    });
    setHidden(this.past, index >= length);
    setText(this.past, index < length ? word("past", lang, { n: String(index) }) : "");
    setText(this.undo, word("undo", lang));
    setText(this.resign, word("resign", lang));
    setText(this.newGame, word("newGame", lang));
    setHidden(this.undo, !(view.bot || view.mode === "hotseat" || view.mode === "both"));
    setDisabled(this.undo, view.moves.length === 0);
    setDisabled(this.resign, view.phase !== "play");
  }

  /** Captured pieces per side, strongest first, unknown ones (face down) last. Only a tray
   * whose pieces changed is drawn again: a strike redraws one tray, or none. */
  private updateCaptured(view: View, rules: Rules, lang: string): void {
    const order = (kind: string | null) => (kind === null ? rules.kinds.length : rules.kinds.indexOf(kind));
    for (const side of ["red", "blue"] as const) {
      const key = `${lang}:${rules.spec}:${rules.numbering}:${JSON.stringify(view.captured[side])}`;
      if (key === this.capturedKeys[side]) continue;
      this.capturedKeys[side] = key;
      setText(this.capturedLabels[side], `${word("capturedSide", lang, { side: sideName(side, lang) })}` +
        ` (${view.captured[side].length})`);
      const kinds = [...view.captured[side]].sort((a, b) => order(a) - order(b));
      setAttr(this.captured[side], "aria-label", capturedLabel(side, kinds, lang));
      this.captured[side].replaceChildren(...kinds.map((kind) => pieceToken({ owner: side, kind }, rules, lang)));
    }
  }

  /** Cut the list back to the moves it shares with `moves`, then append the rest: a move adds
   * one item, an undo removes one; the list is never rebuilt. Returns the first new item. */
  private updateMoves(moves: string[]): number {
    const list = this.moves;
    const shown = this.shownMoves;
    const limit = Math.min(shown.length, moves.length);
    let same = 0;
    while (same < limit && shown[same] === moves[same]) same++;
    while (list.children.length > same) list.lastElementChild?.remove();
    for (let i = same; i < moves.length; i++) list.append(el("li", { text: moves[i] }));
    this.shownMoves = moves.slice();
    return same;
  }

  /** Mark the moves after the replayed position as future and the last one shown as current,
   * touching only the items whose mark may change (the new ones and those between the old and
   * the new replay index). */
  private markMoves(index: number, fresh: number): void {
    const items = this.moves.children;
    const mark = (i: number) => {
      const item = items[i] as HTMLElement | undefined;
      if (!item) return;
      toggle(item, "sw-future", i >= index);
      toggle(item, "sw-current", i === index - 1);
    };
    const old = this.markedIndex < 0 ? 0 : this.markedIndex;
    for (let i = Math.max(0, Math.min(old, index) - 1); i <= Math.max(old, index); i++) mark(i);
    for (let i = fresh; i < items.length; i++) mark(i);
    this.markedIndex = index;
  }
}

/** A captured tray's accessible name: "Captured: Red: Marshal, Scout, Red piece, unknown". */
export function capturedLabel(side: Side, kinds: (string | null)[], lang: string): string {
  const name = `${word("captured", lang)}: ${sideName(side, lang)}`;
  const pieces = kinds.map((kind) => (kind === null
    ? word("unknownPiece", lang, { side: sideName(side, lang) }) : pieceName(kind, lang)));
  return pieces.length ? `${name}: ${pieces.join(", ")}` : name;
}

const LEGEND: [string, Word][] = [
  ["sw-square sw-target-move", "targetMove"],
  ["sw-square sw-target-strike", "targetStrike"],
  ["sw-square sw-target-spot", "targetSpot"],
  ["sw-square sw-target-rescue", "targetRescue"],
  ["sw-square sw-selected", "selected"],
  ["sw-square sw-last", "legendLast"],
  ["sw-piece sw-red sw-moved", "moved"],
  ["sw-piece sw-red sw-known", "known"],
];

/** A small legend of the marks on the board (a disclosure, closed at first). The spot and
 * rescue marks are listed only in rulesets that have them. */
export class Legend {
  readonly element = el("details", { className: "sw-legend", testid: "legend" });
  private summary = el("summary");
  private items: HTMLElement[];
  private texts: HTMLElement[] = [];

  constructor() {
    this.items = LEGEND.map(([cls]) => {
      const item = el("li");
      const sample = el("span", { className: `sw-sample ${cls}` });
      if (cls.startsWith("sw-square sw-selected")) sample.append(el("span", { className: "sw-piece sw-red" }));
      const text = el("span");
      this.texts.push(text);
      item.append(sample, text);
      return item;
    });
    const list = el("ul");
    list.append(...this.items);
    this.element.append(this.summary, list);
  }

  update(rules: Rules, lang: string): void {
    setText(this.summary, word("legend", lang));
    LEGEND.forEach(([cls, key], i) => {
      setText(this.texts[i], word(key, lang));
      const spot = cls.includes("target-spot");
      const rescue = cls.includes("target-rescue");
      setHidden(this.items[i], (spot && !rules.kinds.includes("spotter"))
        || (rescue && !rules.spec.includes("rescue")));
    });
  }
}

// The lesson panel around the board: the lesson's title, "step N of M" with the stars earned per
// step, the instruction, the answers of a question step, the tray of a setup step, Hint / Retry
// / Next, and the last feedback (in the panel and next to the square it is about). Python
// decides everything (see stratego_widget/lessons/board/widget.py); this module draws the synced
// `lesson` trait and sends the panel's proposals.

import { button, el, setAttr, setDisabled, setHidden, setText, toggle } from "../shared/dom";
import { asLang, languageName, pieceName, ruleStatement, word } from "../shared/i18n";
import { Liveness } from "../shared/liveness";
import { placeBubble } from "../board/bubble";
import { drawArmyReview, markArmyReview } from "./army_review";
import { drawHints, markHints } from "./hints";
import { markSquares } from "./square_marks";
import { makePiece, paintPiece } from "../board/piece";
import { trayLabel } from "../board/setup";
import { checkMessage } from "../shared/protocol";
import type {
  LessonFeedback, LessonMessage, LessonPanel as LessonPanelData, LessonState, Message, Rules, Side,
} from "../shared/types";

/** The lesson panel, the last feedback and the synced `lesson` trait, as Python describes them
 * (stratego_widget/lessons/board/panel_types.py, generated into js/generated/types.ts). */
export type { LessonFeedback, LessonPanelData, LessonState };

/** What the panel reads from the model. */
export interface LessonModel {
  get(key: "lesson"): LessonState | undefined;
  get(key: "rules"): Rules | undefined;
  get(key: "lang"): string;
  get(key: "interactive"): boolean;
  send(message: Message): void;
}

/** How long a feedback stays next to its square. */
export const LESSON_BUBBLE_MS = 8000;

/** "★★☆": the stars of one step. */
export function starText(stars: number): string {
  const n = Math.max(0, Math.min(3, stars));
  return "★".repeat(n) + "☆".repeat(3 - n);
}

export class LessonPanel {
  /** The panel (beside the board, or above it when the notebook is narrow): `data-lesson-step`
   * and `data-lesson-state` are set here. */
  readonly element = el("div", { className: "sw-lesson", testid: "lesson-panel" });
  /** The last feedback, a box of its own under the panel: it is placed where its appearing
   * moves nothing on the board (beside the board, or under it). */
  readonly feedback = el("div", { className: "sw-lesson-feedback", testid: "lesson-feedback" });
  /** Where the board goes: the panel draws feedback next to its squares. */
  readonly boardHost = el("div", { className: "sw-lesson-board" });
  /** The element the board itself renders into. */
  readonly boardElement = el("div");
  private title = el("div", { className: "sw-lesson-title", testid: "lesson-title" });
  private progress = el("div", { className: "sw-lesson-progress", testid: "lesson-progress" });
  private steps = el("ol", { className: "sw-lesson-steps", testid: "lesson-steps" });
  private stepButtons: HTMLButtonElement[] = [];
  private instruction = el("p", { className: "sw-lesson-instruction", testid: "lesson-instruction" });

  private choices = el("div", { className: "sw-lesson-choices", testid: "lesson-choices" });
  private choiceKey = "";
  private tray = el("div", { className: "sw-lesson-tray", testid: "lesson-tray" });
  private trayHeading = el("div", { className: "sw-heading" });
  private trayPieces = el("div", { className: "sw-buttons" });
  private trayKey = "";
  private feedbackText = el("p", { className: "sw-lesson-feedback-text" });
  /** A whole army's review: its points, listed (./army_review). */
  private armyReview = el("ul", { className: "sw-lesson-review", testid: "lesson-army-review" });
  /** "✓ Solved" or "✗ Step lost": how the step ended, in words and a sign, not colour alone. */
  private feedbackMark = el("strong", { className: "sw-lesson-mark", testid: "lesson-mark" });
  private rule = el("details", { className: "sw-rule", testid: "lesson-rule" });
  private ruleSummary = el("summary");
  private ruleText = el("span");
  private quote = el("blockquote", { className: "sw-lesson-quote", testid: "lesson-quote" });
  private quoteWhere = el("span");
  private quoteWords = el("span", { testid: "lesson-quote-words" });
  /** The hints asked for at this step, numbered, the newest last (./hints). */
  private hints = el("ol", { className: "sw-lesson-hints", testid: "lesson-hints" });
  /** What the next hint costs, beside the Hint button. */
  private hintCost = el("span", { className: "sw-lesson-hint-next", testid: "lesson-hint-cost" });
  private hintButton: HTMLButtonElement;
  private retryButton: HTMLButtonElement;
  private nextButton: HTMLButtonElement;
  private buttons = el("div", { className: "sw-buttons sw-lesson-buttons" });
  private bubble = el("div", { className: "sw-bubble sw-lesson-bubble", testid: "lesson-bubble" });
  private bubbleTimer: ReturnType<typeof setTimeout> | undefined;
  private bubbleShown = -1;
  /** The tray kind picked for the next square click. */
  private picked: string | null = null;
  private liveness = new Liveness(() => this.render());
  private detach: () => void;

  constructor(private model: LessonModel) {
    this.hintButton = button("lesson-hint", () => this.send({ type: "lesson_hint" }));
    this.retryButton = button("lesson-retry", () => this.send({ type: "lesson_retry" }));
    this.nextButton = button("lesson-next", () => this.send({ type: "lesson_next" }));
    const head = el("div", { className: "sw-lesson-head" });
    head.append(this.title, this.progress);
    this.rule.append(this.ruleSummary, this.ruleText);
    this.feedback.setAttribute("aria-live", "polite");
    this.feedback.setAttribute("role", "status");
    this.quote.append(this.quoteWhere, this.quoteWords);
    this.feedback.append(this.feedbackMark, this.feedbackText, this.armyReview, this.rule, this.quote);
    this.trayPieces.setAttribute("role", "group");
    this.tray.append(this.trayHeading, this.trayPieces);
    this.buttons.append(this.hintButton, this.retryButton, this.nextButton);
    this.element.append(head, this.steps, this.instruction, this.choices, this.tray, this.hints,
      this.buttons, this.hintCost);
    for (const node of [this.element, this.feedback]) {
      node.setAttribute("data-lm-suppress-shortcuts", "true");
      // Keys on the panel are the panel's: the notebook must not turn them into cell commands.
      node.addEventListener("keydown", (event) => event.stopPropagation());
    }
    this.bubble.hidden = true;
    this.bubble.setAttribute("aria-hidden", "true"); // the panel's feedback is the one read out
    this.boardHost.append(this.boardElement, this.bubble);
    this.detach = this.listen();
  }

  private get state(): LessonState | undefined { return this.model.get("lesson"); }
  private get lang(): string { return this.model.get("lang"); }
  private get interactive(): boolean { return this.liveness.allows(this.model.get("interactive")); }

  /** Whether the learner can act: the board is interactive and a kernel answered. */
  canAct(): boolean { return this.interactive; }

  /** Put another control in the panel's row of buttons (the course map's). */
  addControl(control: HTMLElement): void { this.buttons.append(control); }

  /** Whether a kernel answered (false: a saved notebook, nothing can be proposed). */
  setAlive(alive: boolean): void { this.liveness.set(alive); }

  /** Send a proposal of the panel, checked against the protocol first (a message that breaks
   * it is a bug of this module: it is logged, not sent). */
  private send(message: LessonMessage): void {
    if (!this.interactive) return;
    const problem = checkMessage(message, this.model.get("rules"), true);
    if (problem) {
      console.error(`stratego widget: the lesson panel made a message that breaks the protocol (${problem})`, message);
      return;
    }
    this.model.send(message);
  }

  /** Squares of the board: a setup step places the picked tray piece on the square clicked
   * (the board itself moves pieces only in move steps). */
  private listen(): () => void {
    const onClick = (event: Event) => {
      const square = squareOf(event.target);
      this.hideBubble();
      if (square) this.place(square);
    };
    const onKey = (event: KeyboardEvent) => {
      const square = squareOf(event.target);
      if (square && (event.key === "Enter" || event.key === " ")) this.place(square);
    };
    this.boardHost.addEventListener("click", onClick);
    // The board stops key events at its root, so the panel listens on the way down.
    this.boardHost.addEventListener("keydown", onKey, true);
    return () => {
      this.boardHost.removeEventListener("click", onClick);
      this.boardHost.removeEventListener("keydown", onKey, true);
    };
  }

  private place(square: string): void {
    const panel = this.state?.panel;
    if (!panel || panel.kind !== "setup" || !this.picked || !panel.area.includes(square)) return;
    this.send({ type: "lesson_place", kind: this.picked, square });
  }

  private pick(kind: string): void {
    if (!this.interactive) return;
    this.picked = this.picked === kind ? null : kind;
    this.render();
  }

  // ---------------------------------------------------------------- drawing

  render(): void {
    const state = this.state;
    if (!state?.panel) return;
    const { panel, feedback } = state;
    const lang = this.lang;
    const interactive = this.interactive;
    setAttr(this.element, "data-lesson-step", String(panel.step));
    setAttr(this.element, "data-lesson-state", state.state);
    setAttr(this.element, "data-lesson-kind", panel.kind ?? "");
    setAttr(this.element, "data-lesson", panel.lesson);
    setText(this.title, panel.title);
    const total = panel.steps * 3;
    setText(this.progress, panel.finished
      ? word("lessonFinished", lang, { stars: String(state.total), total: String(total) })
      : word("lessonStep", lang, { n: String(panel.step + 1), total: String(panel.steps) }));
    this.drawSteps(panel, lang, interactive);
    setText(this.instruction, panel.instruction);
    setHidden(this.instruction, !panel.instruction);
    // What three stars ask for: the progress's tooltip and description (a solved step with
    // fewer stars says it in its feedback), so the panel does not grow.
    setAttr(this.progress, "title", panel.three_stars ?? "");
    setAttr(this.progress, "aria-description", panel.three_stars ?? "");
    this.drawChoices(panel, interactive);
    this.drawTray(panel, lang, interactive);
    setText(this.hintButton, word("lessonHint", lang));
    setText(this.retryButton, word(panel.finished ? "lessonAgain" : "lessonRetry", lang));
    // A finished lesson's Next opens the next lesson of the course, when there is one.
    const following = panel.finished ? state.next_lesson ?? null : null;
    setText(this.nextButton, following ? word("lessonNextLesson", lang, { title: following })
      : word("lessonNext", lang));
    setDisabled(this.hintButton, !interactive || panel.finished);
    const cost = state.hint_cost ?? "";
    setText(this.hintCost, cost);
    setHidden(this.hintCost, !cost || !interactive);
    setAttr(this.hintButton, "aria-description", cost);
    setDisabled(this.retryButton, !interactive);
    setDisabled(this.nextButton, !interactive || (panel.finished && !following));
    this.drawFeedback(feedback, lang);
    this.markArea(panel);
    drawArmyReview(this.armyReview, feedback);
    markArmyReview(this.boardHost, feedback);
    drawHints(this.hints, state);
    markHints(this.boardHost, state);
    this.showBubble(feedback, lang);
  }

  private drawSteps(panel: LessonPanelData, lang: string, interactive: boolean): void {
    setAttr(this.steps, "aria-label", word("lessonSteps", lang));
    if (this.stepButtons.length !== panel.steps) {
      this.stepButtons = Array.from({ length: panel.steps }, (_, i) => {
        const node = button(`lesson-step-${i}`, () => this.send({ type: "lesson_goto", step: i }));
        node.classList.add("sw-lesson-step");
        return node;
      });
      this.steps.replaceChildren(...this.stepButtons.map((node) => {
        const item = el("li");
        item.append(node);
        return item;
      }));
    }
    this.stepButtons.forEach((node, i) => {
      const stars = panel.stars[i] ?? 0;
      setText(node, `${i + 1} ${starText(stars)}`);
      setAttr(node, "aria-label", word("lessonGoto", lang, { n: String(i + 1), stars: String(stars) }));
      setAttr(node, "data-stars", String(stars));
      const current = i === panel.step && !panel.finished;
      if (current) setAttr(node, "aria-current", "step");
      else node.removeAttribute("aria-current");
      toggle(node, "sw-current", current);
      toggle(node, "sw-done", stars > 0);
      setDisabled(node, !interactive);
    });
  }

  private drawChoices(panel: LessonPanelData, interactive: boolean): void {
    const show = panel.kind === "question" && panel.choices.length > 0;
    setHidden(this.choices, !show);
    const key = show ? `${panel.lesson}:${panel.step}:${panel.choices.map((c) => `${c.id}=${c.text}`).join("|")}` : "";
    if (key !== this.choiceKey) {
      this.choiceKey = key;
      this.choices.replaceChildren(...(show ? panel.choices : []).map((choice) => {
        const node = button(`lesson-choice-${choice.id}`, () =>
          this.send({ type: "lesson_answer", choice: choice.id }));
        node.classList.add("sw-lesson-choice");
        node.textContent = choice.text;
        return node;
      }));
    }
    for (const node of Array.from(this.choices.children) as HTMLButtonElement[]) setDisabled(node, !interactive);
  }

  private drawTray(panel: LessonPanelData, lang: string, interactive: boolean): void {
    const rules = this.model.get("rules");
    const show = panel.kind === "setup" && !!rules;
    setHidden(this.tray, !show);
    setText(this.trayHeading, word("lessonTray", lang));
    setAttr(this.trayPieces, "aria-label", word("lessonTray", lang));
    const counts = new Map<string, number>();
    for (const kind of panel.tray) counts.set(kind, (counts.get(kind) ?? 0) + 1);
    if (this.picked && !counts.has(this.picked)) this.picked = null;
    if (show && !this.picked && counts.size === 1) this.picked = [...counts.keys()][0];
    const key = show ? `${lang}|${rules.labels ? Object.values(rules.labels).join() : ""}|${[...counts].join()}|${this.picked}|${interactive}` : "";
    if (key === this.trayKey) return;
    this.trayKey = key;
    if (!show) {
      this.trayPieces.replaceChildren();
      return;
    }
    const owner: Side = panel.learner ?? "red";
    this.trayPieces.replaceChildren(...[...counts].map(([kind, count]) => {
      const node = button(`lesson-tray-${kind}`, () => this.pick(kind));
      node.classList.add("sw-tray-piece");
      const token = makePiece();
      paintPiece(token, { owner, kind }, rules, lang);
      // The spaces (not drawn in the flex button) keep the visible words apart, as the
      // accessible name has them.
      node.append(token, " ", el("span", { text: pieceName(kind, lang) }), " ", el("span", { text: `×${count}` }));
      node.setAttribute("aria-pressed", String(this.picked === kind));
      node.setAttribute("aria-label", trayLabel(kind, count, rules, lang));
      setDisabled(node, !interactive);
      return node;
    }));
  }

  private drawFeedback(feedback: LessonFeedback | null, lang: string): void {
    setHidden(this.feedback, !feedback);
    setText(this.feedbackText, feedback?.text ?? "");
    setAttr(this.feedback, "data-rule", feedback?.rule ?? "");
    setAttr(this.feedback, "data-kind", feedback?.kind ?? "");
    setAttr(this.feedback, "data-accepted", String(feedback?.accepted ?? true));
    toggle(this.feedback, "sw-error", !!feedback && !feedback.accepted);
    toggle(this.feedback, "sw-solved", !!feedback?.solved);
    toggle(this.feedback, "sw-failed", !!feedback?.failed);
    const mark = feedbackMark(feedback, lang);
    setText(this.feedbackMark, mark);
    setHidden(this.feedbackMark, !mark);
    // A refused move names its rule: "Which rule?" opens the rule's statement.
    const rule = feedback && !feedback.accepted ? feedback.rule ?? "" : "";
    const statement = rule ? ruleStatement(rule, lang) : null;
    setHidden(this.rule, !statement);
    setText(this.ruleSummary, word("ruleExplain", lang));
    setText(this.ruleText, statement ?? "");
    // A solved step: the rulebook's own words.
    const quote = feedback?.solved && feedback.quote ? feedback.quote : "";
    setHidden(this.quote, !quote);
    // The rulebook's words in the learner's language where the rulebook is printed in it;
    // else its English words, said to be English (and marked so for screen readers).
    const quoteLang = asLang(feedback?.quote_language ?? lang);
    const cite = feedback?.cite ?? "";
    const where = quoteLang === lang ? word("lessonRulebook", lang, { cite })
      : word("lessonRulebookIn", lang, { cite, language: languageName(quoteLang, lang) });
    setText(this.quoteWhere, quote ? `${where}: ` : "");
    setText(this.quoteWords, quote ? `“${quote}”` : "");
    setAttr(this.quoteWords, "lang", quoteLang);
  }

  /** A setup step's squares are marked on the board. */
  private markArea(panel: LessonPanelData): void {
    const area = new Map((panel.kind === "setup" ? panel.area : []).map((square) => [square, "area" as const]));
    markSquares(this.boardHost, "sw-lesson-", ["area"], area);
  }

  /** Each feedback about a square is shown once next to it, until the next click; one still
   * shown is said again when its words change (a language switch). It stays inside the
   * board's squares and never covers the square it is about (as the board's error bubble). */
  private showBubble(feedback: LessonFeedback | null, lang: string): void {
    if (!feedback) return;
    const mark = feedbackMark(feedback, lang);
    const text = mark ? `${mark} — ${feedback.text}` : feedback.text;
    if (feedback.id === this.bubbleShown) {
      if (!this.bubble.hidden && this.bubble.textContent !== text) this.drawBubble(feedback, text);
      return;
    }
    this.bubbleShown = feedback.id;
    if (feedback.kind === "hint" || !this.drawBubble(feedback, text)) return this.hideBubble();
    clearTimeout(this.bubbleTimer);
    this.bubbleTimer = setTimeout(() => this.hideBubble(), LESSON_BUBBLE_MS);
  }

  /** Draw `feedback` as `text` by its square; false when the board has no such square. */
  private drawBubble(feedback: LessonFeedback, text: string): boolean {
    const cell = feedback.square
      ? this.boardHost.querySelector<HTMLElement>(`[data-square="${feedback.square}"]`) : null;
    const area = this.boardHost.querySelector<HTMLElement>(".sw-board");
    if (!cell || !area) return false;
    setText(this.bubble, text);
    this.bubble.dataset.square = feedback.square ?? "";
    this.bubble.dataset.rule = feedback.rule ?? "";
    toggle(this.bubble, "sw-solved", feedback.solved);
    toggle(this.bubble, "sw-failed", feedback.failed);
    toggle(this.bubble, "sw-accepted", feedback.accepted && !feedback.failed);
    this.bubble.hidden = false;
    placeBubble(this.bubble, cell, area);
    return true;
  }

  private hideBubble(): void {
    clearTimeout(this.bubbleTimer);
    setHidden(this.bubble, true);
  }

  dispose(): void {
    this.detach();
    this.hideBubble();
  }
}

/** How a step ended, as a sign and a word: "✓ Solved", "✗ Step lost" ("" otherwise). */
export function feedbackMark(feedback: LessonFeedback | null, lang: string): string {
  if (feedback?.failed) return `✗ ${word("lessonLost", lang)}`;
  if (feedback?.solved) return `✓ ${word("lessonSolved", lang)}`;
  return "";
}

function squareOf(target: EventTarget | null): string | null {
  const cell = (target as Element | null)?.closest?.("[data-square]") as HTMLElement | null;
  return cell?.dataset.square ?? null;
}

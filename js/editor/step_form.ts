// The lesson editor's step form beyond the texts: the step's kind, the goal picker (each check
// of the model picked from a menu, its value in plain words), a question's answers with the
// right one and a feedback per answer, a setup step's tray and area, and a move step's
// opponent. Python decides every change; this form draws the synced `editor` state and sends
// the teacher's input as `editor_messages`. Its one state of its own: whether clicks on the
// board mark the setup area.

import { button, el, setAttr, setHidden, setValue } from "../shared/dom";
import type { EditorMessage } from "../shared/types";
import { say, type EditorState } from "./state";
import type { Wording } from "./wording";

type Send = (message: EditorMessage) => void;

/** The words a goal check's value may be, offered as a list (empty: typed squares or a number). */
export function goalOptions(state: EditorState, check: string): string[] {
  return (state.goal_options ?? {})[check] ?? [];
}

export class StepForm {
  readonly element = el("fieldset", { className: "sw-editor-stepform", testid: "editor-step-form" });
  /** Whether a click on the board adds the square to the setup area (or takes it out). */
  areaMode = false;
  private kindSelect = el("select");
  private goalList = el("ul", { className: "sw-editor-goal", testid: "editor-goal" });
  private goalCheck = el("select");
  private goalValue = el("input");
  private goalValues = el("datalist");
  private goalBox = el("div", { className: "sw-editor-goal-picker" });
  private questionBox = el("div", { className: "sw-editor-question" });
  private answerList = el("ul", { className: "sw-editor-answers", testid: "editor-answers" });
  private answerId = el("input");
  private answerText = el("input");
  private setupBox = el("div", { className: "sw-editor-setup" });
  private trayInput = el("input");
  private areaButton: HTMLButtonElement;
  private opponentSelect = el("select");
  private moveBox = el("div", { className: "sw-editor-move" });
  private lang = "en";

  constructor(wording: Wording, private changed: () => void, private send: Send) {
    const legend = el("legend");
    wording.words(legend, "editorStepKind");
    this.kindSelect.addEventListener("change", () => this.send({ type: "editor_kind", kind: this.kindSelect.value }));

    // the goal picker
    this.goalValue.type = "text";
    this.goalValues.id = `sw-editor-goal-values-${Math.random().toString(36).slice(2)}`;
    this.goalValue.setAttribute("list", this.goalValues.id);
    const addGoal = button("editor-goal-add", () => {
      this.send({ type: "editor_goal", check: this.goalCheck.value, value: this.goalValue.value });
      this.goalValue.value = "";
    });
    wording.words(addGoal, "editorGoalAdd");
    this.goalCheck.addEventListener("change", () => this.changed());
    const goalRow = el("div", { className: "sw-editor-feedback-row" });
    goalRow.append(wording.labelled("editorGoalCheck", this.goalCheck, "editor-goal-check"),
      wording.labelled("editorGoalValue", this.goalValue, "editor-goal-value"), addGoal, this.goalValues);
    const goalHeading = el("span", { className: "sw-editor-subheading" });
    wording.words(goalHeading, "editorGoalNow");
    this.goalBox.append(goalHeading, this.goalList, goalRow);

    // a question's answers
    this.answerId.type = "text";
    this.answerText.type = "text";
    const addAnswer = button("editor-answer-add", () => {
      this.send({ type: "editor_choice", choice: this.answerId.value.trim(), value: this.answerText.value });
      this.answerId.value = "";
      this.answerText.value = "";
    });
    wording.words(addAnswer, "editorAnswerAdd");
    const answerRow = el("div", { className: "sw-editor-feedback-row" });
    answerRow.append(wording.labelled("editorAnswerId", this.answerId, "editor-answer-id"),
      wording.labelled("editorAnswerText", this.answerText, "editor-answer-text"), addAnswer);
    const answersHeading = el("span", { className: "sw-editor-subheading" });
    wording.words(answersHeading, "editorAnswers");
    this.questionBox.append(answersHeading, this.answerList, answerRow);

    // a setup step's tray and area
    this.trayInput.type = "text";
    this.trayInput.addEventListener("change", () => this.send({ type: "editor_tray", value: this.trayInput.value }));
    this.areaButton = button("editor-area", () => { this.areaMode = !this.areaMode; this.changed(); });
    wording.words(this.areaButton, "editorArea");
    this.setupBox.append(wording.labelled("editorTray", this.trayInput, "editor-tray"), this.areaButton);

    // a move step's opponent
    this.opponentSelect.addEventListener("change", () => this.send({ type: "editor_field", field: "opponent", value: this.opponentSelect.value }));
    this.moveBox.append(wording.labelled("editorOpponent", this.opponentSelect, "editor-opponent"));

    this.element.append(legend, wording.labelled("editorKind", this.kindSelect, "editor-kind"),
      this.questionBox, this.setupBox, this.goalBox, this.moveBox);
  }

  /** Draw the step's kind and what that kind has (in place: only what changed is written). */
  render(state: EditorState, lang: string): void {
    this.lang = lang;
    const kind = state.kind;
    this.fill(this.kindSelect, state.kinds ?? ["move", "question", "setup"], kind,
      (name) => say(KIND_WORDS[name] ?? "editorKindMove", lang));
    setHidden(this.questionBox, kind !== "question");
    setHidden(this.setupBox, kind !== "setup");
    setHidden(this.moveBox, kind !== "move");
    setHidden(this.goalBox, kind === "question");
    if (kind !== "setup") this.areaMode = false;
    setAttr(this.areaButton, "aria-pressed", String(this.areaMode));

    const checks = state.goal_checks ?? [];
    const picked = checks.includes(this.goalCheck.value) ? this.goalCheck.value : checks[0] ?? "";
    this.fill(this.goalCheck, checks, picked, (name) => name);
    const options = goalOptions(state, picked);
    const optionKey = options.join("|");
    if (this.goalValues.dataset.key !== optionKey) {
      this.goalValues.dataset.key = optionKey;
      this.goalValues.replaceChildren(...options.map((value) => {
        const option = el("option");
        option.value = value;
        return option;
      }));
    }
    const goal = state.goal ?? [];
    this.list(this.goalList, `${lang}|${goal.map((g) => `${g.check}=${g.value}`).join("|")}`,
      goal.length ? goal.map((item) => {
        const row = el("li");
        const remove = button("editor-goal-remove", () => this.send({ type: "editor_goal_remove", check: item.check }));
        remove.textContent = "×";
        remove.setAttribute("aria-label", say("editorGoalRemove", lang, { check: item.check }));
        row.dataset.check = item.check;
        row.append(el("span", { text: item.value ? `${item.check}: ${item.value}` : item.check }), remove);
        return row;
      }) : [el("li", { text: say("editorGoalNone", lang) })]);

    const choices = Object.entries(state.choices ?? {});
    this.list(this.answerList, `${lang}|${state.answer}|${choices.map(([k, v]) => `${k}=${v}=${state.feedback[k] ?? ""}`).join("|")}`,
      choices.map(([id, text]) => this.answerRow(state, id, text, lang)));

    this.setInput(this.trayInput, (state.tray ?? []).join(" "));
    this.fill(this.opponentSelect, ["", ...(state.opponents ?? [])], state.form.opponent ?? "",
      (name) => name || say("editorOpponentNone", lang));
  }

  private answerRow(state: EditorState, id: string, text: string, lang: string): HTMLElement {
    const row = el("li", { className: "sw-editor-answer" });
    row.dataset.choice = id;
    const right = button(`editor-answer-right-${id}`, () => this.send({ type: "editor_answer", choice: id }));
    right.textContent = say("editorAnswerRight", lang);
    right.setAttribute("aria-pressed", String(state.answer === id));
    right.setAttribute("aria-label", say("editorAnswerRightFor", lang, { id }));
    const feedback = el("input");
    feedback.type = "text";
    feedback.value = state.feedback[id] ?? "";
    feedback.dataset.testid = `editor-answer-feedback-${id}`;
    feedback.setAttribute("aria-label", say("editorAnswerFeedback", lang, { id }));
    feedback.placeholder = say("editorAnswerFeedback", lang, { id });
    feedback.addEventListener("change", () => this.send({ type: "editor_feedback", key: id, value: feedback.value }));
    const remove = button(`editor-answer-remove-${id}`, () => this.send({ type: "editor_choice", choice: id, value: "" }));
    remove.textContent = "×";
    remove.setAttribute("aria-label", say("editorAnswerRemove", lang, { id }));
    row.append(el("span", { text: `${id}: ${text}` }), right, feedback, remove);
    return row;
  }

  private list(node: HTMLElement, key: string, items: HTMLElement[]): void {
    // A list being typed in keeps its inputs: it is drawn again only when Python's state changed.
    if (node.dataset.key === key) return;
    if (node.contains(node.ownerDocument.activeElement) && node.ownerDocument.activeElement instanceof HTMLInputElement) return;
    node.dataset.key = key;
    node.replaceChildren(...items);
  }

  private fill(select: HTMLSelectElement, values: string[], value: string, text: (value: string) => string): void {
    const key = `${this.lang}|${values.join("|")}`;
    if (select.dataset.key !== key) {
      select.dataset.key = key;
      select.replaceChildren(...values.map((name) => {
        const option = el("option", { text: text(name) });
        option.value = name;
        return option;
      }));
    }
    setValue(select, value);
  }

  private setInput(node: HTMLInputElement, value: string): void {
    if (node.ownerDocument.activeElement === node) return;
    if (node.value !== value) node.value = value;
  }
}

const KIND_WORDS: Record<string, "editorKindMove" | "editorKindQuestion" | "editorKindSetup"> = {
  move: "editorKindMove", question: "editorKindQuestion", setup: "editorKindSetup",
};

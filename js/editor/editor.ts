// The lesson editor's panel (stratego_widget.lessons.LessonEditor): the board, a palette of
// pieces for both sides, the marks, side to move and ruleset, Record / Stop, the form, the live
// check and Save. Python holds the draft and decides every change; this module draws the
// synced `editor` state and sends the teacher's clicks as `editor_messages` (protocol.json),
// checked here before they leave. The only state of its own is which tool is picked (the
// palette, ./palette) and which square is selected while recording. The panel speaks the
// synced `lang` (its words are texts.json's "editor…" words, kept by ./wording); the check's
// detail sentences and the errors come from Python in English. The synced state's shape and
// the message check are in ./state.

import { Board } from "../board/board";
import { button, el, setAttr, setDisabled, setHidden, setText, setValue, suppressShortcuts, toggle } from "../shared/dom";
import { LANGUAGES, asLang } from "../shared/i18n";
import { traitFits } from "../shared/protocol";
import type { EditorMessage, View } from "../shared/types";
import { Palette } from "./palette";
import { FIELDS, FIELD_WORDS, LONG, MOVE_ONLY, checkEditorMessage, say, type EditorModel, type EditorState, type FormField, type Tool } from "./state";
import { StepForm } from "./step_form";
import { Wording } from "./wording";

export { checkEditorMessage, say, type EditorModel, type EditorState, type EditorWord, type FormField, type Tool } from "./state";

function mark(ok: boolean | null): string {
  return ok === true ? "✓" : ok === false ? "✗" : "?";
}

export class EditorView {
  readonly element: HTMLElement;
  readonly board = new Board();
  private selected: string | null = null;
  private localError: string | null = null;
  private lastSerial = -1;
  private idInput = el("input");
  private titleInput = el("input");
  private rulesetSelect = el("select");
  private stepList = el("div", { className: "sw-editor-steps", testid: "editor-steps" });
  private recordButton: HTMLButtonElement;
  private stopButton: HTMLButtonElement;
  private solutionText = el("p", { className: "sw-editor-solution", testid: "editor-solution" });
  private fields = new Map<FormField, HTMLInputElement | HTMLTextAreaElement>();
  private fieldLabels = new Map<FormField, HTMLElement>();
  private courseInput = el("input");
  private courseList = el("datalist");
  private stepForm: StepForm;
  private shownStep = "";
  private feedbackKey = el("input");
  private feedbackText = el("input");
  private feedbackList = el("ul", { className: "sw-editor-feedback", testid: "editor-feedback" });
  private summaryList = el("ul", { className: "sw-editor-summary", testid: "editor-summary" });
  private checkList = el("ul", { className: "sw-editor-checks", testid: "editor-checks" });
  private errorLine = el("p", { className: "sw-editor-error", testid: "editor-error" });
  private fileLine = el("span", { className: "sw-editor-file", testid: "editor-file" });
  private status = el("p", { className: "sw-editor-status", testid: "editor-status" });
  private langSelect = el("select", { testid: "editor-lang" });
  // The fixed words of the panel, written again when the language changes.
  private wording = new Wording();
  private palette: Palette;

  constructor(private model: EditorModel) {
    this.element = el("div", { className: "stratego-widget sw-editor", testid: "editor" });
    this.element.setAttribute("role", "region");
    this.wording.words(this.element, "editorName", "aria-label");
    suppressShortcuts(this.element);

    // header: the lesson, the steps, saving, the language
    const header = el("div", { className: "sw-editor-header" });
    for (const code of LANGUAGES) {
      const option = el("option", { text: code.toUpperCase() });
      option.value = code;
      this.langSelect.append(option);
    }
    this.langSelect.addEventListener("change", () => this.setLang(this.langSelect.value));
    this.idInput.type = "text";
    this.titleInput.type = "text";
    this.idInput.addEventListener("change", () => this.send({ type: "editor_lesson", field: "id", value: this.idInput.value }));
    this.titleInput.addEventListener("change", () => this.send({ type: "editor_lesson", field: "title", value: this.titleInput.value }));
    this.rulesetSelect.addEventListener("change", () => this.send({ type: "editor_ruleset", spec: this.rulesetSelect.value }));
    this.courseInput.type = "text";
    this.courseList.id = `sw-editor-courses-${Math.random().toString(36).slice(2)}`;
    this.courseInput.setAttribute("list", this.courseList.id);
    this.courseInput.addEventListener("change", () => this.send({ type: "editor_lesson", field: "course", value: this.courseInput.value.trim() }));
    const save = button("editor-save", () => this.send({ type: "editor_save" }));
    this.wording.words(save, "editorSave");
    header.append(this.wording.labelled("editorLessonId", this.idInput, "editor-id"),
      this.wording.labelled("editorTitle", this.titleInput, "editor-title"),
      this.wording.labelled("editorCourse", this.courseInput, "editor-course"), this.courseList,
      this.wording.labelled("editorRuleset", this.rulesetSelect, "editor-ruleset"), save, this.fileLine,
      this.wording.labelled("language", this.langSelect, "editor-lang"));

    const stepBar = el("div", { className: "sw-editor-stepbar" });
    stepBar.setAttribute("role", "group");
    this.wording.words(stepBar, "editorSteps", "aria-label");
    const add = button("editor-add-step", () => this.send({ type: "editor_add_step" }));
    this.wording.words(add, "editorAddStep");
    const remove = button("editor-remove-step", () => this.send({ type: "editor_remove_step" }));
    this.wording.words(remove, "editorRemoveStep");
    stepBar.append(this.stepList, add, remove);

    // the palette
    this.palette = new Palette(this.wording, () => this.render(), (message) => this.send(message));

    // the step's kind, goal, answers, tray and area
    this.stepForm = new StepForm(this.wording, () => this.render(), (message) => this.send(message));

    // recording
    const recordBar = el("div", { className: "sw-editor-record" });
    this.recordButton = button("editor-record", () => this.send({ type: "editor_record" }));
    this.wording.words(this.recordButton, "editorRecord");
    this.stopButton = button("editor-stop", () => this.send({ type: "editor_stop" }));
    this.wording.words(this.stopButton, "editorStop");
    recordBar.append(this.recordButton, this.stopButton, this.solutionText);

    // the form
    const form = el("fieldset", { className: "sw-editor-form", testid: "editor-form" });
    const formLegend = el("legend");
    this.wording.words(formLegend, "editorForm");
    form.append(formLegend);
    for (const name of FIELDS) {
      const control = LONG.includes(name) ? el("textarea") : el("input");
      if (control instanceof HTMLTextAreaElement) control.rows = 2;
      else control.type = name === "par" ? "number" : "text";
      if (name === "par") { control.setAttribute("min", "1"); control.setAttribute("max", "100"); }
      control.addEventListener("change", () => this.send({ type: "editor_field", field: name, value: control.value }));
      this.fields.set(name, control);
      const label = this.wording.labelled(FIELD_WORDS[name], control, `editor-field-${name}`);
      this.fieldLabels.set(name, label);
      form.append(label);
    }
    const feedbackRow = el("div", { className: "sw-editor-feedback-row" });
    this.feedbackKey.type = "text";
    this.feedbackText.type = "text";
    const setFeedback = button("editor-set-feedback", () => this.send({
      type: "editor_feedback", key: this.feedbackKey.value.trim(), value: this.feedbackText.value,
    }));
    this.wording.words(setFeedback, "editorSetFeedback");
    feedbackRow.append(this.wording.labelled("editorFeedbackKey", this.feedbackKey, "editor-feedback-key"),
      this.wording.labelled("editorFeedbackText", this.feedbackText, "editor-feedback-text"), setFeedback);
    form.append(feedbackRow, this.feedbackList);

    // the check
    const checks = el("section", { className: "sw-editor-check", testid: "editor-check" });
    const heading = el("h3");
    this.wording.words(heading, "editorCheck");
    heading.id = `sw-editor-check-${Math.random().toString(36).slice(2)}`;
    checks.setAttribute("aria-labelledby", heading.id);
    checks.append(heading, this.summaryList, this.checkList);
    // Python's detail sentences and errors are English, whatever the panel's language.
    this.checkList.lang = "en";

    this.errorLine.setAttribute("role", "alert");
    this.status.setAttribute("aria-live", "polite");
    setHidden(this.errorLine, true);

    const side = el("div", { className: "sw-editor-side" });
    side.append(this.palette.element, this.stepForm.element, recordBar, form);
    const main = el("div", { className: "sw-editor-main" });
    const boardColumn = el("div", { className: "sw-editor-board" });
    // The check under the board, unclipped: every finding readable in full.
    boardColumn.append(this.board.element, this.status, this.errorLine, checks);
    main.append(boardColumn, side);
    this.element.append(header, stepBar, main);

    this.board.grid.addEventListener("click", (event) => {
      const square = (event.target as HTMLElement).closest<HTMLElement>(".sw-square")?.dataset.square;
      if (square) this.clickSquare(square);
    });
    this.board.grid.addEventListener("keydown", (event) => this.onKey(event));
  }

  /** The state Python sent last. */
  get state(): EditorState {
    return this.model.get("editor");
  }

  /** The panel's language (the synced `lang`; English for anything unknown). */
  get lang(): string {
    return asLang(this.model.get("lang") ?? "en");
  }

  /** Show the panel in another language: sets the synced `lang` (an unknown one is ignored). */
  setLang(lang: string): void {
    if (!traitFits("lang", lang)) return;
    this.model.set("lang", lang);
    this.model.save_changes();
    this.render();
  }

  /** The palette tool picked now. */
  get currentTool(): Tool {
    return this.palette.tool;
  }

  /** Send a message, after checking it against protocol.json (a bad one is never sent). */
  send(message: EditorMessage): void {
    const problem = checkEditorMessage(message, this.state?.rules);
    if (problem) {
      this.localError = `${problem}: ${message.type}`;
      this.render();
      return;
    }
    this.localError = null;
    this.model.send(message);
  }

  /** A click (or Enter) on a square: the picked tool there, or a move while recording. */
  clickSquare(square: string): void {
    const state = this.state;
    this.board.setFocusable(square);
    if (this.stepForm.areaMode && !state.recording) {
      this.send({ type: "editor_area", square });
      return;
    }
    if (state.recording && state.kind === "setup") {
      const tool = this.palette.tool;
      if (!("kind" in tool) || !tool.kind) {
        this.localError = say("editorPickFirst", this.lang);
        this.render();
        return;
      }
      this.send({ type: "editor_play", action: `${tool.kind}@${square}` });
      return;
    }
    if (state.recording) {
      const piece = state.board.pieces[square];
      const own = piece && (piece[0] === "r" ? "red" : "blue") === state.board.learner;
      if (this.selected === null || (own && this.selected !== square && !this.isTarget(square))) {
        this.selected = own ? square : null;
      } else if (this.selected === square) {
        this.selected = null;
      } else {
        const from = this.selected;
        this.selected = null;
        this.send({ type: "editor_move", from, to: square });
      }
      this.render();
      return;
    }
    const tool = this.palette.tool;
    if ("kind" in tool) {
      if (!tool.kind) {
        this.localError = say("editorPickFirst", this.lang);
        this.render();
        return;
      }
      this.send({ type: "editor_place", square, side: this.palette.side, kind: tool.kind });
    } else if (tool.action === "remove") {
      this.send({ type: "editor_remove", square });
    } else {
      this.send({ type: "editor_mark", square, mark: tool.action });
    }
  }

  /** An enemy piece may be struck: a click on it with a piece selected is a move. */
  private isTarget(square: string): boolean {
    const piece = this.state.board.pieces[square];
    return !piece || (piece[0] === "r" ? "red" : "blue") !== this.state.board.learner;
  }

  private onKey(event: KeyboardEvent): void {
    const square = (event.target as HTMLElement).closest<HTMLElement>(".sw-square")?.dataset.square;
    if (!square) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.clickSquare(square);
    } else if (event.key.startsWith("Arrow")) {
      event.preventDefault();
      this.board.focus(this.board.neighbour(square, event.key));
    } else if (event.key === "Escape" && this.selected) {
      this.selected = null;
      this.render();
    }
  }

  /** Draw the state Python sent (in place: only what changed is written). */
  render(): void {
    const state = this.state;
    if (!state) return;
    if (state.serial !== this.lastSerial) {
      this.lastSerial = state.serial;
      this.localError = null;
      if (!state.recording) this.selected = null;
    }
    const lang = this.lang;
    if (this.wording.show(lang)) {
      this.element.lang = lang;
      setValue(this.langSelect, lang);
    }
    const rules = state.rules;
    const view = {
      pieces: state.board.pieces, last_move: state.board.last_move, moves: [], bottom: "red",
      battle: null, battles: [],
    } as unknown as View;
    this.board.update(view, rules, lang, { selected: this.selected, targets: {}, setupArea: new Set(state.kind === "setup" ? state.area ?? [] : []) });
    setAttr(this.element, "data-editor-step", String(state.step));
    setAttr(this.element, "data-editor-recording", String(state.recording));
    setAttr(this.element, "data-editor-serial", String(state.serial));

    this.setInput(this.idInput, state.lesson.id);
    this.setInput(this.titleInput, state.lesson.title);
    this.setInput(this.courseInput, state.course ?? "");
    const courses = (state.courses ?? []).join("|");
    if (this.courseList.dataset.key !== courses) {
      this.courseList.dataset.key = courses;
      this.courseList.replaceChildren(...(state.courses ?? []).map((course) => {
        const option = el("option");
        option.value = course;
        return option;
      }));
    }
    // A new step (or another one) starts with empty feedback fields.
    const stepKey = `${state.step}/${state.steps}`;
    if (stepKey !== this.shownStep) {
      this.shownStep = stepKey;
      this.feedbackKey.value = "";
      this.feedbackText.value = "";
    }
    this.stepForm.render(state, lang);
    const specs = state.lesson.rulesets.join("|");
    if (this.rulesetSelect.dataset.specs !== specs) {
      this.rulesetSelect.dataset.specs = specs;
      this.rulesetSelect.replaceChildren(...state.lesson.rulesets.map((spec) => {
        const option = el("option", { text: spec });
        option.value = spec;
        return option;
      }));
    }
    setValue(this.rulesetSelect, state.lesson.ruleset);
    setValue(this.palette.toMoveSelect, state.board.learner);
    setText(this.fileLine, state.file ? `${state.file} (${say(state.saved ? "editorSaved" : "editorUnsaved", lang)})`
      : say("editorNoFile", lang));

    this.renderSteps(state, lang);
    this.palette.render(state, lang);
    const editing = !state.recording;
    for (const node of [this.rulesetSelect, this.palette.toMoveSelect, this.idInput, this.titleInput, this.courseInput]) setDisabled(node, !editing);
    setDisabled(this.recordButton, state.recording || state.kind === "question");
    setDisabled(this.stopButton, !state.recording);
    setText(this.solutionText, say("editorSolution", lang,
      { moves: state.solution.length ? state.solution.join(" ") : say("editorNoSolution", lang) }));
    setText(this.status, state.recording ? say("editorRecording", lang) : "");
    toggle(this.element, "sw-editor-recording", state.recording);

    for (const [name, control] of this.fields) {
      const label = this.fieldLabels.get(name);
      if (label) setHidden(label, MOVE_ONLY.includes(name) && state.kind !== "move");
      this.setInput(control, state.form[name] ?? "");
      if (control.disabled !== !editing) control.disabled = !editing;
    }
    const feedbackKey = `${lang}\n${Object.entries(state.feedback).map(([k, v]) => `${k}=${v}`).join("\n")}`;
    if (this.feedbackList.dataset.key !== feedbackKey) {
      this.feedbackList.dataset.key = feedbackKey;
      this.feedbackList.replaceChildren(...Object.entries(state.feedback).map(([key, text]) => {
        const item = el("li");
        const remove = button("editor-remove-feedback", () => this.send({ type: "editor_feedback", key, value: "" }));
        remove.textContent = "×";
        remove.setAttribute("aria-label", say("editorRemoveFeedback", lang, { key }));
        item.append(el("span", { text: `${key}: ${text}` }), remove);
        return item;
      }));
    }

    const summary = ([["editorSolvable", state.summary.solvable], ["editorStart", state.summary.start], ["editorHints", state.summary.hints]] as const)
      .map(([key, ok]) => `${mark(ok)} ${say(key, lang)}`);
    this.replaceList(this.summaryList, summary, (item, i) => {
      const ok = [state.summary.solvable, state.summary.start, state.summary.hints][i];
      item.dataset.ok = String(ok);
      item.dataset.check = ["solvable", "start", "hints"][i];
    });
    this.replaceList(this.checkList, state.checks.map((item) => `${mark(item.ok)} ${item.check}: ${item.message}`),
      (item, i) => {
        item.dataset.ok = String(state.checks[i].ok);
        item.dataset.check = state.checks[i].check;
      });
    const error = this.localError ?? state.error;
    setText(this.errorLine, error ?? "");
    setHidden(this.errorLine, !error);
    // Python's errors are English; the panel's own ("pick a piece first") are in its language.
    setAttr(this.errorLine, "lang", this.localError ? lang : "en");
  }

  private renderSteps(state: EditorState, lang: string): void {
    const key = `${state.steps}:${state.step}:${state.recording}:${lang}`;
    if (this.stepList.dataset.key === key) return;
    this.stepList.dataset.key = key;
    this.stepList.replaceChildren(...Array.from({ length: state.steps }, (_, i) => {
      const node = button(`editor-step-${i}`, () => this.send({ type: "editor_step", step: i }));
      node.textContent = say("editorStep", lang, { n: i + 1 });
      node.setAttribute("aria-current", i === state.step ? "step" : "false");
      node.disabled = state.recording;
      return node;
    }));
  }

  private setInput(node: HTMLInputElement | HTMLTextAreaElement, value: string): void {
    // The teacher's typing is never overwritten: a field being edited keeps its text.
    if (node.ownerDocument.activeElement === node) return;
    if (node.value !== value) node.value = value;
  }

  private replaceList(list: HTMLElement, lines: string[], decorate: (item: HTMLElement, i: number) => void): void {
    const key = lines.join("\n");
    if (list.dataset.key === key) return;
    list.dataset.key = key;
    list.replaceChildren(...lines.map((line, i) => {
      const item = el("li", { text: line });
      decorate(item, i);
      return item;
    }));
  }
}

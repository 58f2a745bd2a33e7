// The lesson editor's panel (js/editor/editor.ts): drawn from the state Python's LessonEditor sends
// (the STATE below was written by it: a Scout on b2 and a Spy on b7), and every click sent as an
// editor message that protocol.json allows.

import { describe, expect, it } from "vitest";

import { checkEditorMessage, EditorView, type EditorModel, type EditorState } from "../../editor/editor";
import type { EditorMessage } from "../../generated/types";

const STATE = {"lesson": {"id": "my-lesson", "title": "My lesson", "ruleset": "original", "rulesets": ["classic-1961", "onyx-2009", "hasbro-1999", "sci-fi-2013", "sci-fi-2013-duel", "original", "barrage", "duel", "ultimate-lightning"]}, "file": null, "saved": false, "steps": 1, "step": 0, "kind": "move", "rules": {"spec": "original", "title": "Stratego Original", "edition": "original", "edition_title": "Stratego Original (Jumbo)", "variant": null, "variant_summary": null, "rulebook": "004_7c74f8cd1c357391.txt", "width": 10, "height": 10, "lakes": ["c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"], "lake_name": "lake", "home_rows": 4, "kinds": ["marshal", "general", "colonel", "major", "captain", "lieutenant", "sergeant", "miner", "scout", "spy", "bomb", "flag"], "counts": {"marshal": 1, "general": 1, "colonel": 2, "major": 3, "captain": 4, "lieutenant": 4, "sergeant": 4, "miner": 5, "scout": 8, "spy": 1, "bomb": 6, "flag": 1}, "letters": {"M": "marshal", "G": "general", "C": "colonel", "J": "major", "P": "captain", "L": "lieutenant", "T": "sergeant", "N": "miner", "X": "scout", "S": "spy", "B": "bomb", "F": "flag"}, "labels": {"marshal": "10", "general": "9", "colonel": "8", "major": "7", "captain": "6", "lieutenant": "5", "sergeant": "4", "miner": "3", "scout": "2", "spy": "1", "bomb": "B", "flag": "F"}, "numbering": "marshal-high"}, "board": {"pieces": {"b2": "rX", "b7": "bS"}, "last_move": null, "to_move": "red", "learner": "red"}, "palette": ["marshal", "general", "colonel", "major", "captain", "lieutenant", "sergeant", "miner", "scout", "spy", "bomb", "flag"], "form": {"instruction": "", "hint": "", "success": "", "goal": "", "par": "1", "cite": "", "quote": ""}, "feedback": {}, "recording": false, "solution": [], "checks": [{"step": 0, "check": "format", "ok": false, "message": "<draft>: step 1, field 'goal' <draft>: step 1, field 'goal' is missing."}], "summary": {"solvable": null, "start": null, "hints": null}, "error": null, "serial": 5} as unknown as EditorState;

// The same state with what the step form draws (written by Python's EditorSession.state()).
const PICKER = { ...STATE, course: "my-lessons", courses: ["basics", "editions", "strategy", "my-lessons"],
  kinds: ["move", "question", "setup"], goal: [{ check: "capture", value: "b7" }],
  goal_checks: ["reach", "capture", "removed", "remains", "leave", "reveal", "win", "survive", "refused", "rescue"],
  goal_options: { win: ["flag-captured", "flag-reached"], refused: ["diagonal"] },
  opponents: ["random", "chase"], choices: {}, answer: null, tray: [], area: [],
  form: { ...STATE.form, alternatives: "", replies: "", opponent: "" } } as EditorState;

class Model implements EditorModel {
  sent: EditorMessage[] = [];
  saved = 0;
  private listeners = new Set<() => void>();
  constructor(public state: EditorState, public lang = "en") {}
  get(key: "editor"): EditorState;
  get(key: "lang"): string;
  get(key: "editor" | "lang"): EditorState | string { return key === "lang" ? this.lang : this.state; }
  set(_key: "lang", value: string): void { this.lang = value; }
  save_changes(): void { this.saved += 1; }
  on(_event: string, fn: () => void): void { this.listeners.add(fn); }
  off(_event: string, fn: () => void): void { this.listeners.delete(fn); }
  send(message: EditorMessage): void { this.sent.push(message); }
  /** Python (or another view) sets the language. */
  setLang(lang: string): void {
    this.lang = lang;
    this.listeners.forEach((fn) => fn());
  }
  update(change: Partial<EditorState>): void {
    this.state = { ...this.state, ...change, serial: this.state.serial + 1 };
    this.listeners.forEach((fn) => fn());
  }
}

function mount(state: EditorState = STATE, lang = "en"): { model: Model; view: EditorView; root: HTMLElement } {
  const model = new Model(structuredClone(state), lang);
  const view = new EditorView(model);
  document.body.replaceChildren(view.element);
  model.on("change:editor", () => view.render());
  view.render();
  return { model, view, root: view.element };
}

function q<T extends HTMLElement = HTMLElement>(root: HTMLElement, selector: string): T {
  const node = root.querySelector<T>(selector);
  if (!node) throw new Error(`nothing matches ${selector}`);
  return node;
}

describe("the lesson editor", () => {
  it("draws the board from Python's state, every rank shown", () => {
    const { root } = mount();
    expect(q(root, '[data-square="b2"]').getAttribute("aria-label")).toContain("Scout");
    expect(q(root, '[data-square="b7"]').getAttribute("aria-label")).toContain("Spy");
    expect(root.querySelectorAll('[role="gridcell"]').length).toBe(100);
    expect(q(root, '[role="grid"]').getAttribute("aria-label")).toContain("Stratego");
  });

  it("places the picked piece of the picked side on a clicked square", () => {
    const { model, root } = mount();
    q(root, '[data-testid="editor-side-blue"]').click();
    q(root, '[data-testid="editor-kind-bomb"]').click();
    expect(q(root, '[data-testid="editor-kind-bomb"]').getAttribute("aria-pressed")).toBe("true");
    q(root, '[data-square="e7"]').click();
    expect(model.sent).toEqual([{ type: "editor_place", square: "e7", side: "blue", kind: "bomb" }]);
  });

  it("takes a piece off and marks pieces with the tools", () => {
    const { model, root } = mount();
    q(root, '[data-testid="editor-tool-remove"]').click();
    q(root, '[data-square="b2"]').click();
    q(root, '[data-testid="editor-tool-revealed"]').click();
    q(root, '[data-square="b7"]').click();
    q(root, '[data-testid="editor-tool-moved"]').click();
    q(root, '[data-square="b7"]').click();
    expect(model.sent).toEqual([
      { type: "editor_remove", square: "b2" },
      { type: "editor_mark", square: "b7", mark: "revealed" },
      { type: "editor_mark", square: "b7", mark: "moved" },
    ]);
  });

  it("asks for a piece before placing one, and sends nothing", () => {
    const { model, root } = mount();
    q(root, '[data-square="e4"]').click();
    expect(model.sent).toEqual([]);
    expect(q(root, '[data-testid="editor-error"]').hidden).toBe(false);
  });

  it("records moves by clicking a piece, then its target", () => {
    const { model, root } = mount();
    q(root, '[data-testid="editor-record"]').click();
    expect(model.sent).toEqual([{ type: "editor_record" }]);
    model.update({ recording: true });
    expect(root.dataset.editorRecording).toBe("true");
    expect((q(root, '[data-testid="editor-kind-scout"]') as HTMLButtonElement).disabled).toBe(true);
    q(root, '[data-square="b2"]').click();
    expect(q(root, '[data-square="b2"]').getAttribute("aria-selected")).toBe("true");
    q(root, '[data-square="b7"]').click();
    expect(model.sent.at(-1)).toEqual({ type: "editor_move", from: "b2", to: "b7" });
  });

  it("is usable from the keyboard: arrows move between squares, Enter clicks", () => {
    const { model, root } = mount();
    q(root, '[data-testid="editor-kind-flag"]').click();
    const a1 = q(root, '[data-square="a1"]');
    expect(a1.getAttribute("tabindex")).toBe("0");
    a1.focus();
    a1.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true }));
    const a2 = q(root, '[data-square="a2"]');
    expect(document.activeElement).toBe(a2);
    a2.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(model.sent).toEqual([{ type: "editor_place", square: "a2", side: "red", kind: "flag" }]);
  });

  it("sends the form's fields on change and shows Python's values", () => {
    const { model, root } = mount();
    const hint = q<HTMLInputElement>(root, '[data-testid="editor-field-hint"]');
    hint.value = "Look up the b-file.";
    hint.dispatchEvent(new Event("change"));
    expect(model.sent).toEqual([{ type: "editor_field", field: "hint", value: "Look up the b-file." }]);
    model.update({ form: { ...STATE.form, hint: "Up the b-file.", par: "1" } });
    expect(hint.value).toBe("Up the b-file.");
    expect(q(root, 'label:has([data-testid="editor-field-par"])').textContent).toContain("Par");
    expect(root.querySelector('[data-testid="editor-field-goal"]')).toBeNull(); // picked, not typed
  });

  it("picks the goal check by check and removes a check", () => {
    const { model, root } = mount(PICKER);
    const check = q<HTMLSelectElement>(root, '[data-testid="editor-goal-check"]');
    expect(Array.from(check.options).map((o) => o.value)).toEqual(PICKER.goal_checks);
    check.value = "win";
    check.dispatchEvent(new Event("change"));
    const values = Array.from(root.querySelectorAll<HTMLOptionElement>("datalist option")).map((o) => o.value);
    expect(values).toContain("flag-captured");
    q<HTMLInputElement>(root, '[data-testid="editor-goal-value"]').value = "flag-captured";
    q(root, '[data-testid="editor-goal-add"]').click();
    q(root, '[data-testid="editor-goal-remove"]').click();
    expect(model.sent).toEqual([{ type: "editor_goal", check: "win", value: "flag-captured" },
      { type: "editor_goal_remove", check: "capture" }]);
    expect(q(root, '[data-testid="editor-goal"]').textContent).toContain("capture: b7");
  });

  it("makes a question: its answers, the right one and a feedback per answer", () => {
    const { model, root } = mount({ ...PICKER, kind: "question", goal: [], goal_checks: [],
      choices: { major: "The Major is lost", bomb: "The Bomb is removed" }, answer: "major" });
    expect(q(root, '[data-testid="editor-answer-right-major"]').getAttribute("aria-pressed")).toBe("true");
    expect(q(root, '[data-testid="editor-answer-right-bomb"]').getAttribute("aria-pressed")).toBe("false");
    q(root, '[data-testid="editor-answer-right-bomb"]').click();
    const feedback = q<HTMLInputElement>(root, '[data-testid="editor-answer-feedback-major"]');
    feedback.value = "Only a Miner defuses it.";
    feedback.dispatchEvent(new Event("change"));
    q<HTMLInputElement>(root, '[data-testid="editor-answer-id"]').value = "spy";
    q<HTMLInputElement>(root, '[data-testid="editor-answer-text"]').value = "The Spy wins";
    q(root, '[data-testid="editor-answer-add"]').click();
    expect(model.sent).toEqual([{ type: "editor_answer", choice: "bomb" },
      { type: "editor_feedback", key: "major", value: "Only a Miner defuses it." },
      { type: "editor_choice", choice: "spy", value: "The Spy wins" }]);
    expect(q(root, '[data-testid="editor-record"]').hasAttribute("disabled")).toBe(true);
    expect(q(root, 'label:has([data-testid="editor-field-replies"])').hidden).toBe(true);
  });

  it("makes a setup step: the tray, the area clicked, and placements recorded", () => {
    const { model, root } = mount({ ...PICKER, kind: "setup", goal: [], goal_checks: ["placed", "flag_guarded"],
      tray: ["flag"], area: ["a1", "b1"] });
    expect(q(root, '[data-square="a1"]').classList.contains("sw-setup-area") ||
      q(root, '[data-square="a1"]').outerHTML.includes("area")).toBe(true);
    const tray = q<HTMLInputElement>(root, '[data-testid="editor-tray"]');
    expect(tray.value).toBe("flag");
    tray.value = "flag bomb";
    tray.dispatchEvent(new Event("change"));
    q(root, '[data-testid="editor-area"]').click();
    q(root, '[data-square="b2"]').click();
    q(root, '[data-testid="editor-area"]').click();
    model.update({ recording: true });
    q(root, '[data-testid="editor-kind-flag"]').click();
    q(root, '[data-square="a1"]').click();
    expect(model.sent).toEqual([{ type: "editor_tray", value: "flag bomb" },
      { type: "editor_area", square: "b2" }, { type: "editor_play", action: "flag@a1" }]);
  });

  it("starts a new step with empty feedback fields and offers the courses", () => {
    const { model, root } = mount(PICKER);
    const key = q<HTMLInputElement>(root, '[data-testid="editor-feedback-key"]');
    const text = q<HTMLInputElement>(root, '[data-testid="editor-feedback-text"]');
    key.value = "diagonal";
    text.value = "Straight lines only.";
    model.update({ steps: 2, step: 1 });
    expect([key.value, text.value]).toEqual(["", ""]);
    const course = q<HTMLInputElement>(root, '[data-testid="editor-course"]');
    expect(course.value).toBe("my-lessons");
    expect(Array.from(root.querySelectorAll<HTMLOptionElement>("datalist option")).map((o) => o.value)).toContain("strategy");
    course.value = "strategy";
    course.dispatchEvent(new Event("change"));
    expect(model.sent).toEqual([{ type: "editor_lesson", field: "course", value: "strategy" }]);
  });

  it("shows the live check and Python's error", () => {
    const { model, root } = mount();
    model.update({
      summary: { solvable: true, start: true, hints: false },
      checks: [{ step: 1, check: "hints", ok: false, message: "the hints follow a solution that does not work" }],
      error: "c5 is in a lake; no piece can stand there.",
    });
    const items = root.querySelectorAll<HTMLElement>('[data-testid="editor-summary"] li');
    expect([...items].map((item) => item.dataset.ok)).toEqual(["true", "true", "false"]);
    expect(q(root, '[data-testid="editor-checks"]').textContent).toContain("does not work");
    expect(q(root, '[data-testid="editor-error"]').textContent).toContain("lake");
    expect(q(root, '[data-testid="editor-error"]').getAttribute("role")).toBe("alert");
  });

  it("labels every control for screen readers, and buttons are buttons", () => {
    const { root } = mount();
    for (const control of root.querySelectorAll("input, textarea, select")) {
      expect(control.closest("label")?.textContent?.trim()).toBeTruthy();
    }
    for (const node of root.querySelectorAll("button")) {
      expect(node.getAttribute("type")).toBe("button");
      expect(node.getAttribute("aria-label") ?? node.textContent?.trim()).toBeTruthy();
    }
  });
});

describe("the lesson editor in four languages", () => {
  const text = (root: HTMLElement, testid: string) => q(root, `[data-testid="${testid}"]`).textContent ?? "";

  it("in French shows French words, piece names and side names", () => {
    const { root } = mount(STATE, "fr");
    expect(root.lang).toBe("fr");
    expect(root.getAttribute("aria-label")).toBe("Éditeur de leçons");
    expect(q(root, '[data-testid="editor-palette"] legend').textContent).toBe("Palette");
    expect(text(root, "editor-save")).toBe("Sauvegarder");
    expect(text(root, "editor-record")).toBe("Enregistrer");
    expect(text(root, "editor-add-step")).toBe("Ajouter une étape");
    expect(text(root, "editor-step-0")).toBe("Étape 1");
    expect(text(root, "editor-side-red")).toBe("Rouge");
    expect(text(root, "editor-side-blue")).toBe("Bleu");
    expect(q(root, '[data-testid="editor-kind-scout"]').getAttribute("aria-label")).toBe("Rouge 2 Éclaireur");
    expect(q(root, '[data-testid="editor-kind-scout"]').textContent).toContain("Éclaireur");
    // WCAG 2.5.3 (label in name): the label and the name the button shows read as two words
    // that its accessible name holds, the short name apart (drawn only on a small board).
    const shown = q(root, '[data-testid="editor-kind-scout"] .sw-piece');
    const words = [...shown.childNodes].filter((n) => !(n instanceof HTMLElement && n.classList.contains("sw-short")))
      .map((n) => n.textContent).join("");
    expect("Rouge 2 Éclaireur").toContain(words);
    expect(q(root, 'label:has([data-testid="editor-field-instruction"])').textContent).toContain("Consigne");
    expect(text(root, "editor-solution")).toBe("Solution\u00a0: aucune pour l'instant");
    expect(text(root, "editor-file")).toContain("pas encore sauvegardée");
    const summary = [...root.querySelectorAll('[data-testid="editor-summary"] li')].map((li) => li.textContent);
    expect(summary).toEqual(["? Résoluble dans le par", "? But non atteint au départ", "? Indices sur une solution"]);
    expect(q(root, '[data-square="b2"]').getAttribute("aria-label")).toContain("Éclaireur");
    expect(q<HTMLSelectElement>(root, '[data-testid="editor-lang"]').value).toBe("fr");
    expect(q(root, 'label:has([data-testid="editor-lang"])').textContent).toBe("LangueENNLFRDE");
    // Python's check sentences stay English, and say so to screen readers
    expect(q(root, '[data-testid="editor-checks"]').lang).toBe("en");
    // the panel's own error is French
    q(root, '[data-square="e4"]').click();
    expect(text(root, "editor-error")).toBe("Choisissez d'abord une pièce de la palette.");
    expect(q(root, '[data-testid="editor-error"]').lang).toBe("fr");
  });

  it("the language menu sets the synced lang, and every word follows", () => {
    const { model, root } = mount();
    expect(text(root, "editor-save")).toBe("Save");
    const menu = q<HTMLSelectElement>(root, '[data-testid="editor-lang"]');
    expect([...menu.options].map((option) => option.value)).toEqual(["en", "nl", "fr", "de"]);
    menu.value = "de";
    menu.dispatchEvent(new Event("change"));
    expect(model.lang).toBe("de");
    expect(model.saved).toBe(1);
    expect(model.sent).toEqual([]);
    expect(text(root, "editor-save")).toBe("Speichern");
    expect(text(root, "editor-side-red")).toBe("Rot");
    expect(q(root, '[data-testid="editor-kind-flag"]').getAttribute("aria-label")).toBe("Rot F Fahne");
    expect(q(root, '[data-testid="editor-summary"]').textContent).toContain("Lösbar innerhalb von Par");
    // Python sets it back: the panel follows without a new editor state
    model.setLang("nl");
    expect(text(root, "editor-save")).toBe("Opslaan");
    expect(q(root, '[data-testid="editor-to-move"] option[value="blue"]').textContent).toBe("Blauw");
  });

  it("never sets a language that is not offered, and falls back to English for one it gets", () => {
    const { model, view, root } = mount();
    view.setLang("xx");
    expect(model.lang).toBe("en");
    expect(model.saved).toBe(0);
    model.setLang("xx");
    expect(text(root, "editor-save")).toBe("Save");
  });
});

describe("checkEditorMessage", () => {
  it("takes the messages of protocol.json's editor_messages, and nothing else", () => {
    expect(checkEditorMessage({ type: "editor_save" })).toBeNull();
    expect(checkEditorMessage({ type: "editor_place", square: "a1", side: "red", kind: "scout" }, STATE.rules)).toBeNull();
    expect(checkEditorMessage({ type: "editor_place", square: "a1", side: "green", kind: "scout" })).toBe("protocol-value");
    expect(checkEditorMessage({ type: "editor_place", square: "z1", side: "red", kind: "scout" }, STATE.rules)).toBe("protocol-value");
    expect(checkEditorMessage({ type: "editor_place", square: "a1", side: "red" })).toBe("protocol-field");
    expect(checkEditorMessage({ type: "editor_save", extra: 1 })).toBe("protocol-field");
    expect(checkEditorMessage({ type: "move", from: "a1", to: "a2" })).toBe("protocol-type");
    expect(checkEditorMessage({ type: "editor_step", step: 1.5 })).toBe("protocol-value");
    expect(checkEditorMessage({ type: "editor_field", field: "goal", value: "x".repeat(2001) })).toBe("protocol-value");
    expect(checkEditorMessage({ type: "editor_goal", check: "capture", value: "b7" })).toBeNull();
    expect(checkEditorMessage({ type: "editor_goal", check: "jump", value: "" })).toBe("protocol-value");
    expect(checkEditorMessage({ type: "editor_kind", kind: "puzzle" })).toBe("protocol-value");
    expect(checkEditorMessage(null)).toBe("protocol-message");
    expect(checkEditorMessage({ type: "toString" })).toBe("protocol-type");
  });

  it("never sends a message that breaks the protocol", () => {
    const { model, view } = mount();
    view.send({ type: "editor_step", step: -1 });
    expect(model.sent).toEqual([]);
  });
});

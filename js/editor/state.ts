// The lesson editor's synced state and words: what Python's LessonEditor sends (the `editor`
// trait), what the panel needs of the model, the form's fields and the palette's tools, and
// the editor's words (texts.json's "editor…" words) with the check of an outgoing message.

import { word, type Word } from "../shared/i18n";
import { EDITOR_MESSAGES, checkMessageIn } from "../shared/protocol";
import type { EditorMessage, Rules } from "../shared/types";

/** The synced `editor` trait, as Python's EditorSession.state() builds it. */
export interface EditorState {
  lesson: { id: string; title: string; ruleset: string; rulesets: string[] };
  file: string | null;
  saved: boolean;
  steps: number;
  step: number;
  kind: string;
  rules: Rules;
  board: {
    pieces: Record<string, string>;
    last_move: { text: string; from: string; to: string } | null;
    to_move: string;
    learner: string;
  };
  palette: string[];
  form: Record<FormField, string>;
  feedback: Record<string, string>;
  recording: boolean;
  solution: string[];
  checks: { step: number; check: string; ok: boolean | null; message: string }[];
  summary: { solvable: boolean | null; start: boolean | null; hints: boolean | null };
  error: string | null;
  serial: number;
}

/** What the editor needs of an anywidget model: the `editor` state, and the `lang` trait
 * (the panel's language), the one trait the browser sets. */
export interface EditorModel {
  get(key: "editor"): EditorState;
  get(key: "lang"): string;
  set(key: "lang", value: string): void;
  save_changes(): void;
  on(event: string, fn: () => void): void;
  off(event: string, fn: () => void): void;
  send(message: EditorMessage): void;
}

export type FormField = "instruction" | "hint" | "success" | "goal" | "par" | "cite" | "quote";
/** A palette tool: a piece to place, or taking a piece off, or toggling a mark. */
export type Tool = { kind: string } | { action: "remove" | "revealed" | "moved" };

/** The editor's words: the keys of texts.json's "words" that start with "editor". */
export type EditorWord = Extract<Word, `editor${string}`>;

/** An editor word in a language, placeholders filled: `say("editorStep", "fr", { n: 2 })` is
 * "Étape 2". */
export function say(key: EditorWord, lang: string, fill: Record<string, string | number> = {}): string {
  return word(key, lang, Object.fromEntries(Object.entries(fill).map(([name, value]) => [name, String(value)])));
}

/** Why `message` breaks protocol.json's `editor_messages` (a rule id), or null when it fits.
 * With `rules`, squares must be on this board and kinds in this army. */
export function checkEditorMessage(message: unknown, rules?: Rules): string | null {
  return checkMessageIn(EDITOR_MESSAGES, message, rules);
}

/** The form's fields, in the order they are shown; the long ones are text areas. */
export const FIELDS: FormField[] = ["instruction", "hint", "success", "goal", "par", "cite", "quote"];
export const LONG: FormField[] = ["instruction", "hint", "success", "quote"];
export const FIELD_WORDS: Record<FormField, EditorWord> = {
  instruction: "editorInstruction", hint: "editorHint", success: "editorSuccess", goal: "editorGoal",
  par: "editorPar", cite: "editorCite", quote: "editorQuote",
};

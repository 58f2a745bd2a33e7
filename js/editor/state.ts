// The lesson editor's synced state and words: what Python's LessonEditor sends (the `editor`
// trait), what the panel needs of the model, the form's fields and the palette's tools, and
// the editor's words (texts.json's "editor…" words) with the check of an outgoing message.

import { word, type Word } from "../shared/i18n";
import { EDITOR_MESSAGES, checkMessageIn } from "../shared/protocol";
import type { EditorMessage, Rules } from "../shared/types";

/** The synced `editor` trait, as Python's EditorSession.state() builds it. */
export interface EditorState {
  lesson: { id: string; title: string; ruleset: string; rulesets: string[] };
  /** The lesson's course, and the courses the picker offers (shipped, the folder's, its own). */
  course?: string;
  courses?: string[];
  kinds?: string[];
  /** The step's goal, check by check; the checks its kind offers, and the words some take. */
  goal?: { check: string; value: string }[];
  goal_checks?: string[];
  goal_options?: Record<string, string[]>;
  opponents?: string[];
  /** A question's answers (id to English text) and the right one. */
  choices?: Record<string, string>;
  answer?: string | null;
  /** A setup step's tray, and the squares it may go on. */
  tray?: string[];
  area?: string[];
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

export type FormField = "instruction" | "hint" | "success" | "goal" | "par" | "cite" | "quote"
  | "alternatives" | "replies" | "opponent";
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

/** The form's text fields, in the order they are shown; the long ones are text areas; the goal is
 * picked check by check (./step_form), not typed. */
export const FIELDS: Exclude<FormField, "goal" | "opponent">[] = ["instruction", "hint", "success", "par", "cite", "quote", "alternatives", "replies"];
export const LONG: FormField[] = ["instruction", "hint", "success", "quote", "alternatives", "replies"];
/** The fields only a move step has (hidden for a question or a setup step). */
export const MOVE_ONLY: FormField[] = ["alternatives", "replies"];
export const FIELD_WORDS: Record<Exclude<FormField, "goal" | "opponent">, EditorWord> = {
  instruction: "editorInstruction", hint: "editorHint", success: "editorSuccess",
  par: "editorPar", cite: "editorCite", quote: "editorQuote", alternatives: "editorAlternatives",
  replies: "editorReplies",
};

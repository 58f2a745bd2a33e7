// What the browser may send to Python, read from the one typed description of the protocol
// that Python validates against too (stratego_widget/widget/protocol.json, see
// docs/widget-protocol.md). The front end checks its own messages and trait values before
// they leave, so a mistake here shows up in the browser's console and the tests, not as a
// refusal from the kernel.

import protocol from "../../stratego_widget/widget/protocol.json";
import type { BoardMessageType, LessonMessageType, Rules } from "./types";

// The message types and their fields are typed in js/generated/types.ts, generated from the
// same file by js/make_types.py (`BoardMessage`, `LessonMessage`, `Message`, `MessageType`).
export type { BoardMessageType, LessonMessageType, MessageType } from "./types";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** `[true, true]`, or the type check fails: the generated message types are exactly those of
 * protocol.json (after a change to it, run `python js/make_types.py`). */
export const GENERATED_MESSAGES_CURRENT: [
  Same<BoardMessageType, keyof (typeof protocol)["messages"]>,
  Same<LessonMessageType, keyof (typeof protocol)["lesson_messages"]>,
] = [true, true];
/** The synced traits the browser may set ("lang", "numbering", "seen"). */
export type SettableTrait = keyof (typeof protocol)["traits"];

interface FieldSpec { is: string; null?: boolean; optional?: boolean }
interface ValueSpec { type: string; max_length?: number; min?: number; max?: number; check?: string; enum?: string[] }

/** A set of messages of protocol.json (its `messages`, `lesson_messages`, `editor_messages`). */
export type MessageSet = Record<string, Record<string, FieldSpec>>;

const MESSAGES = protocol.messages as MessageSet;
const LESSON_MESSAGES = { ...MESSAGES, ...protocol.lesson_messages } as MessageSet;
/** The lesson editor's messages (stratego_widget.lessons.LessonEditor). */
export const EDITOR_MESSAGES = protocol.editor_messages as MessageSet;
const VALUES = protocol.values as Record<string, ValueSpec>;
const TRAITS = protocol.traits as Record<string, ValueSpec & { enum?: string[] }>;

/** Why `message` breaks the protocol (one of its rule ids), or null when it is fine. With
 * `rules`, squares must be on this board and kinds in this army; with `lesson`, the lesson
 * panel's messages are taken too. */
export function checkMessage(message: unknown, rules?: Rules, lesson = false): string | null {
  return checkMessageIn(lesson ? LESSON_MESSAGES : MESSAGES, message, rules);
}

/** Why `message` breaks the protocol's message set `known`, or null when it is fine. */
export function checkMessageIn(known: MessageSet, message: unknown, rules?: Rules): string | null {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return "protocol-message";
  const record = message as Record<string, unknown>;
  if (typeof record.type !== "string") return "protocol-message";
  const fields = Object.prototype.hasOwnProperty.call(known, record.type) ? known[record.type] : null;
  if (!fields) return "protocol-type";
  for (const name of Object.keys(record)) {
    if (name !== "type" && !(name in fields)) return "protocol-field";
  }
  for (const [name, spec] of Object.entries(fields)) {
    if (!(name in record)) {
      if (spec.optional) continue;
      return "protocol-field";
    }
    const value = record[name];
    if (value === null) {
      if (spec.null) continue;
      return "protocol-value";
    }
    if (!valueFits(value, VALUES[spec.is], rules)) return "protocol-value";
  }
  return null;
}

function valueFits(value: unknown, spec: ValueSpec | undefined, rules?: Rules): boolean {
  if (!spec) return false;
  if (spec.type === "string") {
    if (typeof value !== "string") return false;
    if (spec.max_length !== undefined && value.length > spec.max_length) return false;
    if (spec.enum && !spec.enum.includes(value)) return false;
  } else if (spec.type === "integer") {
    if (typeof value !== "number" || !Number.isInteger(value)) return false;
    if (spec.min !== undefined && value < spec.min) return false;
    if (spec.max !== undefined && value > spec.max) return false;
  } else return false;
  if (!rules) return true;
  if (spec.check === "square") return onBoard(value as string, rules);
  if (spec.check === "kind") return rules.kinds.includes(value as string);
  return true;
}

function onBoard(square: string, rules: Rules): boolean {
  const match = /^([a-z])([1-9][0-9]?)$/.exec(square);
  if (!match) return false;
  const file = match[1].charCodeAt(0) - 97;
  const rank = Number(match[2]);
  return file < rules.width && rank >= 1 && rank <= rules.height;
}

/** Whether the browser may set `trait` to `value` (text from a list, or a whole number in range). */
export function traitFits(trait: string, value: unknown): boolean {
  const spec = Object.prototype.hasOwnProperty.call(TRAITS, trait) ? TRAITS[trait] : null;
  if (!spec || !valueFits(value, spec)) return false;
  return !spec.enum || spec.enum.includes(value as string);
}

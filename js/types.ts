// The synced state, as documented in docs/widget-protocol.md. Python builds it; the browser
// only reads it, and proposes changes with messages.

import type { AnyModel } from "@anywidget/types";

export type Side = "red" | "blue";
export type Action = "move" | "strike";

export interface Rules {
  spec: string;
  title: string;
  /** The edition the rules follow ("original-2000") and its title ("Stratego Original"). */
  edition?: string;
  edition_title?: string;
  /** A variant of one's own: its name and what differs from its base (null: an edition). */
  variant?: string | null;
  variant_summary?: string | null;
  rulebook: string;
  width: number;
  height: number;
  lakes: string[];
  lake_name: string;
  home_rows: number;
  kinds: string[];
  counts: Record<string, number>;
  letters: Record<string, string>;
  labels: Record<string, string>;
  numbering: string;
}

export interface SetupView {
  player: Side;
  area: string[];
  tray: Record<string, number>;
  complete: boolean;
  problem: string | null;
  presets: string[];
  ready: Record<Side, boolean>;
}

export interface Pending {
  type: "rescue";
  move: string;
  kinds: string[];
  squares: string[];
}

export interface BattleSide {
  square: string;
  owner: Side;
  kind: string | null;
}

export interface View {
  mode: "red" | "blue" | "both" | "hotseat";
  viewer: Side | "both" | "hidden";
  bottom: Side;
  phase: "setup" | "play" | "handover" | "over";
  to_move: Side;
  can_act: boolean;
  pieces: Record<string, string>;
  targets: Record<string, Record<string, Action>>;
  spots: Record<string, string[]>;
  setup: SetupView | null;
  pending: Pending | null;
  last_move: { text: string; from: string; to: string } | null;
  battle: {
    attacker: BattleSide;
    defender: BattleSide;
    outcome: string;
    sentence: string;
  } | null;
  captured: Record<Side, (string | null)[]>;
  moves: string[];
  /** `to_move`: the side to move in the shown position (the top-level one is the live game's). */
  replay: { index: number; length: number; to_move?: Side } | null;
  result: { winner: Side | "draw"; reason: string; sentence: string } | null;
  /** `square`: where the refused click was, to show the error by it. */
  message: { level: "error" | "info"; rule: string; text: string; square?: string } | null;
  /** What the user can do now, in `lang` (ids: setup, handover, move, rescue, replay, over,
   * wait, python). */
  next?: { id: string; text: string } | null;
  /** Every strike and spot since the viewer's last move, oldest first (`battle` is the last). */
  battles?: (NonNullable<View["battle"]> & { ply: number })[];
  /** The game is over and every piece comes with its rank. */
  revealed?: boolean;
  serial: number;
  bot: boolean;
}

/** What changed since the view with serial `from` (see js/sync.ts and the protocol doc). */
export interface ViewPatch {
  from: number | null; // null: the whole view was sent with this patch
  serial: number;
  set?: Partial<View>;
  pieces?: Record<string, string | null>;
  targets?: Record<string, string | null>; // "d5 xd6": the origin's targets, x a strike
  spots?: Record<string, string[] | null>;
  moves?: { base: number; add: string[] };
}

/** A piece as the view sends it: "rX+!" is a Red Scout that has moved and is known. */
export interface Piece {
  owner: Side;
  kind: string | null;
  moved: boolean;
  known: boolean;
}

export function decodePiece(code: string, rules: Rules): Piece {
  const letter = code[1];
  return {
    owner: code[0] === "r" ? "red" : "blue",
    kind: letter === "?" ? null : (rules.letters[letter] ?? null),
    moved: code.includes("+"),
    known: code.includes("!"),
  };
}

/** The side whose pieces the viewer may move now: the viewer, or the side to move when one
 * screen shows both armies. */
export function actingSide(view: View): Side {
  return view.viewer === "red" || view.viewer === "blue" ? view.viewer : view.to_move;
}

/** The synced traits, by name: what `model.get` returns. */
export interface Traits {
  view: View;
  view_patch: ViewPatch | null;
  rules: Rules;
  lang: string;
  numbering: string;
  /** The serial of the last view the browser drew (it sets this, see js/sync.ts). */
  seen: number;
  /** Whether Python asks the browser to set `seen` after each view (on in marimo). */
  acknowledge: boolean;
  interactive: boolean;
}

/** The anywidget model of this widget. */
export type Model = AnyModel<Traits>;

/** A message to Python. The board's messages are checked against the protocol before they
 * leave (js/protocol.ts); the lesson panel adds its own types. */
export type Message = Record<string, unknown> & { type: string };

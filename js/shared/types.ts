// The synced state, as documented in docs/widget-protocol.md. Python builds it; the browser
// only reads it, and proposes changes with messages.

import type { AnyModel } from "@anywidget/types";

// The shapes themselves are generated from the one Python description (js/generated/types.ts,
// written by js/make_types.py from stratego_widget/widget/view_types.py,
// stratego_widget/lessons/board/panel_types.py and stratego_widget/widget/protocol.json); this module
// re-exports them under the names the front end uses and adds what only the browser needs.
import type {
  NextStep, PlyBattle, ReplayState, RulesView, Side, View as ViewState,
} from "../generated/types";

export type {
  Action, Battle, BattleSide, BoardMessage, BoardMessageType, Choice, CourseMap, EditorMessage,
  LastMove, LessonFeedback, MapAssignment, MapAssignmentItem, MapCourse, MapLearner, MapLesson,
  LessonMessage, LessonMessageType, LessonPanel, LessonState, Message, MessageType, Mode,
  NextStep, Pending, Phase, PlyBattle, ReplayState, Result, SetupView, Side, Viewer,
  ViewMessage, Winner,
} from "../generated/types";

export type { ViewState };

/** The synced `rules` trait: the board and its army. */
export type Rules = RulesView;

/** The synced `view` as the front end reads it: Python's `View` (`ViewState`), except that the
 * fields protocol version 2 added may be missing, as in a view saved by an older version
 * (`next`, `battles`, `revealed`, `replay.to_move`). Every `ViewState` is a `View`. */
export type View = Omit<ViewState, "next" | "battles" | "revealed" | "replay"> & {
  next?: NextStep | null;
  battles?: PlyBattle[];
  revealed?: boolean;
  replay: (Omit<ReplayState, "to_move"> & Partial<Pick<ReplayState, "to_move">>) | null;
};

/** What changed since the view with serial `from` (see js/board/sync.ts and the protocol doc). */
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
  /** The serial of the last view the browser drew (it sets this, see js/board/sync.ts). */
  seen: number;
  /** Whether Python asks the browser to set `seen` after each view (on in marimo). */
  acknowledge: boolean;
  interactive: boolean;
}

/** The anywidget model of this widget. */
export type Model = AnyModel<Traits>;

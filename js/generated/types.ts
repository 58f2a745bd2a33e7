// GENERATED FILE: do not edit. Written by js/make_types.py from the one description of the
// synced state (stratego_widget/widget/view_types.py, stratego_widget/lessons/board/panel_types.py)
// and of the browser's messages (stratego_widget/widget/protocol.json). After changing any of
// them, regenerate it from the project's root with the project's environment:
//
//     python js/make_types.py
//
// tests/widget/test_js_types.py fails while this file is not current.

// ---------------------------------------------------------------- synced state

export type Side = "red" | "blue";

export type Winner = "red" | "blue" | "draw";

export type Mode = "red" | "blue" | "both" | "hotseat";

export type Viewer = "red" | "blue" | "both" | "hidden";

export type Phase = "setup" | "play" | "handover" | "over";

export type Action = "move" | "strike";

/** The static part of the board: size, lakes, army, letters and labels (`rules`). */
export interface RulesView {
  spec: string;
  title: string;
  edition: string;
  edition_title: string;
  variant: string | null;
  variant_summary: string | null;
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

/** The setup phase: whose army, where it goes, what is still in the tray. */
export interface SetupView {
  player: Side;
  area: string[];
  tray: Record<string, number>;
  complete: boolean;
  problem: string | null;
  presets: string[];
  ready: Record<string, boolean>;
}

/** A move waiting for its rescue choice. */
export interface Pending {
  type: "rescue";
  move: string;
  kinds: string[];
  squares: string[];
}

/** One side of a strike or spot: `kind` is `None` when the viewer may not know it. */
export interface BattleSide {
  square: string;
  owner: Side;
  kind: string | null;
}

/** The last strike or spot as the viewer may see it. */
export interface Battle {
  attacker: BattleSide;
  defender: BattleSide;
  outcome: string;
  sentence: string;
}

/** A strike or spot with the ply it was made at. */
export interface PlyBattle extends Battle {
  ply: number;
}

export interface LastMove {
  text: string;
  from: string;
  to: string;
}

/** Where the replay is: `to_move` is the side to move in the shown position. */
export interface ReplayState {
  index: number;
  length: number;
  to_move: Side;
}

/** How the game ended, with a sentence in the board's language. */
export interface Result {
  winner: Winner;
  reason: string;
  sentence: string;
}

/** A refusal or a note: `square` is where the refused click was. */
export interface ViewMessage {
  level: "error" | "info";
  rule: string;
  text: string;
  square?: string;
}

/**
 * What the user can do now (ids: setup, handover, move, rescue, replay, over, wait,
 * python, lesson, done), as a sentence in the board's language.
 */
export interface NextStep {
  id: string;
  text: string;
}

/** The board as one viewer may see it now (the synced `view`). */
export interface View {
  mode: Mode;
  viewer: Viewer;
  phase: Phase;
  bottom: Side;
  to_move: Side;
  can_act: boolean;
  pieces: Record<string, string>;
  targets: Record<string, Record<string, Action>>;
  spots: Record<string, string[]>;
  setup: SetupView | null;
  pending: Pending | null;
  last_move: LastMove | null;
  battle: Battle | null;
  battles: PlyBattle[];
  captured: Record<string, (string | null)[]>;
  moves: string[];
  replay: ReplayState | null;
  revealed: boolean;
  result: Result | null;
  message: ViewMessage | null;
  next: NextStep;
  serial: number;
  bot: boolean;
}

/** One answer of a question step. */
export interface Choice {
  id: string;
  text: string;
}

/** The lesson panel (`panel`). */
export interface LessonPanel {
  lesson: string;
  title: string;
  language: string;
  step: number;
  steps: number;
  finished: boolean;
  kind: "move" | "question" | "setup" | null;
  learner: Side | null;
  instruction: string;
  choices: Choice[];
  tray: string[];
  area: string[];
  par: number | null;
  actions: number;
  hints: number;
  stars: number[];
  three_stars: string;
}

/**
 * One point of an army's review: its id, `good`, `advice` or `warning`, the
 * squares the board marks and its text.
 */
export interface ReviewPoint {
  id: string;
  severity: "good" | "advice" | "warning";
  squares: string[];
  text: string;
}

/**
 * What the last action got: a refusal with its rule, a solved step, a hint; `square`
 * is where it is shown (the clicked target); `review`: a whole army's review (a solved
 * setup step), each point's squares marked on the board.
 */
export interface LessonFeedback {
  id: number;
  kind: "move" | "answer" | "place" | "hint";
  text: string;
  rule: string | null;
  accepted: boolean;
  solved: boolean;
  failed: boolean;
  stars: number;
  reply: string | null;
  cite: string | null;
  quote: string | null;
  quote_language: string | null;
  square: string | null;
  hint: number;
  review: ReviewPoint[];
}

/**
 * One hint the learner asked for at this step, kept in the panel's list: its `number`
 * in the list, its `level` (1 a sentence, 2 the piece, 3 the square, 4 the move), its
 * text, the most `stars` the step can still earn after it and `cost`, that said in
 * words.
 */
export interface HintShown {
  number: number;
  level: number;
  text: string;
  stars: number;
  cost: string;
}

/**
 * A square the hints mark on the board: the piece to use (`piece`), where it goes
 * (`area`), or the move (`from` and `to`); `hint`: the number of the hint that
 * marks it (the newest where two mark the same square).
 */
export interface HintMark {
  square: string;
  mark: "piece" | "area" | "from" | "to";
  hint: number;
}

/**
 * The synced `lesson` trait; `hints`: the hints asked for at this step (the newest
 * last), `hint_marks`: their squares on the board, `hint_cost`: what the next hint costs
 * ("" when no hint can be asked).
 */
export interface LessonState {
  panel: LessonPanel;
  state: "playing" | "solved" | "lost" | "finished";
  feedback: LessonFeedback | null;
  total: number;
  next_lesson: string | null;
  hints: HintShown[];
  hint_marks: HintMark[];
  hint_cost: string;
}

/**
 * A lesson on the course map: its best stars per step, what it builds on (shown, never a
 * lock), and whether it is the one played or the one suggested next.
 */
export interface MapLesson {
  id: string;
  title: string;
  stars: number[];
  requires: string[];
  state: "new" | "started" | "done";
  current: boolean;
  suggested: boolean;
}

/** A course of the map (basics, editions, ...) and its lessons in teaching order. */
export interface MapCourse {
  id: string;
  title: string;
  lessons: MapLesson[];
}

/**
 * The learner on the course map: `name` ("" until given), the `file` handed in last
 * ("" none yet), the `folder` it was written to ("" the download only, or none yet), and
 * why the last name or hand-in was refused (`refused`: `"name"`, `"hand-in-name"` or
 * `"hand-in-folder"`, with its one-line `detail`).
 */
export interface MapLearner {
  name: string;
  file: string;
  folder: string;
  refused: "name" | "hand-in-name" | "hand-in-folder" | null;
  detail: string;
}

/**
 * One item of an assignment on the map: a lesson (its `lesson` id and `title`), its
 * `steps` set (from 1; `whole`: every step of the lesson), the `stars` earned of
 * `possible`, and its `state`: `"passed"` (every step has a star and the stars reach
 * the pass threshold), `"done"` (every step has a star) or `"not-yet"`.
 */
export interface MapAssignmentItem {
  lesson: string;
  title: string;
  steps: number[];
  whole: boolean;
  stars: number;
  possible: number;
  state: "passed" | "done" | "not-yet";
}

/**
 * An assignment the teacher set, as the learner's map shows it: its `title`, `due`
 * date (ISO, or None), `overdue` (not passed and the due date gone), `passed` (`late`:
 * only after the due date), the `points` of `maximum`, the `pass_percent` of the stars
 * that passes, and its `items`.
 */
export interface MapAssignment {
  title: string;
  due: string | null;
  overdue: boolean;
  passed: boolean;
  late: boolean;
  points: number;
  maximum: number;
  pass_percent: number;
  items: MapAssignmentItem[];
}

/**
 * The puzzle trainer on the map: the learner's Glicko-2 `rating` and its
 * `deviation` (rounded), the puzzles `solved`, the `attempts`, the puzzles `due` for
 * review, and whether a round is being played (`playing`).
 */
export interface MapPuzzles {
  rating: number;
  deviation: number;
  solved: number;
  attempts: number;
  due: number;
  playing: boolean;
}

/**
 * The synced `course` trait of a course board: the map, the stars, the steps due for
 * review, and where progress is kept (`place`: a file, `"browser"`, or `""`) or why
 * it cannot be (`problem`), the learner's name and hand-in (`learner`), the
 * assignments the teacher set (`assignments`) and the puzzle trainer (`puzzles`).
 */
export interface CourseMap {
  courses: MapCourse[];
  stars: number;
  possible: number;
  review: number;
  reviewing: boolean;
  place: string;
  problem: string | null;
  learner: MapLearner;
  assignments: MapAssignment[];
  puzzles: MapPuzzles;
}

// ---------------------------------------------------------------- messages

export interface MoveMessage {
  type: "move";
  from: string; // square
  to: string; // square
}

export interface SpotMessage {
  type: "spot";
  from: string; // square
  to: string; // square
  guess: string; // kind
}

export interface RescueMessage {
  type: "rescue";
  kind: string | null; // kind
  square?: string | null; // square
}

export interface SwapMessage {
  type: "swap";
  a: string; // square
  b: string; // square
}

export interface PlaceMessage {
  type: "place";
  kind: string; // kind
  square: string; // square
}

export interface RemoveMessage {
  type: "remove";
  square: string; // square
}

export interface RandomSetupMessage {
  type: "random_setup";
}

export interface PresetMessage {
  type: "preset";
  name: string; // name
}

export interface ClearSetupMessage {
  type: "clear_setup";
}

export interface ReadyMessage {
  type: "ready";
}

export interface HandoverMessage {
  type: "handover";
}

export interface ReplayMessage {
  type: "replay";
  index: number; // index
}

export interface UndoMessage {
  type: "undo";
}

export interface ResignMessage {
  type: "resign";
}

export interface NewGameMessage {
  type: "new_game";
}

export interface HelloMessage {
  type: "hello";
}

export interface SyncMessage {
  type: "sync";
}

/** A message any board takes (protocol.json's "messages"). */
export type BoardMessage =
  | MoveMessage
  | SpotMessage
  | RescueMessage
  | SwapMessage
  | PlaceMessage
  | RemoveMessage
  | RandomSetupMessage
  | PresetMessage
  | ClearSetupMessage
  | ReadyMessage
  | HandoverMessage
  | ReplayMessage
  | UndoMessage
  | ResignMessage
  | NewGameMessage
  | HelloMessage
  | SyncMessage;

export type BoardMessageType = BoardMessage["type"];

export interface CourseOpenMessage {
  type: "course_open";
  lesson: string; // name
}

export interface CourseReviewMessage {
  type: "course_review";
}

export interface ProgressRestoreMessage {
  type: "progress_restore";
  text: string; // progress_text
}

export interface CourseNameMessage {
  type: "course_name";
  name: string; // learner_name
}

export interface CourseHandInMessage {
  type: "course_hand_in";
}

export interface CoursePuzzlesMessage {
  type: "course_puzzles";
}

export interface LessonHintMessage {
  type: "lesson_hint";
}

export interface LessonRetryMessage {
  type: "lesson_retry";
}

export interface LessonNextMessage {
  type: "lesson_next";
}

export interface LessonGotoMessage {
  type: "lesson_goto";
  step: number; // step
}

export interface LessonAnswerMessage {
  type: "lesson_answer";
  choice: string; // name
}

export interface LessonPlaceMessage {
  type: "lesson_place";
  kind: string; // kind
  square: string; // square
}

/** A message only a lesson board takes (protocol.json's "lesson_messages"). */
export type LessonMessage =
  | CourseOpenMessage
  | CourseReviewMessage
  | ProgressRestoreMessage
  | CourseNameMessage
  | CourseHandInMessage
  | CoursePuzzlesMessage
  | LessonHintMessage
  | LessonRetryMessage
  | LessonNextMessage
  | LessonGotoMessage
  | LessonAnswerMessage
  | LessonPlaceMessage;

export type LessonMessageType = LessonMessage["type"];

/** Any message the browser may send to Python. */
export type Message = BoardMessage | LessonMessage;

export type MessageType = Message["type"];

export interface EditorPlaceMessage {
  type: "editor_place";
  square: string; // square
  side: string; // editor_side
  kind: string; // kind
}

export interface EditorRemoveMessage {
  type: "editor_remove";
  square: string; // square
}

export interface EditorMarkMessage {
  type: "editor_mark";
  square: string; // square
  mark: string; // editor_mark
}

export interface EditorToMoveMessage {
  type: "editor_to_move";
  side: string; // editor_side
}

export interface EditorRulesetMessage {
  type: "editor_ruleset";
  spec: string; // name
}

export interface EditorLessonMessage {
  type: "editor_lesson";
  field: string; // editor_lesson_field
  value: string; // editor_text
}

export interface EditorFieldMessage {
  type: "editor_field";
  field: string; // editor_field
  value: string; // editor_text
}

export interface EditorFeedbackMessage {
  type: "editor_feedback";
  key: string; // name
  value: string; // editor_text
}

export interface EditorStepMessage {
  type: "editor_step";
  step: number; // step
}

export interface EditorAddStepMessage {
  type: "editor_add_step";
}

export interface EditorRemoveStepMessage {
  type: "editor_remove_step";
}

export interface EditorRecordMessage {
  type: "editor_record";
}

export interface EditorStopMessage {
  type: "editor_stop";
}

export interface EditorMoveMessage {
  type: "editor_move";
  from: string; // square
  to: string; // square
}

export interface EditorSaveMessage {
  type: "editor_save";
}

export interface EditorPlayMessage {
  type: "editor_play";
  action: string; // name
}

export interface EditorKindMessage {
  type: "editor_kind";
  kind: string; // editor_kind
}

export interface EditorChoiceMessage {
  type: "editor_choice";
  choice: string; // name
  value: string; // editor_text
}

export interface EditorAnswerMessage {
  type: "editor_answer";
  choice: string; // name
}

export interface EditorTrayMessage {
  type: "editor_tray";
  value: string; // editor_text
}

export interface EditorAreaMessage {
  type: "editor_area";
  square: string; // square
}

export interface EditorGoalMessage {
  type: "editor_goal";
  check: string; // editor_goal_check
  value: string; // editor_text
}

export interface EditorGoalRemoveMessage {
  type: "editor_goal_remove";
  check: string; // editor_goal_check
}

/** A message of the lesson editor (protocol.json's "editor_messages"). */
export type EditorMessage =
  | EditorPlaceMessage
  | EditorRemoveMessage
  | EditorMarkMessage
  | EditorToMoveMessage
  | EditorRulesetMessage
  | EditorLessonMessage
  | EditorFieldMessage
  | EditorFeedbackMessage
  | EditorStepMessage
  | EditorAddStepMessage
  | EditorRemoveStepMessage
  | EditorRecordMessage
  | EditorStopMessage
  | EditorMoveMessage
  | EditorSaveMessage
  | EditorPlayMessage
  | EditorKindMessage
  | EditorChoiceMessage
  | EditorAnswerMessage
  | EditorTrayMessage
  | EditorAreaMessage
  | EditorGoalMessage
  | EditorGoalRemoveMessage;

export type EditorMessageType = EditorMessage["type"];

// The course map of a lesson board (stratego_widget.lessons.Course, or any LessonWidget): the
// courses and their lessons with each step's best stars, what each lesson builds on (shown,
// never a lock), the lesson being played and the one suggested next, the steps due for review,
// and where the learner's progress is kept; the learner's name (asked once, changeable: a
// labelled field, Enter saves) and Hand in, whose file the browser downloads (downloadHandIn);
// the assignments the teacher set (./assignment.ts), each item a button to its lesson.
// Python builds the map (the synced `course` trait, stratego_widget/lessons/board/course.py);
// this module draws it and sends `course_open`, `course_review`, `course_name`,
// `course_hand_in` and `course_puzzles` (the puzzle trainer's entry: the learner's rating, the
// puzzles solved, a button that plays a round). It also carries the learner's progress to and from the browser's storage
// when Python runs in the browser (JupyterLite): Python asks for it with `progress_mode`
// "browser", and sends what to store in `progress_text`, stored merged attempt by attempt with
// what other boards and tabs stored (mergeProgress), whose stores are sent back to Python.

import { button, el, setAttr, setDisabled, setHidden, setText, toggle } from "../shared/dom";
import { word } from "../shared/i18n";
import { assignmentView } from "./assignment";
import { starText } from "./lesson";
import type { CourseMap, LessonMessage, MapLearner, MapLesson } from "../shared/types";

export type { CourseMap };

/** The key of the browser's storage that keeps the learner's progress. */
export const PROGRESS_KEY = "stratego-widget-progress";

/** What the map needs from its board: the map, the language, and a way to send. */
export interface CourseHost {
  map(): CourseMap | undefined;
  lang(): string;
  interactive(): boolean;
  send(message: LessonMessage): void;
  /** The map was opened or closed (the board hides while the map shows). */
  shown(open: boolean): void;
}

/** "Lesson: 5 of 12 stars" for a lesson on the map. */
export function lessonLabel(lesson: MapLesson, lang: string): string {
  const stars = lesson.stars.reduce((a, b) => a + b, 0);
  return word("courseLesson", lang, {
    title: lesson.title, stars: String(stars), total: String(3 * lesson.stars.length),
  });
}

/** Where the progress is kept, said to the learner. */
export function placeText(map: CourseMap, lang: string): string {
  if (map.problem) return map.problem;
  if (map.place === "browser") return word("coursePlaceBrowser", lang);
  if (map.place) return word("coursePlaceFile", lang, { place: map.place });
  return word("coursePlaceNone", lang);
}

/** The longest name the map takes (Python's MAX_NAME_LENGTH, hand_in.py; a Python test checks). */
export const MAX_NAME_LENGTH = 60;

/** What the map says about the learner's name and the last hand-in ("" nothing to say). */
export function handInText(learner: MapLearner, lang: string): string {
  if (learner.refused === "name") return word("courseRefusedName", lang, { max: String(MAX_NAME_LENGTH) });
  if (learner.refused === "hand-in-name") return word("courseRefusedHandInName", lang);
  if (learner.refused === "hand-in-folder") return word("courseRefusedHandInFolder", lang, { detail: learner.detail });
  if (!learner.file) return "";
  return learner.folder ? word("courseHandedFolder", lang, { file: learner.file, folder: learner.folder })
    : word("courseHandedDownload", lang, { file: learner.file });
}

/** The browser downloads a file Python handed in (the widget's `hand_in` message: the file's
 * name and text); false for any other message. */
export function downloadHandIn(message: unknown, doc: Document = document): boolean {
  const handed = message as { type?: unknown; file?: unknown; text?: unknown } | null;
  if (handed?.type !== "hand_in" || typeof handed.file !== "string" || typeof handed.text !== "string") return false;
  const url = URL.createObjectURL(new Blob([handed.text], { type: "application/json" }));
  const link = doc.createElement("a");
  link.href = url;
  link.download = handed.file;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url));
  return true;
}

let nameFields = 0;

export class CourseMapView {
  /** The map: shown in place of the board while open. */
  readonly element = el("section", { className: "sw-course", testid: "course-map" });
  /** The button of the lesson panel that opens the map. */
  readonly openButton: HTMLButtonElement;
  private heading = el("h2", { className: "sw-course-heading" });
  private stars = el("span", { className: "sw-course-stars", testid: "course-stars" });
  private place = el("p", { className: "sw-course-place", testid: "course-place" });
  private reviewButton: HTMLButtonElement;
  private backButton: HTMLButtonElement;
  private handInButton: HTMLButtonElement;
  private nameForm = el("form", { className: "sw-course-name", testid: "course-name-form" });
  private nameLabel = el("label");
  private nameInput = el("input", { testid: "course-name" });
  private nameSave = el("button", { className: "sw-button", testid: "course-name-save" });
  private nameAsk = el("p", { className: "sw-course-ask", testid: "course-name-ask" });
  private handed = el("p", { className: "sw-course-handed", testid: "course-handed" });
  private shownName: string | null = null;
  private list = el("div", { className: "sw-course-list" });
  private assignments = el("div", { className: "sw-course-assignments", testid: "course-assignments" });
  private puzzles = el("section", { className: "sw-course-puzzles", testid: "course-puzzles-entry" });
  private puzzleStatus = el("p", { className: "sw-course-puzzle-status", testid: "course-puzzles-status" });
  private puzzleButton: HTMLButtonElement;
  private key = "";
  private assignmentKey = "";
  private open = false;

  constructor(private host: CourseHost) {
    this.openButton = button("course-map-button", () => this.setOpen(!this.open));
    this.reviewButton = button("course-review", () => {
      this.host.send({ type: "course_review" });
      this.setOpen(false);
    });
    this.backButton = button("course-back", () => this.setOpen(false));
    this.puzzleButton = button("course-puzzles", () => {
      this.host.send({ type: "course_puzzles" });
      this.setOpen(false);
    });
    this.puzzles.append(this.puzzleStatus, this.puzzleButton);
    this.handInButton = button("course-hand-in", () => this.host.send({ type: "course_hand_in" }));
    const top = el("div", { className: "sw-course-top" });
    const actions = el("div", { className: "sw-buttons" });
    actions.append(this.reviewButton, this.handInButton, this.backButton);
    top.append(this.heading, this.stars, actions);
    this.nameInput.id = `sw-course-name-${++nameFields}`;
    this.nameInput.type = "text";
    this.nameInput.autocomplete = "name";
    this.nameInput.maxLength = MAX_NAME_LENGTH;
    this.nameLabel.htmlFor = this.nameInput.id;
    this.nameSave.type = "submit";
    this.nameForm.append(this.nameLabel, this.nameInput, this.nameSave);
    this.nameForm.addEventListener("submit", (event) => {
      event.preventDefault();
      this.host.send({ type: "course_name", name: this.nameInput.value });
    });
    this.handed.setAttribute("role", "status");
    this.element.append(top, this.nameAsk, this.nameForm, this.handed, this.place, this.assignments,
      this.puzzles, this.list);
    this.element.hidden = true;
    this.element.setAttribute("data-lm-suppress-shortcuts", "true");
    this.element.addEventListener("keydown", (event) => {
      event.stopPropagation();
      if (event.key === "Escape") this.setOpen(false);
    });
  }

  /** Whether the map is shown. */
  get isOpen(): boolean { return this.open; }

  /** Show or hide the map; ``focus``: the focus goes to the map's Back button, or back to the
   * button that opens it (not when the board first opens on its map: the notebook keeps it). */
  setOpen(open: boolean, focus = true): void {
    if (this.open === open) return;
    this.open = open;
    this.render();
    this.host.shown(open);
    if (focus) (open ? this.backButton : this.openButton).focus();
  }

  render(): void {
    const map = this.host.map();
    const lang = this.host.lang();
    setHidden(this.openButton, !map?.courses);
    setText(this.openButton, word("courseMap", lang));
    setAttr(this.openButton, "aria-expanded", String(this.open));
    setHidden(this.element, !this.open || !map?.courses);
    if (!map?.courses) return;
    setText(this.heading, word("courseMap", lang));
    setText(this.stars, word("courseStars", lang,
      { stars: String(map.stars), total: String(map.possible) }));
    setText(this.place, placeText(map, lang));
    toggle(this.place, "sw-error", !!map.problem);
    setText(this.reviewButton, map.review === 0 ? word("courseNoReview", lang)
      : map.review === 1 ? word("courseReviewOne", lang)
        : word("courseReview", lang, { n: String(map.review) }));
    setDisabled(this.reviewButton, map.review === 0 || !this.host.interactive());
    setText(this.backButton, word("courseBack", lang));
    this.renderLearner(map, lang);
    this.renderPuzzles(map, lang);
    const key = JSON.stringify([map.courses, lang, this.host.interactive()]);
    if (key !== this.key) {
      this.key = key;
      this.drawLessons(map, lang);
    }
    const assignments = map.assignments ?? [];
    const assignmentKey = JSON.stringify([assignments, lang, this.host.interactive()]);
    if (assignmentKey !== this.assignmentKey) {
      this.assignmentKey = assignmentKey;
      this.assignments.replaceChildren(...assignments.map((assignment, index) =>
        assignmentView(assignment, index, lang, this.host.interactive(), (lesson) => this.openLesson(lesson))));
    }
  }

  /** Play a lesson of the course: the map closes on it. */
  private openLesson(lesson: string): void {
    this.host.send({ type: "course_open", lesson });
    this.setOpen(false);
  }

  /** The puzzle trainer's entry: the learner's rating, the puzzles solved, the attempts and
   * those due for review, and the button that plays a round. */
  private renderPuzzles(map: CourseMap, lang: string): void {
    const puzzles = map.puzzles as CourseMap["puzzles"] | undefined;
    setHidden(this.puzzles, !puzzles);
    if (!puzzles) return;
    setText(this.puzzleStatus, word("coursePuzzlesStatus", lang, {
      rating: String(puzzles.rating), solved: String(puzzles.solved),
      attempts: String(puzzles.attempts), due: String(puzzles.due),
    }));
    setText(this.puzzleButton, word("coursePuzzles", lang));
    setDisabled(this.puzzleButton, !this.host.interactive());
  }

  private renderLearner(map: CourseMap, lang: string): void {
    const learner = map.learner;
    const interactive = this.host.interactive();
    setText(this.nameLabel, word("courseName", lang));
    setText(this.nameSave, word("courseNameSave", lang));
    setText(this.nameAsk, learner.name ? word("courseNamed", lang, { name: learner.name })
      : word("courseNameAsk", lang));
    toggle(this.nameAsk, "sw-course-asking", !learner.name);
    // The field shows the name kept, unless the learner is typing another one.
    if (learner.name !== this.shownName && (learner.refused !== "name" || this.shownName === null)) {
      this.shownName = learner.name;
      this.nameInput.value = learner.name;
    }
    setDisabled(this.nameInput, !interactive);
    setDisabled(this.nameSave, !interactive);
    setText(this.handInButton, word("courseHandIn", lang));
    setDisabled(this.handInButton, !interactive);
    const said = handInText(learner, lang);
    setText(this.handed, said);
    toggle(this.handed, "sw-error", learner.refused !== null);
    setAttr(this.nameInput, "aria-invalid", String(learner.refused === "name"));
  }

  private drawLessons(map: CourseMap, lang: string): void {
    const titles = new Map<string, string>();
    for (const course of map.courses) for (const lesson of course.lessons) titles.set(lesson.id, lesson.title);
    const interactive = this.host.interactive();
    const sections = map.courses.map((course) => {
      const section = el("section", { className: "sw-course-section" });
      const heading = el("h3", { text: course.title });
      const list = el("ol", { className: "sw-course-lessons" });
      for (const lesson of course.lessons) {
        const item = el("li", { className: `sw-course-lesson sw-${lesson.state}` });
        const open = button(`course-lesson-${lesson.id}`, () => this.openLesson(lesson.id));
        open.className = "sw-button sw-course-open";
        open.disabled = !interactive;
        setAttr(open, "aria-label", lessonLabel(lesson, lang));
        if (lesson.current) open.setAttribute("aria-current", "true");
        const name = el("span", { className: "sw-course-title", text: lesson.title });
        const stars = el("span", { className: "sw-course-steps", text: lesson.stars.map(starText).join(" ") });
        stars.setAttribute("aria-hidden", "true");
        open.append(name, stars);
        item.append(open);
        const badge = lesson.current ? word("coursePlaying", lang)
          : lesson.suggested ? word("courseSuggested", lang) : "";
        if (badge) item.append(el("span", { className: "sw-course-badge", text: badge }));
        if (lesson.requires.length) {
          const names = lesson.requires.map((id) => titles.get(id) ?? id).join(", ");
          item.append(el("span", { className: "sw-course-after", text: word("courseAfter", lang, { titles: names }) }));
        }
        list.append(item);
      }
      section.append(heading, list);
      return section;
    });
    this.list.replaceChildren(...sections);
  }
}

/** A step keeps its newest attempts, the progress its newest in all: the same limits as
 * Python's (stratego_widget/lessons/classroom/attempts.py and progress.py; a Python test checks). */
export const MAX_ATTEMPTS_KEPT = 20;
export const MAX_FILE_ATTEMPTS = 4_000;

interface StoredAttempt { date: string; [field: string]: unknown }
interface StoredRecord {
  fingerprint: string; best: number; attempts: StoredAttempt[]; due: string | null; interval: number;
}
interface StoredPuzzle { attempts: number; [field: string]: unknown }
interface StoredPuzzles { rating: number[]; records: Record<string, StoredPuzzle> }
interface StoredProgress {
  format: string; version: number; learner: string;
  lessons: Record<string, Record<string, StoredRecord>>;
  puzzles?: StoredPuzzles;
}

function puzzleAttempts(puzzles: StoredPuzzles): number {
  return Object.values(puzzles.records).reduce((sum, record) => sum + record.attempts, 0);
}

/** Two boards' puzzles as one, as Python's ``PuzzleRecords.merged`` does: each puzzle the
 * record with more attempts (``mine`` on a tie), the learner's rating of the side with more
 * attempts in all; undefined when neither has puzzles. */
export function mergePuzzles(mine?: StoredPuzzles, theirs?: StoredPuzzles): StoredPuzzles | undefined {
  if (!mine || !theirs) return mine ?? theirs;
  const records: Record<string, StoredPuzzle> = { ...theirs.records };
  for (const [id, record] of Object.entries(mine.records)) {
    if (!records[id] || record.attempts >= records[id].attempts) records[id] = record;
  }
  const rating = puzzleAttempts(mine) >= puzzleAttempts(theirs) ? mine.rating : theirs.rating;
  const sorted: Record<string, StoredPuzzle> = {};
  for (const id of Object.keys(records).sort()) sorted[id] = records[id];
  return { rating, records: sorted };
}

function readProgress(text: string): StoredProgress | null {
  try {
    const data = JSON.parse(text) as StoredProgress;
    const lessons = data?.lessons;
    if (data?.format !== PROGRESS_KEY || data.version !== 2 || !lessons || typeof lessons !== "object") return null;
    const puzzles = data.puzzles;
    if (puzzles !== undefined && (!puzzles || typeof puzzles.records !== "object" || !puzzles.records)) return null;
    for (const steps of Object.values(lessons)) {
      if (!steps || typeof steps !== "object") return null;
      for (const record of Object.values(steps)) {
        if (!record || !Array.isArray(record.attempts)) return null;
      }
    }
    return data;
  } catch {
    return null;
  }
}

const ATTEMPT_FIELDS = ["date", "seconds", "solved", "stars", "failed", "refusals", "wrong_answers", "hints", "review"];
const attemptKey = (a: StoredAttempt) => JSON.stringify(ATTEMPT_FIELDS.map((f) => a[f]));
const lastPlayed = (r: StoredRecord) => r.attempts.reduce((m, a) => (a.date > m ? a.date : m), "");

function mergeRecord(mine: StoredRecord | undefined, theirs: StoredRecord | undefined): StoredRecord {
  if (!mine || !theirs) {
    const kept = (mine ?? theirs) as StoredRecord;
    return { ...kept, attempts: [...kept.attempts] };
  }
  const later = lastPlayed(theirs) > lastPlayed(mine) ? theirs : mine;
  if (mine.fingerprint && theirs.fingerprint && mine.fingerprint !== theirs.fingerprint) {
    return { ...later, attempts: [...later.attempts] };
  }
  const seen = new Set(mine.attempts.map(attemptKey));
  const attempts = [...mine.attempts, ...theirs.attempts.filter((a) => !seen.has(attemptKey(a)))];
  attempts.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return {
    fingerprint: mine.fingerprint || theirs.fingerprint, best: Math.max(mine.best, theirs.best),
    attempts: attempts.slice(-MAX_ATTEMPTS_KEPT), due: later.due, interval: later.interval,
  };
}

/** Two boards' progress as one, attempt by attempt, as Python's ``Progress.merged`` does:
 * each step keeps the attempts of both (the newest ``MAX_ATTEMPTS_KEPT``, the file's newest
 * ``MAX_FILE_ATTEMPTS``), the better best stars, and the review schedule of the side that
 * played it last; ``mine`` wins ties. Text that is not progress of the second form: ``mine``
 * as it is. */
export function mergeProgress(mine: string, theirs: string): string {
  const a = readProgress(mine);
  const b = readProgress(theirs);
  if (!a || !b) return mine;
  const lessons: Record<string, Record<string, StoredRecord>> = {};
  const byNumber = (x: string, y: string) => Number(x) - Number(y);
  for (const lesson of [...new Set([...Object.keys(a.lessons), ...Object.keys(b.lessons)])].sort()) {
    const ours = a.lessons[lesson] ?? {};
    const others = b.lessons[lesson] ?? {};
    lessons[lesson] = {};
    for (const step of [...new Set([...Object.keys(ours), ...Object.keys(others)])].sort(byNumber)) {
      lessons[lesson][step] = mergeRecord(ours[step], others[step]);
    }
  }
  const every: [string, string, number, number][] = [];
  for (const [lesson, steps] of Object.entries(lessons)) {
    for (const [step, record] of Object.entries(steps)) {
      record.attempts.forEach((attempt, place) => every.push([attempt.date, lesson, Number(step), place]));
    }
  }
  if (every.length > MAX_FILE_ATTEMPTS) {
    every.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1] ? 1
      : x[2] - y[2] || x[3] - y[3]));
    const dropped = new Set(every.slice(0, every.length - MAX_FILE_ATTEMPTS).map((x) => `${x[1]} ${x[2]} ${x[3]}`));
    for (const [lesson, steps] of Object.entries(lessons)) {
      for (const [step, record] of Object.entries(steps)) {
        record.attempts = record.attempts.filter((_, place) => !dropped.has(`${lesson} ${step} ${place}`));
      }
    }
  }
  const puzzles = mergePuzzles(a.puzzles, b.puzzles);
  return JSON.stringify({ format: PROGRESS_KEY, version: 2, learner: a.learner || b.learner, lessons,
    ...(puzzles ? { puzzles } : {}) });
}

/** The learner's progress kept by the browser ("" when there is none, or no storage). */
export function storedProgress(storage: Storage | null = safeStorage()): string {
  try {
    return storage?.getItem(PROGRESS_KEY) ?? "";
  } catch {
    return "";
  }
}

/** Keep the learner's progress in the browser, merged with what is stored now (another board
 * or tab may have stored since: last writer must not win); false when the browser refuses
 * (private mode, storage full). */
export function storeProgress(text: string, storage: Storage | null = safeStorage()): boolean {
  try {
    if (!storage) return false;
    const stored = storage.getItem(PROGRESS_KEY);
    const merged = stored ? mergeProgress(text, stored) : text;
    if (merged !== stored) storage.setItem(PROGRESS_KEY, merged);
    return true;
  } catch {
    return false;
  }
}

/** Call ``changed`` with the stored progress whenever another tab stores it (the browser's
 * `storage` event); returns what stops listening. */
export function watchProgress(changed: (text: string) => void): () => void {
  if (typeof window === "undefined") return () => {};
  const listen = (event: StorageEvent) => {
    if (event.key === PROGRESS_KEY && event.newValue) changed(event.newValue);
  };
  window.addEventListener("storage", listen);
  return () => window.removeEventListener("storage", listen);
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

// Interaction: selection, click-click and drag, keyboard, setup clicks, spot and rescue
// choices. The controller turns gestures into proposals for Python; it never changes the
// game itself. Selecting a piece shows its targets from the synced view, with no round trip.

import { Board, type Highlights } from "./board";
import { pieceName, word } from "./i18n";
import {
  ChoiceDialog, GamePanel, HandoverCover, Header, SetupPanel, Status, el, type PanelActions,
} from "./panels";
import { decodePiece, type Message, type Model, type Rules, type View } from "./types";

interface Timing { serial: number; clickAt: number; paintedAt: number }
declare global {
  interface Window { __strategoTiming?: Timing[] }
}

type Choice =
  | { kind: "spot"; from: string; to: string; canMove: boolean }
  | { kind: "rescue-kind" }
  | { kind: "rescue-square"; piece: string };

export class Controller implements PanelActions {
  readonly root = el("div", { className: "sw-root" });
  private board = new Board();
  private header: Header;
  private status = new Status();
  private setup: SetupPanel;
  private side: GamePanel;
  private cover: HandoverCover;
  private dialog: ChoiceDialog;
  private live = el("div", { className: "sw-live" });
  private selected: string | null = null;
  private trayKind: string | null = null;
  private choice: Choice | null = null;
  private dragFrom: string | null = null;
  private pendingClick: { serial: number; at: number } | null = null;
  private announced = "";
  private alive: boolean | null = null; // null: not known yet (assume a kernel until told)

  constructor(private model: Model) {
    this.header = new Header(this);
    this.setup = new SetupPanel(this);
    this.side = new GamePanel(this);
    this.cover = new HandoverCover(this);
    this.dialog = new ChoiceDialog("choice-dialog", this);
    this.root.setAttribute("data-lm-suppress-shortcuts", "true");
    this.live.setAttribute("aria-live", "polite");
    this.live.dataset.testid = "live";
    const stage = el("div", { className: "sw-stage" });
    stage.append(this.board.element, this.cover.element, this.dialog.element);
    const main = el("div", { className: "sw-main" });
    const column = el("div", { className: "sw-column" });
    column.append(this.status.element, this.setup.element, this.side.element);
    main.append(stage, column);
    this.root.append(this.header.element, main, this.live);
    this.board.element.addEventListener("click", (event) => this.onClick(event));
    this.board.element.addEventListener("contextmenu", (event) => this.onContextMenu(event));
    this.board.element.addEventListener("keydown", (event) => this.onKey(event));
    this.board.element.addEventListener("pointerdown", (event) => this.onPointerDown(event));
    this.board.element.addEventListener("pointerup", (event) => this.onPointerUp(event));
  }

  private get view(): View { return this.model.get("view"); }
  private get rules(): Rules { return this.model.get("rules"); }
  private get lang(): string { return this.model.get("lang"); }
  private get interactive(): boolean {
    return this.model.get("interactive") && this.alive !== false;
  }

  /** Whether a kernel answered the front end's hello (false: saved state, read-only). */
  setAlive(alive: boolean): void {
    if (this.alive === true) return;
    this.alive = alive;
    this.render();
  }

  // ---------------------------------------------------------------- PanelActions

  send(message: Message): void {
    if (!this.interactive) return;
    this.model.send(message);
  }

  setLang(lang: string): void {
    if (!this.interactive) return;
    this.model.set("lang", lang);
    this.model.save_changes();
  }

  setNumbering(numbering: string): void {
    if (!this.interactive) return;
    this.model.set("numbering", numbering);
    this.model.save_changes();
  }

  pickTray(kind: string): void {
    this.trayKind = this.trayKind === kind ? null : kind;
    this.selected = null;
    this.render();
  }

  choose(value: string | null): void {
    const choice = this.choice;
    this.choice = null;
    this.dialog.close();
    if (!choice) return;
    if (choice.kind === "spot") {
      if (value === "move") this.propose({ type: "move", from: choice.from, to: choice.to });
      else if (value) this.send({ type: "spot", from: choice.from, to: choice.to, guess: value });
    } else if (choice.kind === "rescue-kind") {
      if (value === null) this.send({ type: "rescue", kind: null });
      else this.askRescueSquare(value);
    } else if (value !== null) {
      this.send({ type: "rescue", kind: choice.piece, square: value });
    } else {
      this.send({ type: "rescue", kind: null });
    }
    this.render();
  }

  // ---------------------------------------------------------------- drawing

  render(): void {
    const view = this.view;
    const rules = this.rules;
    const lang = this.lang;
    if (!rules || !view || !rules.width) return;
    if (this.selected && !this.selectable(this.selected)) this.selected = null;
    this.header.update(rules, lang, this.model.get("numbering"), this.interactive);
    this.board.update(view, rules, lang, this.highlights());
    this.status.update(view, lang);
    this.setup.update(view, rules, lang, this.trayKind);
    this.side.update(view, rules, lang);
    this.cover.update(view, lang);
    this.board.element.classList.toggle("sw-hidden", view.phase === "handover");
    this.root.dataset.serial = String(view.serial);
    this.root.dataset.phase = view.phase;
    this.announce(view, lang);
    if (view.pending && !this.choice && this.interactive) this.askRescueKind();
    if (this.pendingClick && view.serial > this.pendingClick.serial) {
      const { serial, at } = this.pendingClick;
      this.pendingClick = null;
      requestAnimationFrame(() => {
        (window.__strategoTiming ??= []).push({ serial, clickAt: at, paintedAt: performance.now() });
      });
    }
  }

  private highlights(): Highlights {
    const view = this.view;
    const targets: Highlights["targets"] = {};
    if (this.selected && view.phase === "play") {
      Object.assign(targets, view.targets[this.selected] ?? {});
      for (const square of view.spots[this.selected] ?? []) {
        if (!targets[square]) targets[square] = "spot";
      }
    }
    const area = new Set(view.setup && view.can_act ? view.setup.area : []);
    return { selected: this.selected, targets, setupArea: area };
  }

  private announce(view: View, lang: string): void {
    const text = view.message?.text ?? view.battle?.sentence ?? view.result?.sentence
      ?? (view.last_move ? view.last_move.text : "");
    const key = `${view.serial}:${text}`;
    if (text && key !== this.announced) {
      this.announced = key;
      this.live.textContent = view.result ? `${view.result.sentence} ${word("over", lang)}` : text;
    }
  }

  // ---------------------------------------------------------------- gestures

  private squareOf(target: EventTarget | null): string | null {
    const cell = (target as HTMLElement | null)?.closest?.("[data-square]") as HTMLElement | null;
    return cell?.dataset.square ?? null;
  }

  /** Squares a click may select: the setup area, or any own piece when it is our move (a
   * piece without targets too, so that trying to move it gets the rule explained). */
  private selectable(square: string): boolean {
    const view = this.view;
    if (view.phase === "setup") return !!view.setup && view.setup.area.includes(square);
    const code = view.pieces[square];
    return view.can_act && !!code && code[0] === view.viewer[0];
  }

  private onClick(event: MouseEvent): void {
    const square = this.squareOf(event.target);
    if (square) this.activate(square);
  }

  private onContextMenu(event: MouseEvent): void {
    const square = this.squareOf(event.target);
    const view = this.view;
    if (!square || view.phase !== "setup" || !view.pieces[square]) return;
    event.preventDefault();
    this.send({ type: "remove", square });
  }

  private onPointerDown(event: PointerEvent): void {
    const square = this.squareOf(event.target);
    this.dragFrom = square && this.view.pieces[square] && this.selectable(square) ? square : null;
  }

  private onPointerUp(event: PointerEvent): void {
    const from = this.dragFrom;
    this.dragFrom = null;
    if (!from) return;
    const under = document.elementFromPoint?.(event.clientX, event.clientY) ?? null;
    const to = this.squareOf(under);
    if (to && to !== from) {
      this.selected = from;
      this.activate(to);
      event.preventDefault();
    }
  }

  private onKey(event: KeyboardEvent): void {
    const square = this.squareOf(event.target);
    if (!square) return;
    if (event.key.startsWith("Arrow")) {
      this.board.focus(this.board.neighbour(square, event.key));
      event.preventDefault();
    } else if (event.key === "Enter" || event.key === " ") {
      this.activate(square);
      event.preventDefault();
    } else if (event.key === "Escape") {
      this.selected = null;
      this.trayKind = null;
      this.render();
    }
  }

  /** A click (or Enter) on a square: select, move, place or swap. */
  activate(square: string): void {
    if (!this.interactive) return;
    this.board.setFocusable(square);
    const view = this.view;
    if (view.phase === "setup") this.activateSetup(square);
    else if (view.phase === "play") this.activatePlay(square);
    this.render();
  }

  private activateSetup(square: string): void {
    const setup = this.view.setup;
    if (!setup || !this.view.can_act || !setup.area.includes(square)) {
      this.selected = null;
      return;
    }
    if (this.trayKind) {
      this.send({ type: "place", kind: this.trayKind, square });
      if ((setup.tray[this.trayKind] ?? 0) <= 1) this.trayKind = null;
    } else if (this.selected && this.selected !== square) {
      this.send({ type: "swap", a: this.selected, b: square });
      this.selected = null;
    } else {
      this.selected = this.selected === square ? null : square;
    }
  }

  private activatePlay(square: string): void {
    const view = this.view;
    const from = this.selected;
    if (from) {
      const action = view.targets[from]?.[square];
      const spot = (view.spots[from] ?? []).includes(square);
      if (spot) {
        this.askSpot(from, square, action === "move");
        this.selected = null;
        return;
      }
      if (action || (from !== square && !this.selectable(square))) {
        // A legal target, or a square that is not: either way Python decides, and explains
        // the rule when the move is not allowed.
        this.selected = null;
        this.propose({ type: "move", from, to: square });
        return;
      }
    }
    this.selected = from !== square && this.selectable(square) ? square : null;
  }

  private propose(message: Message): void {
    this.pendingClick = { serial: this.view.serial, at: performance.now() };
    this.send(message);
  }

  // ---------------------------------------------------------------- choices

  private askSpot(from: string, to: string, canMove: boolean): void {
    const lang = this.lang;
    const rules = this.rules;
    this.choice = { kind: "spot", from, to, canMove };
    const guesses: [string, string][] = rules.kinds.map((kind) =>
      [kind, `${rules.labels[kind]} ${pieceName(kind, lang)}`]);
    if (canMove) guesses.unshift(["move", word("justMove", lang)]);
    this.dialog.open(word("guess", lang), guesses, word("cancel", lang));
  }

  private askRescueKind(): void {
    const pending = this.view.pending;
    if (!pending) return;
    const lang = this.lang;
    this.choice = { kind: "rescue-kind" };
    this.dialog.element.dataset.testid = "rescue-dialog";
    this.dialog.open(word("rescue", lang),
      pending.kinds.map((kind) => [kind, pieceName(kind, lang)]), word("decline", lang));
  }

  private askRescueSquare(piece: string): void {
    const pending = this.view.pending;
    if (!pending) return;
    this.choice = { kind: "rescue-square", piece };
    this.dialog.open(`${word("rescueWhere", this.lang)}`,
      pending.squares.map((sq) => [sq, sq]), word("decline", this.lang));
  }

  /** The owner of a piece on a square, for tests and assistive descriptions. */
  ownerAt(square: string): string | null {
    const code = this.view.pieces[square];
    return code ? decodePiece(code, this.rules).owner : null;
  }

  dispose(): void {
    this.status.dispose();
  }
}

// The controller holds what only the browser knows (the selected square, the tray kind picked,
// an open choice) and turns gestures into proposals for Python; it never changes the game
// itself. `activate` is where a click on a square becomes a message. Selecting a piece shows
// its targets from the synced view at once, with no round trip.

import { BattleDisplay, battlesOf } from "./battle";
import { Board, SLIDE_MS, type Highlights } from "./board";
import { ChoiceDialog, HandoverCover } from "./dialogs";
import { el, setAttr, setHidden, setText, toggle } from "./dom";
import { pieceName, word } from "./i18n";
import { attachGestures, attachTrayDrag } from "./interaction";
import { OfflineReplay } from "./offline";
import { GamePanel, Header, Legend, Status } from "./panels";
import { SetupPanel } from "./setup";
import { applyPatch } from "./sync";
import { checkMessage, traitFits, type SettableTrait } from "./protocol";
import { Liveness } from "./liveness";
import { PaintTimer } from "./timing";
import { actingSide, type Action, type Message, type Model, type Rules, type View } from "./types";

/** How long a move drawn before the kernel's answer waits for it before it is put back. */
export const ANSWER_TIMEOUT_MS = 10000;

/** How long a strike's answer may take before its squares pulse (the ring shows at once). */
export const SLOW_ANSWER_MS = 300;

/** How long an error stays next to the square that was clicked. */
export const BUBBLE_MS = 6000;

/** The spot dialog's choice for moving the Spotter without spotting (no kind has this name). */
const JUST_MOVE = "just-move";

export class Controller {
  readonly root = el("div", { className: "sw-root sw-names" });
  private board = new Board();
  private header: Header;
  private status = new Status();
  private legend = new Legend();
  private setup: SetupPanel;
  private side: GamePanel;
  private cover: HandoverCover;
  private battle = new BattleDisplay((square) => this.board.rowFraction(square));
  private spotDialog = new ChoiceDialog("spot-dialog");
  private rescueDialog = new ChoiceDialog("rescue-dialog");
  private live = el("div", { className: "sw-live", testid: "live" });
  private timer = new PaintTimer();
  /** Called after every drawing (the widget tells Python which view it has drawn). */
  afterDraw: () => void = () => {};
  /** How many moves the board last drew, and since when the user's own move has been on the
   * board (drawn at the click, or with the answer to a strike): the move after it waits. */
  private drawnMoves = -1;
  private ownMoveAt = -Infinity;
  /** A view held back until the move before it has landed (see `paceWait`). */
  private heldTimer: ReturnType<typeof setTimeout> | undefined;
  /** Proposals to send once the click's render is done. */
  private outbox: Message[] = [];
  /** When the click being handled happened. */
  private clickAt = 0;
  private detach: () => void;
  private detachTray: () => void;
  private selected: string | null = null;
  private trayKind: string | null = null;
  /** The kind being rescued once chosen: its squares are then highlighted on the board. */
  private rescueKind: string | null = null;
  /** The pending rescue the dialog was opened for, so it opens once per rescue. */
  private rescueAsked = "";
  /** While the spot dialog is open: where the Spotter stands and where it would spot from. */
  private spotting: { from: string; to: string } | null = null;
  private announced = "";
  private liveness = new Liveness(() => this.render());
  /** A move or strike sent and not answered yet: a plain move is drawn at once, a strike is
   * shown as being resolved; the engine's next view confirms it or puts the board back. */
  private optimistic: { from: string; to: string; serial: number; action: Action } | null = null;
  /** The square last clicked, where an error from the engine is shown. */
  private clicked: string | null = null;
  /** The error last shown next to a square (so each is shown once). */
  private bubbleShown = "";
  private bubble = el("div", { className: "sw-bubble", testid: "bubble" });
  private bubbleTimer: ReturnType<typeof setTimeout> | undefined;
  private answerTimer: ReturnType<typeof setTimeout> | undefined;
  /** A strike's answer is slow: its squares pulse and the status line says so. */
  private waiting = false;
  private slowTimer: ReturnType<typeof setTimeout> | undefined;
  /** Open the spot or rescue picker again (in a new language). */
  private spotRedraw: (() => void) | null = null;
  private rescueRedraw: (() => void) | null = null;
  /** The language the open pickers were drawn in. */
  private drawnLang = "";
  /** The serial of the patch the whole view was last asked for (once per gap). */
  private syncAsked = -1;
  /** Without a kernel, a finished game's replay is stepped through in the browser. */
  private offline: OfflineReplay;

  constructor(private model: Model) {
    this.offline = new OfflineReplay(model);
    const actions = {
      send: (message: Message) => this.send(message),
      setLang: (lang: string) => this.setTrait("lang", lang),
      setNumbering: (numbering: string) => this.setTrait("numbering", numbering),
      pickTray: (kind: string) => this.pickTray(kind),
      removeSelected: () => { if (this.selected) this.remove(this.selected); },
      setNames: (on: boolean) => toggle(this.root, "sw-names", on),
    };
    this.header = new Header(actions);
    this.setup = new SetupPanel(actions);
    this.side = new GamePanel(actions);
    this.cover = new HandoverCover(actions.send);
    this.root.setAttribute("data-lm-suppress-shortcuts", "true");
    this.live.setAttribute("aria-live", "polite");
    this.live.setAttribute("role", "status");
    const stage = el("div", { className: "sw-stage" });
    this.bubble.hidden = true;
    this.bubble.setAttribute("role", "alert");
    stage.append(this.board.element, this.bubble, this.battle.element, this.spotDialog.element,
      this.rescueDialog.element, this.cover.element, this.legend.element);
    const column = el("div", { className: "sw-column" });
    column.append(this.status.element, this.setup.element, this.side.element);
    const main = el("div", { className: "sw-main" });
    main.append(stage, column);
    this.root.append(this.header.element, main, this.live);
    this.detach = attachGestures(this.board, {
      activate: (square, at) => this.activate(square, at),
      canDrag: (square) => this.interactive && !!this.view.pieces[square] && this.selectable(square),
      drop: (from, to) => {
        this.selected = from;
        this.activate(to);
      },
      remove: (square) => this.remove(square),
      cancel: () => this.cancel(),
    });
    this.detachTray = attachTrayDrag(this.setup.tray, this.board, {
      canDrag: (kind) => this.interactive && this.view.phase === "setup" && this.view.can_act
        && (this.view.setup?.tray[kind] ?? 0) > 0,
      drop: (kind, square) => {
        if (!this.selectable(square)) return;
        this.selected = null;
        this.send({ type: "place", kind, square });
        this.render();
      },
    });
    // Keys and right-clicks on the widget are the widget's: the notebook around it must not
    // turn them into cell commands (`d d`, `a`, `b`, `m`) or open its own context menu.
    this.root.addEventListener("keydown", (event) => event.stopPropagation());
    this.root.addEventListener("contextmenu", (event) => {
      event.stopPropagation();
      if ((event.target as Element | null)?.closest?.(".sw-frame, .sw-tray")) event.preventDefault();
    });
  }

  private get view(): View { return this.model.get("view"); }
  private get rules(): Rules { return this.model.get("rules"); }
  private get lang(): string { return this.model.get("lang"); }
  private get interactive(): boolean { return this.liveness.allows(this.model.get("interactive")); }

  /** Whether a kernel answered the front end's hello (false: saved state, read-only). */
  setAlive(alive: boolean): void { this.liveness.set(alive); }

  /** Every message to Python goes through here: nothing leaves a read-only board. */
  private send(message: Message): void {
    if (!this.interactive) {
      this.offline.handle(message);
      return;
    }
    const problem = checkMessage(message, this.rules);
    if (problem) { // a bug in the front end: say so here rather than have Python refuse it
      console.error(`stratego_widget: not sent (${problem})`, message);
      return;
    }
    this.model.send(message);
  }

  private setTrait(name: SettableTrait, value: string): void {
    if (!this.interactive || !traitFits(name, value)) return;
    this.model.set(name, value);
    this.model.save_changes();
  }

  // ---------------------------------------------------------------- drawing

  render(): void {
    this.catchUp();
    const view = this.view;
    const rules = this.rules;
    const lang = this.lang;
    if (!rules?.width || !view?.pieces) return;
    const wait = this.paceWait(view);
    if (wait > 0) {
      this.heldTimer ??= setTimeout(() => {
        this.heldTimer = undefined;
        this.render();
      }, wait);
      return;
    }
    clearTimeout(this.heldTimer);
    this.heldTimer = undefined;
    const answered = !!this.optimistic && view.serial > this.optimistic.serial;
    this.noteMoves(view.moves.length, answered);
    let rolledBack = false;
    if (answered) {
      rolledBack = view.message?.level === "error";
      this.optimistic = null;
      clearTimeout(this.answerTimer);
    }
    if (!this.optimistic) {
      clearTimeout(this.slowTimer);
      this.waiting = false;
    }
    toggle(this.root, "sw-waiting", this.waiting);
    this.settle(view);
    if (lang !== this.drawnLang) { // open pickers are written again in the new language
      this.drawnLang = lang;
      if (this.spotDialog.isOpen) this.spotRedraw?.();
      if (this.rescueDialog.isOpen) this.rescueRedraw?.();
    }
    const shown = this.shownView(view);
    const interactive = this.interactive;
    this.header.update(rules, lang, this.model.get("numbering"), interactive);
    this.board.update(shown, rules, lang, this.highlights());
    // A move or strike drawn before the answer changes the board only (the frame stays
    // small); the status line says a strike is being resolved once its answer is slow.
    const move = this.optimistic;
    if (move?.action === "strike" && this.waiting) {
      this.status.update(view, lang, word("resolving", lang));
    }
    // A finished game on a board that cannot act (a saved notebook, a page) can only be
    // stepped through: say so, without the new game the live board offers.
    else if (!move) this.status.update(view, lang, !interactive && view.next?.id === "over"
      ? word("nextOverReadOnly", lang) : null);
    this.setup.update(view, rules, lang, this.trayKind, this.selected);
    this.side.update(view, rules, lang);
    this.legend.update(rules, lang);
    this.battle.update(view, rules, lang);
    this.cover.update(view, lang);
    this.showError(view);
    toggle(this.board.grid, "sw-hidden", view.phase === "handover");
    toggle(this.root, "sw-readonly", !interactive);
    toggle(this.root, "sw-replayable", !interactive && this.offline.available);
    setAttr(this.root, "data-serial", String(view.serial));
    setAttr(this.root, "data-phase", view.phase);
    this.announce(view, lang);
    this.timer.drawn(view.serial, rolledBack);
    this.afterDraw();
  }

  /** How long a new view must wait before it is drawn (0: draw it now). The move that
   * follows the user's own (the bot's reply, which Python sends right after confirming the
   * user's move) is drawn once the user's move has landed, so that each can be followed; a
   * click draws a held view first (`drawHeld`). */
  private paceWait(view: View): number {
    const count = view.moves?.length ?? 0;
    if (count <= this.drawnMoves) return 0;
    return this.ownMoveAt + SLIDE_MS - performance.now();
  }

  /** Remember how many moves are drawn; `own`: the user's move (proposed, or answered). */
  private noteMoves(count: number, own: boolean): void {
    if (!own) this.ownMoveAt = -Infinity;
    else if (count > this.drawnMoves) this.ownMoveAt = performance.now();
    this.drawnMoves = count;
  }

  /** Draw a view held back by `paceWait` now (before acting on a click). */
  private drawHeld(): void {
    if (this.heldTimer === undefined) return;
    this.ownMoveAt = -Infinity;
    this.render();
  }

  /** Draw a proposal just made: the board only (a plain move made, a strike ringed). */
  private drawProposal(): void {
    const shown = this.shownView(this.view);
    this.noteMoves(shown.moves.length, true);
    this.board.update(shown, this.rules, this.lang, this.highlights());
  }

  /** The board as drawn: with a plain move not yet answered already made (the engine's answer
   * replaces it either way). */
  private shownView(view: View): View {
    const move = this.optimistic;
    if (!move || move.action !== "move") return view;
    const code = view.pieces[move.from];
    if (!code) return view;
    const pieces = { ...view.pieces };
    delete pieces[move.from];
    pieces[move.to] = `${code.slice(0, 2)}+${code.slice(2).replace("+", "")}`;
    return { ...view, pieces, targets: {}, spots: {}, can_act: false,
      last_move: { text: `${move.from}-${move.to}`, from: move.from, to: move.to },
      moves: [...view.moves, `${move.from}-${move.to}`] };
  }

  /** An error from the engine is shown next to the square that was clicked (and in the
   * status column); it goes at the next click or after a few seconds. */
  private showError(view: View): void {
    const message = view.message;
    const key = message?.level === "error" ? `${view.serial}:${message.text}` : "";
    if (key === this.bubbleShown) return;
    this.bubbleShown = key;
    const where = message?.square ?? this.clicked;
    const cell = where ? this.board.square(where) : undefined;
    if (!key || !cell || !message) return this.hideBubble();
    setText(this.bubble, message.text);
    this.bubble.dataset.square = where ?? "";
    const top = cell.offsetTop;
    const below = top < cell.offsetHeight * 1.5; // the top row: under the square
    this.bubble.style.left = `${cell.offsetLeft + cell.offsetWidth / 2}px`;
    this.bubble.style.top = `${below ? top + cell.offsetHeight : top}px`;
    this.bubble.classList.toggle("sw-below", below);
    this.bubble.hidden = false;
    clearTimeout(this.bubbleTimer);
    this.bubbleTimer = setTimeout(() => this.hideBubble(), BUBBLE_MS);
  }

  private hideBubble(): void {
    clearTimeout(this.bubbleTimer);
    setHidden(this.bubble, true);
  }

  /** Bring the view up to date with Python's last patch; on a gap, ask for the whole view
   * (a read-only board keeps showing the last whole view it has). */
  private catchUp(): void {
    const patch = this.model.get("view_patch");
    if (applyPatch(this.view, patch) !== "gap" || !patch) return;
    if (patch.serial !== this.syncAsked && this.interactive) {
      this.syncAsked = patch.serial;
      this.model.send({ type: "sync" });
    }
  }

  /** Forget browser-side choices a new view no longer allows, and ask for a new rescue. */
  private settle(view: View): void {
    if (this.selected && !this.selectable(this.selected)) this.selected = null;
    if (this.trayKind && !(view.setup?.tray[this.trayKind])) this.trayKind = null;
    // A view without that spot (the opponent moved, a new game) ends the spot choice.
    if (this.spotting && !view.spots[this.spotting.from]?.includes(this.spotting.to)) {
      this.spotting = null;
      this.spotDialog.close();
    }
    this.askRescue(view);
  }

  private highlights(): Highlights {
    const view = this.view;
    const targets: Highlights["targets"] = {};
    if (this.rescueKind && view.pending) {
      for (const square of view.pending.squares) targets[square] = "rescue";
    } else if (this.spotting) {
      targets[this.spotting.to] = "spot";
      return { selected: this.spotting.from, targets, setupArea: new Set() };
    } else if (this.selected && view.phase === "play") {
      Object.assign(targets, view.targets[this.selected] ?? {});
      for (const square of view.spots[this.selected] ?? []) targets[square] ??= "spot";
    }
    const area = new Set(view.setup && view.can_act ? view.setup.area : []);
    const move = this.optimistic;
    const resolving = move?.action === "strike" ? [move.from, move.to] : [];
    return { selected: this.selected, targets, setupArea: area, resolving };
  }

  /** Tell screen readers what happened: an error, a battle, the result, or the last move. */
  private announce(view: View, lang: string): void {
    const battles = battlesOf(view).map((battle) => battle.sentence).join(" ");
    let text = view.message?.text ?? (battles || view.last_move?.text) ?? "";
    if (view.result) text = `${word("over", lang)}. ${view.result.sentence}`;
    const key = `${view.serial}:${text}`;
    if (text && key !== this.announced) {
      this.announced = key;
      this.live.textContent = text;
    }
  }

  // ---------------------------------------------------------------- gestures

  /** Squares a click may select: in the setup, the area; in play, any own piece when it is
   * our move (one without targets too, so that trying it gets the rule explained). */
  private selectable(square: string): boolean {
    const view = this.view;
    if (view.phase === "setup") return !!view.setup && view.can_act && view.setup.area.includes(square);
    const code = view.pieces[square];
    return view.phase === "play" && view.can_act && !!code && code[0] === actingSide(view)[0];
  }

  /** A click (or Enter, or a drop) on a square: select, move, place, swap or rescue. */
  activate(square: string, at: number = performance.now()): void {
    if (!this.interactive || this.optimistic) return; // one proposal at a time
    this.drawHeld(); // the click acts on the board as it is now
    this.clickAt = at;
    this.clicked = square;
    this.hideBubble();
    this.board.setFocusable(square);
    const view = this.view;
    if (this.rescueKind && view.pending) this.rescueAt(square);
    else if (view.phase === "setup") this.activateSetup(square);
    else if (view.phase === "play") this.activatePlay(square);
    // A proposal drawn before the answer touches the board alone, and leaves first: the
    // kernel starts on it while the page draws it (the answer cannot overtake the drawing,
    // it is handled in a later task). Anything else redraws all, then sends.
    if (this.optimistic) {
      this.flush();
      if (this.optimistic) this.drawProposal();
      else this.render(); // a host that answered within the send: its view is the truth
    } else {
      this.render();
      this.flush();
    }
    this.timer.handled();
  }

  private activateSetup(square: string): void {
    const setup = this.view.setup;
    if (!setup || !this.selectable(square)) {
      this.selected = null;
      return;
    }
    if (this.trayKind) {
      this.send({ type: "place", kind: this.trayKind, square });
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
      if ((view.spots[from] ?? []).includes(square)) {
        this.selected = null;
        this.spotting = { from, to: square };
        this.askSpot(from, square, action === "move");
        return;
      }
      if (action || (from !== square && !this.selectable(square))) {
        // A legal target, or a square that is not: either way Python decides, and explains
        // the rule when the move is not allowed.
        this.selected = null;
        this.proposeMove(from, square);
        return;
      }
    }
    this.selected = from !== square && this.selectable(square) ? square : null;
  }

  /** Propose a move; a legal one (the targets say so) is drawn at once, before the kernel
   * answers: a plain move as made, a strike as being resolved. */
  private proposeMove(from: string, to: string): void {
    const view = this.view;
    const action = view.targets[from]?.[to];
    this.timer.clicked(view.serial, from, to, action ?? "other", this.clickAt);
    if (!action) {
      this.send({ type: "move", from, to });
      return;
    }
    // Sent and drawn by the caller, in this same task.
    this.optimistic = { from, to, serial: view.serial, action };
    this.timer.shown();
    // No answer at all (the kernel has gone): put the board back rather than wait for ever.
    clearTimeout(this.answerTimer);
    this.answerTimer = setTimeout(() => {
      if (this.optimistic?.serial !== view.serial) return;
      this.optimistic = null;
      this.render();
    }, ANSWER_TIMEOUT_MS);
    // A strike is ringed at once; only an answer slower than a moment makes its squares pulse
    // and the status line say so (drawn at the click, they would cost the page new layers and
    // a repaint beside the board just as the answer comes).
    clearTimeout(this.slowTimer);
    if (action === "strike") {
      this.slowTimer = setTimeout(() => {
        if (this.optimistic?.serial !== view.serial) return;
        this.waiting = true;
        this.render();
      }, SLOW_ANSWER_MS);
    }
    this.outbox.push({ type: "move", from, to });
  }

  /** Send the proposals queued by this click. */
  private flush(): void {
    for (const message of this.outbox.splice(0)) this.send(message);
  }

  private pickTray(kind: string): void {
    if (!this.interactive) return;
    this.trayKind = this.trayKind === kind ? null : kind;
    this.selected = null;
    this.render();
  }

  /** Right-click or the remove button in the setup: the piece goes back to the tray. */
  private remove(square: string): boolean {
    const view = this.view;
    if (view.phase !== "setup" || !view.pieces[square] || !this.selectable(square)) return false;
    this.selected = null;
    this.send({ type: "remove", square });
    this.render();
    return true;
  }

  private cancel(): void {
    if (this.rescueKind && this.view.pending) { // Escape on the board: back to the pieces
      this.askRescueKind();
      this.render();
      return;
    }
    this.selected = null;
    this.trayKind = null;
    this.spotting = null;
    this.spotDialog.close();
    this.render();
  }

  // ---------------------------------------------------------------- choices

  /** The Spotter on `from` goes to `to` (may be `from`) and guesses what stands in front. */
  private askSpot(from: string, to: string, canMove: boolean): void {
    const { rules, lang } = this;
    this.spotRedraw = () => this.askSpot(from, to, canMove);
    const options = rules.kinds.map((kind) => ({
      value: kind, label: `${rules.labels[kind] ?? ""} ${pieceName(kind, lang)}`.trim(),
    }));
    // The square is a plain move target too: moving there without spotting stays possible.
    if (canMove) options.unshift({ value: JUST_MOVE, label: word("justMove", lang) });
    this.spotDialog.open(word("guess", lang), options, word("cancel", lang), (guess) => {
      this.spotting = null;
      if (guess === JUST_MOVE) this.proposeMove(from, to);
      else if (guess !== null) {
        this.timer.clicked(this.view.serial, from, to, "other");
        this.send({ type: "spot", from, to, guess });
      }
      this.render();
      this.flush();
      this.board.focus(to);
    });
  }

  /** A pending rescue: choose the piece in a short list, then click one of the highlighted
   * squares on the board. Declining takes its own button: Escape goes back one step (from the
   * squares to the pieces; from the pieces it folds the picker away, the choice still pending). */
  private askRescue(view: View): void {
    const pending = view.pending;
    const key = pending ? `${view.moves.length}:${pending.move}` : "";
    if (key === this.rescueAsked) return;
    this.rescueAsked = key;
    this.rescueKind = null;
    this.rescueDialog.close();
    if (!pending || !this.interactive) return;
    this.askRescueKind();
  }

  private askRescueKind(): void {
    const pending = this.view.pending;
    if (!pending) return;
    this.rescueRedraw = () => this.askRescueKind();
    const lang = this.lang;
    this.rescueKind = null;
    this.rescueDialog.open(word("rescue", lang),
      pending.kinds.map((kind) => ({ value: kind, label: pieceName(kind, lang) })),
      word("decline", lang), (kind) => {
        if (kind === null) this.send({ type: "rescue", kind: null });
        else this.askRescueSquare(kind);
        this.render();
      }, () => this.foldRescue());
  }

  /** The picker folded away (Escape): one button opens it again; the rescue stays pending. */
  private foldRescue(): void {
    const lang = this.lang;
    this.rescueRedraw = () => this.foldRescue();
    this.rescueKind = null;
    this.rescueDialog.open(word("rescue", lang), [{ value: "reopen", label: word("rescueReopen", lang) }],
      null, () => this.askRescueKind(), () => this.foldRescue());
    this.render();
  }

  private askRescueSquare(kind: string): void {
    const pending = this.view.pending;
    if (!pending) return;
    this.rescueRedraw = () => this.askRescueSquare(kind);
    this.rescueKind = kind;
    const lang = this.lang;
    this.rescueDialog.open(word("rescueClick", lang, { piece: pieceName(kind, lang) }),
      [{ value: "back", label: word("back", lang) }], word("decline", lang), (choice) => {
        if (choice === null) {
          this.rescueKind = null;
          this.send({ type: "rescue", kind: null });
        } else this.askRescueKind();
        this.render();
      }, () => { this.askRescueKind(); this.render(); });
    this.board.focus(pending.squares[0]);
  }

  /** Rescue the chosen kind on `square` (null: decline). A square not offered does nothing. */
  private rescueAt(square: string | null): void {
    const pending = this.view.pending;
    const kind = this.rescueKind;
    if (!pending || !kind || (square !== null && !pending.squares.includes(square))) return;
    this.rescueKind = null;
    this.rescueDialog.close();
    this.send(square === null ? { type: "rescue", kind: null } : { type: "rescue", kind, square });
    this.render();
  }

  dispose(): void {
    this.detach();
    this.detachTray();
    this.hideBubble();
    clearTimeout(this.answerTimer);
    clearTimeout(this.heldTimer);
    clearTimeout(this.slowTimer);
    this.battle.dispose();
  }
}

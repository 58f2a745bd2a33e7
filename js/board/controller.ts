// The controller holds what only the browser knows (the selected square, the tray kind picked,
// an open choice) and turns gestures into proposals for Python; it never changes the game
// itself. `activate` is where a click on a square becomes a message. Selecting a piece shows
// its targets from the synced view at once, with no round trip. It composes one module per
// concern: catching up with Python's patches (sync.ts), pacing the bot's reply (pacing.ts),
// the optimistic move (optimistic.ts), proposals (proposals.ts), the spot and rescue choices
// (choices.ts), setting up (setup_picking.ts), the status line (status.ts), the error bubble
// (bubble.ts) and the live region (announcer.ts).

import { Announcer } from "./announcer";
import { BattleDisplay } from "./battle";
import { Board, type Highlights } from "./board";
import { ErrorBubble } from "./bubble";
import { RescueChoice, SpotChoice, type ChoiceHost } from "./choices";
import { HandoverCover } from "./dialogs";
import { el, setAttr, toggle } from "../shared/dom";
import { word } from "../shared/i18n";
import { attachGestures, attachTrayDrag } from "./interaction";
import { Liveness } from "../shared/liveness";
import { OfflineReplay } from "./offline";
import { OptimisticMove } from "./optimistic";
import { Pacer } from "./pacing";
import { GamePanel, Header, Legend, Status } from "./panels";
import { Proposals } from "./proposals";
import { SetupPanel } from "./setup";
import { SetupPicking, type Selection } from "./setup_picking";
import { setupAreaText, statusText, unchosenText } from "./status";
import { CatchUp } from "./sync";
import { PaintTimer } from "./timing";
import { actingSide, type Model, type Rules, type View } from "../shared/types";

export { ANSWER_TIMEOUT_MS, SLOW_ANSWER_MS } from "./optimistic";
export { BUBBLE_MS } from "./bubble";

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
  private bubble = new ErrorBubble(this.board);
  private announcer = new Announcer();
  private timer = new PaintTimer();
  private liveness = new Liveness(() => this.render());
  private pacer = new Pacer(() => this.render());
  private optimistic = new OptimisticMove(() => this.render());
  private catchUp: CatchUp;
  private proposals: Proposals;
  private spot: SpotChoice;
  private rescue: RescueChoice;
  private picking: SetupPicking;
  /** The square chosen on the board: the piece to move, or a setup square to swap. */
  private selection: Selection = { square: null };
  /** Called after every drawing (the widget tells Python which view it has drawn). */
  afterDraw: () => void = () => {};
  /** When the click being handled happened, and the square it was on (where an error from
   * the engine is shown). */
  private clickAt = 0;
  private clicked: string | null = null;
  /** Why the click being handled chose nothing, said by the square once it is drawn. */
  private unchosen: string | null = null;
  private detach: () => void;
  private detachTray: () => void;
  /** Without a kernel, a finished game's replay is stepped through in the browser. */
  private offline: OfflineReplay;

  constructor(private model: Model) {
    this.offline = new OfflineReplay(model);
    this.proposals = new Proposals(model, () => this.interactive, this.offline);
    this.catchUp = new CatchUp(model, () => this.interactive);
    const send = this.proposals.send.bind(this.proposals);
    const host: ChoiceHost = {
      view: () => this.view, rules: () => this.rules, lang: () => this.lang,
      interactive: () => this.interactive, send,
      proposeMove: (from, to) => this.proposeMove(from, to),
      spotted: (from, to) => this.timer.clicked(this.view.serial, from, to, "other"),
      flush: () => this.proposals.flush(), render: () => this.render(),
      focus: (square) => this.board.focus(square),
    };
    this.spot = new SpotChoice(host);
    this.rescue = new RescueChoice(host);
    this.picking = new SetupPicking(this.selection, { view: () => this.view, send,
      outsideArea: (square) => this.bubble.say(setupAreaText(this.lang), square) });
    const actions = {
      send,
      setLang: (lang: string) => this.proposals.setTrait("lang", lang),
      setNumbering: (numbering: string) => this.proposals.setTrait("numbering", numbering),
      pickTray: (kind: string) => this.pickTray(kind),
      removeSelected: () => { if (this.selection.square) this.remove(this.selection.square); },
      setNames: (on: boolean) => toggle(this.root, "sw-names", on),
    };
    this.header = new Header(actions);
    this.setup = new SetupPanel(actions);
    this.side = new GamePanel(actions);
    this.cover = new HandoverCover(send);
    this.root.setAttribute("data-lm-suppress-shortcuts", "true");
    const stage = el("div", { className: "sw-stage" });
    stage.append(this.board.element, this.bubble.element, this.battle.element, this.spot.dialog.element,
      this.rescue.dialog.element, this.cover.element, this.legend.element);
    const column = el("div", { className: "sw-column" });
    column.append(this.status.element, this.setup.element, this.side.element);
    const main = el("div", { className: "sw-main" });
    main.append(stage, column);
    this.root.append(this.header.element, main, this.announcer.element);
    this.detach = attachGestures(this.board, {
      activate: (square, at) => this.activate(square, at),
      canDrag: (square) => this.interactive && !!this.view.pieces[square] && this.selectable(square),
      drop: (from, to) => {
        this.selection.square = from;
        this.activate(to);
      },
      remove: (square) => this.remove(square),
      cancel: () => this.cancel(),
    });
    this.detachTray = attachTrayDrag(this.setup.tray, this.board, {
      canDrag: (kind) => this.interactive && this.view.phase === "setup" && this.view.can_act
        && (this.view.setup?.tray[kind] ?? 0) > 0,
      drop: (kind, square) => {
        this.picking.drop(kind, square);
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

  // ---------------------------------------------------------------- drawing

  render(): void {
    this.catchUp.run();
    const { view, rules, lang } = this;
    if (!rules?.width || !view?.pieces || !this.pacer.ready(view)) return;
    const { answered, rolledBack } = this.optimistic.settle(view);
    this.pacer.note(view.moves.length, answered);
    toggle(this.root, "sw-waiting", this.optimistic.waiting);
    this.settle(view);
    this.spot.relabel(lang); // open pickers are written again in the new language
    this.rescue.relabel(lang);
    const interactive = this.interactive;
    this.header.update(rules, lang, this.model.get("numbering"), interactive);
    this.board.update(this.optimistic.shown(view), rules, lang, this.highlights());
    // A move or strike drawn before the answer changes the board only (the frame stays
    // small); once its answer is slow, the status line says a strike is being resolved, or
    // no longer speaks of the piece chosen.
    const move = this.optimistic.current;
    if (move?.action === "strike" && this.optimistic.waiting) {
      this.status.update(view, lang, word("resolving", lang));
    } else if (!move || this.optimistic.waiting) this.updateStatus();
    this.setup.update(view, rules, lang, this.picking.kind, this.selection.square);
    this.side.update(view, rules, lang);
    this.legend.update(rules, lang);
    this.battle.update(view, rules, lang);
    this.cover.update(view, lang);
    this.bubble.showError(view, this.clicked);
    toggle(this.board.grid, "sw-hidden", view.phase === "handover");
    toggle(this.root, "sw-readonly", !interactive);
    toggle(this.root, "sw-replayable", !interactive && this.offline.available);
    setAttr(this.root, "data-serial", String(view.serial));
    setAttr(this.root, "data-phase", view.phase);
    this.announcer.announce(view, lang);
    this.timer.drawn(view.serial, rolledBack);
    this.afterDraw();
  }

  /** The status line: what to do now, as the browser knows it (a piece chosen, a read-only
   * board) or as Python says it. */
  private updateStatus(): void {
    const { view, rules, lang } = this;
    this.status.update(view, lang, statusText(view, rules, lang, { interactive: this.interactive,
      selected: this.selection.square, kind: this.picking.kind }));
  }

  /** Draw a proposal just made: the board only (a plain move made, a strike ringed). The
   * answer, or a moment without one, brings the status line up to date. */
  private drawProposal(): void {
    const shown = this.optimistic.shown(this.view);
    this.pacer.note(shown.moves.length, true);
    this.board.update(shown, this.rules, this.lang, this.highlights());
  }

  /** Forget browser-side choices a new view no longer allows, and ask for a new rescue. */
  private settle(view: View): void {
    if (this.selection.square && !this.selectable(this.selection.square)) this.selection.square = null;
    this.picking.settle(view);
    this.spot.settle(view);
    this.rescue.settle(view);
  }

  private highlights(): Highlights {
    const view = this.view;
    const targets: Highlights["targets"] = {};
    const spotting = this.spot.spotting;
    const selected = this.selection.square;
    if (this.rescue.squares.length) {
      for (const square of this.rescue.squares) targets[square] = "rescue";
    } else if (spotting) {
      targets[spotting.to] = "spot";
      return { selected: spotting.from, targets, setupArea: new Set() };
    } else if (selected && view.phase === "play") {
      Object.assign(targets, view.targets[selected] ?? {});
      for (const square of view.spots[selected] ?? []) targets[square] ??= "spot";
    }
    const area = new Set(view.setup && view.can_act ? view.setup.area : []);
    return { selected, targets, setupArea: area, resolving: this.optimistic.resolving };
  }

  // ---------------------------------------------------------------- gestures

  /** Squares a click may select: in the setup, the area; in play, any own piece when it is
   * our move (one without targets too, so that trying it gets the rule explained). */
  private selectable(square: string): boolean {
    const view = this.view;
    if (view.phase === "setup") return this.picking.inArea(square);
    const code = view.pieces[square];
    return view.phase === "play" && view.can_act && !!code && code[0] === actingSide(view)[0];
  }

  /** A click (or Enter, or a drop) on a square: select, move, place, swap or rescue. */
  activate(square: string, at: number = performance.now()): void {
    if (!this.interactive || this.optimistic.current) return; // one proposal at a time
    this.pacer.release(); // the click acts on the board as it is now
    this.clickAt = at;
    this.clicked = square;
    this.bubble.hide();
    const view = this.view;
    if (this.rescue.kind && view.pending) this.rescue.at(square);
    else if (view.phase === "setup") this.picking.activate(square);
    else if (view.phase === "play") this.activatePlay(square);
    // A proposal drawn before the answer touches the board alone, and leaves first: the
    // kernel starts on it while the page draws it (the answer cannot overtake the drawing,
    // it is handled in a later task). Anything else redraws all, then sends.
    if (this.optimistic.current) {
      this.proposals.flush();
      if (this.optimistic.current) this.drawProposal();
      else this.render(); // a host that answered within the send: its view is the truth
    } else {
      this.render();
      this.proposals.flush();
      if (this.unchosen) this.bubble.say(this.unchosen, square);
    }
    this.unchosen = null;
    // The clicked square becomes the tab stop once the proposal has left: the browser lays
    // the page out when the focused square's tabindex changes, which must not delay the send.
    this.board.setFocusable(square);
    this.timer.handled();
  }

  private activatePlay(square: string): void {
    const view = this.view;
    const from = this.selection.square;
    if (from) {
      const action = view.targets[from]?.[square];
      if ((view.spots[from] ?? []).includes(square)) {
        this.selection.square = null;
        this.spot.ask(from, square, action === "move");
        return;
      }
      if (action || (from !== square && !this.selectable(square))) {
        // A legal target, or a square that is not: either way Python decides, and explains
        // the rule when the move is not allowed.
        this.selection.square = null;
        this.proposeMove(from, square);
        return;
      }
    }
    this.selection.square = from !== square && this.selectable(square) ? square : null;
    // A click that chose nothing says why (an empty square, the other side's piece), once the
    // click's drawing is done.
    this.unchosen = from || this.selection.square ? null : unchosenText(view, square, this.lang);
  }

  /** Propose a move; a legal one (the targets say so) is drawn at once, before the kernel
   * answers: a plain move as made, a strike as being resolved. */
  private proposeMove(from: string, to: string): void {
    const view = this.view;
    const action = view.targets[from]?.[to];
    this.timer.clicked(view.serial, from, to, action ?? "other", this.clickAt);
    if (!action) {
      this.proposals.send({ type: "move", from, to });
      return;
    }
    // Sent and drawn by the caller, in this same task.
    this.optimistic.start({ from, to, serial: view.serial, action });
    this.timer.shown();
    this.proposals.queue({ type: "move", from, to });
  }

  private pickTray(kind: string): void {
    if (!this.interactive) return;
    this.picking.pick(kind);
    this.render();
  }

  /** Right-click or the remove button in the setup: the piece goes back to the tray. */
  private remove(square: string): boolean {
    if (this.view.phase !== "setup" || !this.picking.remove(square)) return false;
    this.render();
    return true;
  }

  private cancel(): void {
    if (this.rescue.kind && this.view.pending) { // Escape on the board: back to the pieces
      this.rescue.askKind();
      this.render();
      return;
    }
    this.selection.square = null;
    this.picking.cancel();
    this.spot.cancel();
    this.render();
  }

  dispose(): void {
    this.detach();
    this.detachTray();
    this.bubble.dispose();
    this.optimistic.dispose();
    this.pacer.dispose();
    this.battle.dispose();
  }
}

// The two choices a move can need before it is a proposal: the 2013 Spotter's guess (which
// rank stands in front) and a pending rescue (which captured piece comes back, and on which
// square). Each is a small picker under the board (js/board/dialogs.ts); a rescue's squares are then
// chosen on the board itself. An open picker is written again when the language changes.

import { ChoiceDialog } from "./dialogs";
import { pieceName, word } from "../shared/i18n";
import type { BoardMessage, Rules, View } from "../shared/types";

/** The spot dialog's choice for moving the Spotter without spotting (no kind has this name). */
const JUST_MOVE = "just-move";

/** What the pickers need from the board around them. */
export interface ChoiceHost {
  view(): View;
  rules(): Rules;
  lang(): string;
  interactive(): boolean;
  send(message: BoardMessage): void;
  /** Propose a plain move (drawn at once, like a click on a target). */
  proposeMove(from: string, to: string): void;
  /** A spot is proposed from `from` to `to` (for the timing hook). */
  spotted(from: string, to: string): void;
  /** Send what the choice queued, after drawing. */
  flush(): void;
  render(): void;
  focus(square: string): void;
}

/** A picker that can be written again in a new language while open. */
abstract class Picker {
  readonly dialog: ChoiceDialog;
  /** Open the picker again as it is (in a new language). */
  protected redraw: (() => void) | null = null;
  private drawnLang = "";

  constructor(testid: string, protected host: ChoiceHost) {
    this.dialog = new ChoiceDialog(testid);
  }

  /** Write the open picker again if the language changed. */
  relabel(lang: string): void {
    if (lang === this.drawnLang) return;
    this.drawnLang = lang;
    if (this.dialog.isOpen) this.redraw?.();
  }
}

/** The Spotter on `from` goes to `to` (may be `from`) and guesses what stands in front. */
export class SpotChoice extends Picker {
  /** While the dialog is open: where the Spotter stands and where it would spot from. */
  spotting: { from: string; to: string } | null = null;

  constructor(host: ChoiceHost) {
    super("spot-dialog", host);
  }

  ask(from: string, to: string, canMove: boolean): void {
    const rules = this.host.rules();
    const lang = this.host.lang();
    this.spotting = { from, to };
    this.redraw = () => this.ask(from, to, canMove);
    const options = rules.kinds.map((kind) => ({
      value: kind, label: `${rules.labels[kind] ?? ""} ${pieceName(kind, lang)}`.trim(),
    }));
    // The square is a plain move target too: moving there without spotting stays possible.
    if (canMove) options.unshift({ value: JUST_MOVE, label: word("justMove", lang) });
    this.dialog.open(word("guess", lang), options, word("cancel", lang), (guess) => {
      this.spotting = null;
      if (guess === JUST_MOVE) this.host.proposeMove(from, to);
      else if (guess !== null) {
        this.host.spotted(from, to);
        this.host.send({ type: "spot", from, to, guess });
      }
      this.host.render();
      this.host.flush();
      this.host.focus(to);
    });
  }

  /** A view without that spot (the opponent moved, a new game) ends the choice. */
  settle(view: View): void {
    if (this.spotting && !view.spots[this.spotting.from]?.includes(this.spotting.to)) this.cancel();
  }

  cancel(): void {
    this.spotting = null;
    this.dialog.close();
  }
}

/** A pending rescue: choose the piece in a short list, then click one of the highlighted
 * squares on the board. Declining takes its own button: Escape goes back one step (from the
 * squares to the pieces; from the pieces it folds the picker away, the choice still pending). */
export class RescueChoice extends Picker {
  /** The kind being rescued once chosen: its squares are then highlighted on the board. */
  kind: string | null = null;
  /** The pending rescue the dialog was opened for, so it opens once per rescue. */
  private asked = "";

  constructor(host: ChoiceHost) {
    super("rescue-dialog", host);
  }

  /** Open the picker for a new pending rescue (close it when none is pending). */
  settle(view: View): void {
    const pending = view.pending;
    const key = pending ? `${view.moves.length}:${pending.move}` : "";
    if (key === this.asked) return;
    this.asked = key;
    this.kind = null;
    this.dialog.close();
    if (!pending || !this.host.interactive()) return;
    this.askKind();
  }

  /** The squares being offered, once a kind is chosen ([] before). */
  get squares(): string[] {
    const pending = this.host.view().pending;
    return this.kind && pending ? pending.squares : [];
  }

  askKind(): void {
    const pending = this.host.view().pending;
    if (!pending) return;
    this.redraw = () => this.askKind();
    const lang = this.host.lang();
    this.kind = null;
    this.dialog.open(word("rescue", lang),
      pending.kinds.map((kind) => ({ value: kind, label: pieceName(kind, lang) })),
      word("decline", lang), (kind) => {
        if (kind === null) this.host.send({ type: "rescue", kind: null });
        else this.askSquare(kind);
        this.host.render();
      }, () => this.fold());
  }

  /** The picker folded away (Escape): one button opens it again; the rescue stays pending. */
  private fold(): void {
    const lang = this.host.lang();
    this.redraw = () => this.fold();
    this.kind = null;
    this.dialog.open(word("rescue", lang), [{ value: "reopen", label: word("rescueReopen", lang) }],
      null, () => this.askKind(), () => this.fold());
    this.host.render();
  }

  private askSquare(kind: string): void {
    const pending = this.host.view().pending;
    if (!pending) return;
    this.redraw = () => this.askSquare(kind);
    this.kind = kind;
    const lang = this.host.lang();
    this.dialog.open(word("rescueClick", lang, { piece: pieceName(kind, lang) }),
      [{ value: "back", label: word("back", lang) }], word("decline", lang), (choice) => {
        if (choice === null) {
          this.kind = null;
          this.host.send({ type: "rescue", kind: null });
        } else this.askKind();
        this.host.render();
      }, () => { this.askKind(); this.host.render(); });
    if (pending.squares.length) this.host.focus(pending.squares[0]);
  }

  /** Rescue the chosen kind on `square`. A square the board did not mark is proposed too:
   * Python decides, and explains the rule that refuses it. */
  at(square: string): void {
    const pending = this.host.view().pending;
    const kind = this.kind;
    if (!pending || !kind) return;
    if (!pending.squares.includes(square)) { // likely refused: the choice stays open meanwhile
      this.host.send({ type: "rescue", kind, square });
      return;
    }
    this.kind = null;
    this.dialog.close();
    this.host.send({ type: "rescue", kind, square });
    this.host.render();
  }
}

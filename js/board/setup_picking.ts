// Setting up by clicks: pick a kind in the tray, then click squares of the setup area to place
// its copies (the kind stays picked while copies are left, and unpicks itself at 0); or click
// two squares of the area to swap them; a tray kind picked while an empty square is chosen
// goes to that square. No click does nothing silently: a square outside the setup area gets
// the rule explained next to it, and the status line says what the next click does
// (js/board/status.ts).

import type { BoardMessage, View } from "../shared/types";

/** The square chosen on the board (shared with play, where it is the piece to move). */
export interface Selection {
  square: string | null;
}

/** What setting up needs from the board around it. */
export interface SetupHost {
  view(): View;
  send(message: BoardMessage): void;
  /** Explain why a click on `square` does nothing (next to that square). */
  outsideArea(square: string): void;
}

export class SetupPicking {
  /** The tray kind picked for the next square click. */
  kind: string | null = null;
  /** Whether a copy of the picked kind was placed since it was picked: picking it again
   * then keeps it picked (for the next copy) instead of dropping it. */
  private placed = false;

  constructor(private selection: Selection, private host: SetupHost) {}

  /** Whether the viewer may set up on `square` now. */
  inArea(square: string): boolean {
    const view = this.host.view();
    return view.phase === "setup" && !!view.setup && view.can_act && view.setup.area.includes(square);
  }

  /** A click (or Enter) on a square during the setup. */
  activate(square: string): void {
    const view = this.host.view();
    const selected = this.selection.square;
    if (!view.setup || !view.can_act) {
      this.selection.square = null;
    } else if (!this.inArea(square)) {
      this.selection.square = null;
      this.host.outsideArea(square);
    } else if (this.kind) {
      this.place(this.kind, square);
    } else if (selected && selected !== square && (view.pieces[selected] || view.pieces[square])) {
      this.host.send({ type: "swap", a: selected, b: square });
      this.selection.square = null;
    } else {
      this.selection.square = selected === square ? null : square;
    }
  }

  /** A tray kind clicked: pick it (an empty square chosen on the board gets it at once); the
   * picked kind clicked again is dropped, unless a copy was placed since it was picked. */
  pick(kind: string): void {
    const view = this.host.view();
    const square = this.selection.square;
    this.selection.square = null;
    if (square && !view.pieces[square] && this.inArea(square) && (view.setup?.tray[kind] ?? 0) > 0) {
      this.kind = kind;
      this.place(kind, square);
      return;
    }
    this.kind = this.kind === kind && !this.placed ? null : kind;
    this.placed = false;
  }

  /** A tray piece dragged onto `square`. */
  drop(kind: string, square: string): void {
    this.selection.square = null;
    if (!this.inArea(square)) {
      if (this.host.view().phase === "setup") this.host.outsideArea(square);
      return;
    }
    this.host.send({ type: "place", kind, square });
  }

  /** Put the piece on `square` back into the tray (right-click, the remove button); false
   * when there is none to put back. */
  remove(square: string): boolean {
    const view = this.host.view();
    if (!view.pieces[square] || !this.inArea(square)) return false;
    this.selection.square = null;
    this.host.send({ type: "remove", square });
    return true;
  }

  /** Forget a pick the new view no longer allows (no copy left). */
  settle(view: View): void {
    if (this.kind && !(view.setup?.tray[this.kind])) {
      this.kind = null;
      this.placed = false;
    }
  }

  cancel(): void {
    this.kind = null;
    this.placed = false;
  }

  private place(kind: string, square: string): void {
    this.host.send({ type: "place", kind, square });
    this.placed = true;
  }
}

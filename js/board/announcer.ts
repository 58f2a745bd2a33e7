// The live region: what screen readers are told after each view. It holds what the current
// view says (an error, the battles since the viewer's last move, the result, or the last
// move); after a move is taken back (Undo) or the game starts again, it says what to do now
// instead of keeping the sentence of the move that is gone.

import { battlesOf } from "./battle";
import { el, setText } from "../shared/dom";
import { word } from "../shared/i18n";
import type { View } from "../shared/types";

export class Announcer {
  readonly element = el("div", { className: "sw-live", testid: "live" });
  /** The view and sentence last announced, and how many moves that view had. */
  private announced = "";
  private moves = -1;

  constructor() {
    this.element.setAttribute("aria-live", "polite");
    this.element.setAttribute("role", "status");
  }

  /** What `view` tells: said once per view (the same sentence in a new view is said again). */
  announce(view: View, lang: string): void {
    const text = this.sentence(view, lang);
    const key = `${view.serial}:${text}`;
    if (key === this.announced) return;
    this.announced = key;
    if (text) this.element.textContent = text;
    else setText(this.element, ""); // nothing to say: nothing stale either
  }

  private sentence(view: View, lang: string): string {
    const count = view.moves?.length ?? 0;
    const undone = count < this.moves;
    this.moves = count;
    if (view.result) return `${word("over", lang)}. ${view.result.sentence}`;
    if (view.message?.text) return view.message.text;
    // Moves taken back: the last move and battles are the older ones, already told.
    if (undone) return view.next?.text ?? "";
    const battles = battlesOf(view).map((battle) => battle.sentence).join(" ");
    return battles || (view.last_move?.text ?? "");
  }
}

// The last strike or spot, shown for a moment over the board: both pieces as the viewer may
// see them (an unrevealed defender stays face down) and Python's sentence. It never blocks
// the board; the sentence also goes to the live region for screen readers.

import { el, setText } from "./dom";
import { pieceToken } from "./piece";
import type { Rules, View } from "./types";

/** How long a battle stays on screen. */
export const BATTLE_MS = 1200;

export class BattleDisplay {
  readonly element = el("div", { className: "sw-battle", testid: "battle" });
  private attacker = el("span", { className: "sw-battle-piece", testid: "battle-attacker" });
  private defender = el("span", { className: "sw-battle-piece", testid: "battle-defender" });
  private sentence = el("p", { className: "sw-battle-sentence" });
  private timer: ReturnType<typeof setTimeout> | undefined;
  private shown = "";

  constructor() {
    this.element.hidden = true;
    this.element.setAttribute("aria-hidden", "true"); // the live region speaks the sentence
    const pair = el("div", { className: "sw-battle-pair" });
    pair.append(this.attacker, el("span", { className: "sw-battle-vs", text: "⚔" }), this.defender);
    this.element.append(pair, this.sentence);
  }

  update(view: View, rules: Rules, lang: string): void {
    const battle = view.battle;
    if (!battle) {
      this.hide();
      this.shown = "";
      return;
    }
    setText(this.sentence, battle.sentence);
    // The same battle seen again (a new language, a redraw) is not shown again.
    const key = [view.replay?.index, view.moves.length, battle.attacker.square,
      battle.defender.square, battle.outcome].join(":");
    if (key === this.shown) return;
    this.shown = key;
    this.attacker.replaceChildren(pieceToken(battle.attacker, rules, lang));
    this.defender.replaceChildren(pieceToken(battle.defender, rules, lang));
    this.element.dataset.outcome = battle.outcome;
    this.element.hidden = false;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.hide(), BATTLE_MS);
  }

  private hide(): void {
    clearTimeout(this.timer);
    this.element.hidden = true;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}

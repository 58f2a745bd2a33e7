// The strikes and spots since the viewer's last move, each shown for a moment over the board: both pieces as the viewer may
// see them (an unrevealed defender stays face down) and Python's sentence. It never blocks
// the board; the sentence also goes to the live region for screen readers.

import { el, setAttr, setHidden, setText } from "../shared/dom";
import { pieceToken } from "./piece";
import type { Rules, View } from "../shared/types";

type Battle = NonNullable<View["battle"]>;

/** The battles a view tells of: `battles` (oldest first), or the last one of older views. */
export function battlesOf(view: View): Battle[] {
  if (view.battles?.length) return view.battles;
  return view.battle ? [view.battle] : [];
}

/** A battle's identity: the same battle seen again (a new language, a redraw) keeps it. */
function battleKey(view: View, battle: Battle & { ply?: number }): string {
  return [view.replay?.index ?? "", battle.ply ?? view.moves.length, battle.attacker.square,
    battle.defender.square, battle.outcome].join(":");
}

/** How long a battle stays on screen. */
export const BATTLE_MS = 1200;

export class BattleDisplay {
  readonly element = el("div", { className: "sw-battle", testid: "battle" });
  private attacker = el("span", { className: "sw-battle-piece", testid: "battle-attacker" });
  private defender = el("span", { className: "sw-battle-piece", testid: "battle-defender" });
  private sentence = el("p", { className: "sw-battle-sentence" });
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Battles waiting to be shown, the one shown, and every one shown or queued. */
  private queue: { key: string; battle: Battle; rules: Rules; lang: string }[] = [];
  private current = "";
  private seen = new Set<string>();

  /** `rowOf`: how far down the board a square is drawn (0 top, 1 bottom), so that the pop-up
   * sits on the other half of the board from the squares it tells about. */
  constructor(private rowOf: (square: string) => number | null = () => null) {
    this.element.hidden = true;
    this.element.setAttribute("aria-hidden", "true"); // the live region speaks the sentence
    const pair = el("div", { className: "sw-battle-pair" });
    pair.append(this.attacker, el("span", { className: "sw-battle-vs", text: "⚔" }), this.defender);
    this.element.append(pair, this.sentence);
  }

  /** Show the strikes and spots of `view.battles` not shown yet, one after the other (the
   * learner's own strike, then the bot's answer). */
  update(view: View, rules: Rules, lang: string): void {
    const battles = battlesOf(view);
    if (!battles.length) {
      this.queue = [];
      this.seen.clear();
      this.current = "";
      this.hide();
      return;
    }
    for (const battle of battles) {
      const key = battleKey(view, battle);
      if (key === this.current) setText(this.sentence, battle.sentence); // a new language
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.queue.push({ key, battle, rules, lang });
    }
    if (this.element.hidden) this.next();
  }

  /** Show the next battle in the queue, or hide when none is left. */
  private next(): void {
    const item = this.queue.shift();
    if (!item) {
      this.current = "";
      this.hide();
      return;
    }
    const { battle, rules, lang } = item;
    this.current = item.key;
    setText(this.sentence, battle.sentence);
    this.attacker.replaceChildren(pieceToken(battle.attacker, rules, lang));
    this.defender.replaceChildren(pieceToken(battle.defender, rules, lang));
    setAttr(this.element, "data-outcome", battle.outcome);
    const rows = [battle.attacker.square, battle.defender.square].map(this.rowOf)
      .filter((row): row is number => row !== null);
    const middle = rows.length ? rows.reduce((a, b) => a + b, 0) / rows.length : 0.5;
    setAttr(this.element, "data-where", middle < 0.5 ? "bottom" : "top");
    this.element.hidden = false;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.element.hidden = true;
      this.next();
    }, BATTLE_MS);
  }

  private hide(): void {
    clearTimeout(this.timer);
    setHidden(this.element, true);
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}

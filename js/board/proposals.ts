// Proposals: every message to Python and every trait the browser sets leaves through here.
// Nothing leaves a read-only board (a replay proposal is answered in the browser from the
// saved frames instead); a message that breaks the protocol is a bug in the front end and is
// stopped here, with a console error, rather than refused by Python. A move drawn before the
// answer is queued and sent once the click has decided what to draw (`flush`).

import type { OfflineReplay } from "./offline";
import { checkMessage, traitFits, type SettableTrait } from "../shared/protocol";
import type { BoardMessage, Model } from "../shared/types";

export class Proposals {
  /** Proposals to send once the click's render is done. */
  private outbox: BoardMessage[] = [];

  /** `interactive`: whether the board may act now (a kernel answers, Python allows it). */
  constructor(private model: Model, private interactive: () => boolean,
    private offline: OfflineReplay) {}

  /** Send `message` to Python now (from a read-only board: answer a replay in the browser). */
  send(message: BoardMessage): void {
    if (!this.interactive()) {
      this.offline.handle(message);
      return;
    }
    const problem = checkMessage(message, this.model.get("rules"));
    if (problem) { // a bug in the front end: say so here rather than have Python refuse it
      console.error(`stratego_widget: not sent (${problem})`, message);
      return;
    }
    this.model.send(message);
  }

  /** Send `message` with the click's other proposals (see `flush`). */
  queue(message: BoardMessage): void {
    this.outbox.push(message);
  }

  /** Send the proposals queued by this click. */
  flush(): void {
    for (const message of this.outbox.splice(0)) this.send(message);
  }

  /** Set a synced trait the browser may set (`lang`, `numbering`), if the value fits. */
  setTrait(name: SettableTrait, value: string): void {
    if (!this.interactive() || !traitFits(name, value)) return;
    this.model.set(name, value);
    this.model.save_changes();
  }
}

// Whether a kernel is behind a widget: a saved notebook reopened without one shows its last
// state read-only. The board and the lesson panel both ask the kernel once when they open
// ("hello"); until the answer they assume a kernel, and once one has answered it stays.

export class Liveness {
  /** null: not known yet; true: a kernel answered; false: none did in time. */
  private alive: boolean | null = null;

  /** `onChange` runs when what the widget may do changes (draw it again). */
  constructor(private onChange: () => void) {}

  /** Record the answer (or its absence); a kernel that once answered stays known. */
  set(alive: boolean): void {
    if (this.alive === true) return;
    this.alive = alive;
    this.onChange();
  }

  /** Whether the widget may act: Python allows it and no missing kernel forbids it. */
  allows(interactive: boolean): boolean {
    return interactive && this.alive !== false;
  }
}

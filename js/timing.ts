// The hook for the browser benchmark: for each proposed move, when it was clicked and when
// the first newer view was painted. Entries go to `window.__strategoTiming`.

export interface Timing {
  serial: number;
  clickAt: number;
  paintedAt: number;
}

declare global {
  interface Window { __strategoTiming?: Timing[] }
}

export class PaintTimer {
  private pending: { serial: number; at: number } | null = null;

  /** A move was proposed while the board showed `serial`. */
  clicked(serial: number): void {
    this.pending = { serial, at: performance.now() };
  }

  /** A view was drawn; once it is newer than the click, record the next frame's time. */
  drawn(serial: number): void {
    const pending = this.pending;
    if (!pending || serial <= pending.serial) return;
    this.pending = null;
    requestAnimationFrame(() => {
      (window.__strategoTiming ??= []).push({ serial, clickAt: pending.at, paintedAt: performance.now() });
    });
  }
}

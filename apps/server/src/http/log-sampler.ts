/**
 * Sampling of repeated log lines (issue 13, point 5): of the lines sharing one key, the first
 * `perWindow` in each window are written and the rest only counted; when a window in which lines
 * were dropped ends, one summary is written with the count. A flood of rejected requests thus
 * costs a bounded number of lines per key and minute, and the operator still learns how many.
 *
 * Keys must come from a small closed set (an event type and a route pattern, never a client's
 * address or input), so the table stays small; it is capped at `maxKeys` regardless.
 */
export class LogSampler {
  private readonly windows = new Map<string, { start: number; written: number; dropped: number }>();

  constructor(
    private readonly perWindow = 10,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 1000,
  ) {}

  /**
   * Whether this occurrence of `key` is to be written. When it is not, it is counted, and
   * `summary(dropped)` is called once when the window ends (from an unref'd timer).
   */
  take(key: string, summary: (dropped: number) => void): boolean {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (!window && this.windows.size >= this.maxKeys) this.windows.clear();
      window = { start: now, written: 0, dropped: 0 };
      this.windows.set(key, window);
    }
    if (window.written < this.perWindow) {
      window.written += 1;
      return true;
    }
    window.dropped += 1;
    if (window.dropped === 1) {
      const current = window;
      const timer = setTimeout(
        () => {
          if (this.windows.get(key) === current) this.windows.delete(key);
          summary(current.dropped);
        },
        Math.max(0, current.start + this.windowMs - now),
      );
      timer.unref();
    }
    return false;
  }
}

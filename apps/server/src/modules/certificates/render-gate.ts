import { AppError } from '../../http/app-error.js';

/*
 * What keeps certificate rendering cheap and bounded (issue 15, decision 0025): rendered bytes are
 * kept in a small in-process cache keyed by everything printed, and at most `concurrency` renders
 * run at once with a short queue behind them; a request beyond the queue is refused at once with
 * 503 and Retry-After instead of piling up memory.
 */

/** A least-recently-used cache of byte buffers, bounded by their total size. */
export class ByteLru {
  private readonly entries = new Map<string, Buffer>();
  private total = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: Buffer): void {
    if (value.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.length;
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    this.total += value.length;
    for (const [oldest, bytes] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= bytes.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}

/** Seconds a refused caller is told to wait (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 2;

const busy = () =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    'Certificates are being prepared for many learners right now. Please try again in a few seconds.',
    undefined,
    { 'retry-after': String(RETRY_AFTER_SECONDS) },
  );

/** A counting semaphore with a bounded queue: beyond it, `run` throws 503 without waiting. */
export class RenderGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
  ) {}

  /** Takes a slot (waiting in the queue if need be); the returned function gives it back. */
  async acquire(): Promise<() => void> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueLimit) throw busy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line; `running` stays the same.
      if (next) next();
      else this.running -= 1;
    };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** Renders in progress and waiting (for tests and logs). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/**
 * The process's gate and cache: the limits are per process because the memory they protect is.
 * Two renders at a time (the servers have few cores and a render is CPU-bound), four waiting.
 */
export const certificateRenderGate = new RenderGate(2, 4);
/** Up to 16 MiB of rendered certificates (a certificate is some 10–20 KiB). */
export const certificatePdfCache = new ByteLru(16 * 1024 * 1024);

import type { AnswerValue } from '@school/contracts';

/** Answers not yet confirmed by the server, kept on the device so a reload or a dropped connection loses none. */
export type PendingAnswers = Record<string, AnswerValue | null>;

const storageKey = (sessionId: string) => `school.quiz-pending.${sessionId}`;

export function readPending(sessionId: string): PendingAnswers {
  try {
    const raw = window.localStorage.getItem(storageKey(sessionId));
    const value: unknown = raw ? JSON.parse(raw) : {};
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as PendingAnswers) : {};
  } catch {
    return {};
  }
}

export function writePending(sessionId: string, pending: PendingAnswers): void {
  try {
    if (Object.keys(pending).length) window.localStorage.setItem(storageKey(sessionId), JSON.stringify(pending));
    else window.localStorage.removeItem(storageKey(sessionId));
  } catch {
    // Storage may be full or disabled: the answers stay in memory and are still sent.
  }
}

/** What the student sees: the server's saved answers with the ones still waiting on top. */
export function mergeAnswers(saved: Record<string, AnswerValue | null>, pending: PendingAnswers): Record<string, AnswerValue | null> {
  return { ...saved, ...pending };
}

/** Removes from `pending` the answers a save confirmed, unless they changed again meanwhile. */
export function settle(pending: PendingAnswers, sent: PendingAnswers): PendingAnswers {
  const left: PendingAnswers = {};
  for (const [id, value] of Object.entries(pending))
    if (!(id in sent) || JSON.stringify(sent[id]) !== JSON.stringify(value)) left[id] = value;
  return left;
}

/** Milliseconds left before the deadline by the server's clock (`offsetMs` = server − device). */
export function remainingMs(deadline: string | null, offsetMs: number, now = Date.now()): number | null {
  if (!deadline) return null;
  return Math.max(0, new Date(deadline).getTime() - (now + offsetMs));
}

/** `1:05:09`, `4:59`, `0:07`. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

export type SaveState = 'saved' | 'saving' | 'offline' | 'closed';

export interface AutosaverOptions {
  /** Sends answers to the server. */
  save: (answers: PendingAnswers) => Promise<unknown>;
  /** Called with each change of state, for the page's status line. */
  onState: (state: SaveState) => void;
  /** Whether a failed save means the attempt closed (deadline passed, submitted elsewhere). */
  isClosed: (error: unknown) => boolean;
  /** Called once the attempt is found closed. */
  onClosed: () => void;
  saveDelayMs?: number;
  retryMs?: number;
}

/**
 * Saves a quiz attempt's answers as the student goes: each change is kept on the device at once,
 * sent after a short pause, and sent again every few seconds until the server confirms it, so a
 * reload or a dropped connection loses nothing. One save is under way at a time.
 */
export class Autosaver {
  private pending: PendingAnswers;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly sessionId: string,
    private readonly options: AutosaverOptions,
  ) {
    this.pending = readPending(sessionId);
  }

  /** Answers kept on the device and not yet confirmed. */
  pendingAnswers(): PendingAnswers {
    return this.pending;
  }

  hasPending(): boolean {
    return Object.keys(this.pending).length > 0;
  }

  change(questionId: string, value: AnswerValue | null): void {
    if (this.closed) return;
    this.pending = { ...this.pending, [questionId]: value };
    writePending(this.sessionId, this.pending);
    this.options.onState('saving');
    this.schedule(this.options.saveDelayMs ?? 700);
  }

  /** Sends everything pending; true once the server holds every answer. */
  async flush(): Promise<boolean> {
    clearTimeout(this.timer);
    while (this.running) await this.running;
    if (this.closed) return false;
    const sent = this.pending;
    if (!Object.keys(sent).length) {
      this.options.onState('saved');
      return true;
    }
    this.options.onState('saving');
    let ok = false;
    this.running = this.options
      .save(sent)
      .then(
        () => {
          this.pending = settle(this.pending, sent);
          writePending(this.sessionId, this.pending);
          ok = true;
        },
        (e: unknown) => {
          if (this.options.isClosed(e)) {
            this.closed = true;
            this.pending = {};
            writePending(this.sessionId, {});
            this.options.onState('closed');
            this.options.onClosed();
          } else {
            this.options.onState('offline');
            this.schedule(this.options.retryMs ?? 3000);
          }
        },
      )
      .finally(() => {
        this.running = null;
      });
    await this.running;
    // Answers changed while this save was under way go next.
    return ok ? this.flush() : false;
  }

  /** Stops the timers (the page is left); what is pending stays on the device. */
  dispose(): void {
    clearTimeout(this.timer);
  }

  /** Forgets what the device holds (the attempt was submitted). */
  clear(): void {
    this.pending = {};
    writePending(this.sessionId, {});
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
  }
}

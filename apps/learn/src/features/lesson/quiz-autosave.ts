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

import { afterEach, describe, expect, it } from 'vitest';
import { Autosaver, formatCountdown, mergeAnswers, readPending, remainingMs, settle, writePending } from './quiz-autosave';

afterEach(() => window.localStorage.clear());

describe('quiz autosave', () => {
  it('keeps unsent answers on the device across a reload and forgets them once saved', () => {
    writePending('s1', { q1: 'a', q2: ['x'] });
    expect(readPending('s1')).toEqual({ q1: 'a', q2: ['x'] });
    writePending('s1', {});
    expect(readPending('s1')).toEqual({});
  });

  it('shows pending answers over the saved ones', () => {
    expect(mergeAnswers({ q1: 'a', q2: true }, { q2: false })).toEqual({ q1: 'a', q2: false });
  });

  it('settles only the answers that did not change while they were being sent', () => {
    expect(settle({ q1: 'b', q2: 3 }, { q1: 'a', q2: 3 })).toEqual({ q1: 'b' });
  });

  it('counts down by the server clock', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(remainingMs('2026-01-01T10:05:00Z', 60_000, now)).toBe(240_000);
    expect(remainingMs('2026-01-01T09:00:00Z', 0, now)).toBe(0);
    expect(remainingMs(null, 0, now)).toBeNull();
    expect(formatCountdown(240_000)).toBe('4:00');
    expect(formatCountdown(3_909_000)).toBe('1:05:09');
    expect(formatCountdown(6_500)).toBe('0:07');
  });
});

describe('Autosaver', () => {
  const setup = (save: (a: object) => Promise<unknown>) => {
    const states: string[] = [];
    let closed = 0;
    const saver = new Autosaver('s2', {
      save,
      onState: (s) => states.push(s),
      isClosed: (e) => e === 'closed',
      onClosed: () => closed++,
      saveDelayMs: 10_000,
      retryMs: 10_000,
    });
    return { saver, states, closed: () => closed };
  };

  it('keeps an answer on the device while the connection is down and sends it once it returns', async () => {
    let online = false;
    const sent: object[] = [];
    const { saver, states } = setup(async (a) => {
      if (!online) throw new TypeError('Failed to fetch');
      sent.push(a);
    });
    saver.change('q1', 'a');
    expect(await saver.flush()).toBe(false);
    expect(states.at(-1)).toBe('offline');
    // A reload finds it on the device.
    expect(readPending('s2')).toEqual({ q1: 'a' });
    expect(
      new Autosaver('s2', {
        save: async () => undefined,
        onState: () => undefined,
        isClosed: () => false,
        onClosed: () => undefined,
      }).pendingAnswers(),
    ).toEqual({ q1: 'a' });
    online = true;
    expect(await saver.flush()).toBe(true);
    expect(sent).toEqual([{ q1: 'a' }]);
    expect(states.at(-1)).toBe('saved');
    expect(readPending('s2')).toEqual({});
    saver.dispose();
  });

  it('stops and forgets when the server says the attempt is closed', async () => {
    const { saver, states, closed } = setup(async () => Promise.reject('closed'));
    saver.change('q1', 'late');
    expect(await saver.flush()).toBe(false);
    expect(states.at(-1)).toBe('closed');
    expect(closed()).toBe(1);
    expect(readPending('s2')).toEqual({});
    saver.change('q1', 'later');
    expect(readPending('s2')).toEqual({});
    saver.dispose();
  });
});

import { describe, expect, it } from 'vitest';
import { publishTime } from './announcement-rules';

describe('publishTime', () => {
  const now = new Date('2026-06-01T10:00:00Z');
  it('is now for none, the time for a later one, now within a minute before', () => {
    expect(publishTime(null, now)).toBeNull();
    expect(publishTime('2026-06-01T10:05:00Z', now)).toEqual(new Date('2026-06-01T10:05:00Z'));
    expect(publishTime('2026-06-01T09:59:30Z', now)).toBeNull();
  });
  it('refuses a time in the past with a message under publish_at', () => {
    expect(() => publishTime('2026-06-01T09:58:00Z', now)).toThrow('Choose a time in the future, or post it now');
  });
});

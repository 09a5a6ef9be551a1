import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  formatCount,
  formatDate,
  formatDateTime,
  formatDuration,
  formatFileSize,
  relativeTime,
} from './format';

describe('formatDate', () => {
  it("shows 'day month-name year'", () => {
    expect(formatDate(new Date(2025, 8, 1))).toBe('1 September 2025');
    expect(formatDate(new Date(2024, 11, 31, 23, 59))).toBe('31 December 2024');
  });

  it('accepts ISO strings and timestamps', () => {
    expect(formatDate('2025-09-01T10:00:00')).toBe('1 September 2025');
    expect(formatDate(new Date(2026, 0, 15).getTime())).toBe('15 January 2026');
  });

  it('gives an empty string for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows the date and the local time', () => {
    expect(formatDateTime(new Date(2025, 8, 1, 9, 5))).toBe('1 September 2025, 9:05 AM');
    expect(formatDateTime(new Date(2025, 8, 1, 21, 30))).toBe('1 September 2025, 9:30 PM');
  });

  it('gives an empty string for invalid input', () => {
    expect(formatDateTime('nope')).toBe('');
  });
});

describe('relativeTime', () => {
  const now = new Date(2026, 5, 15, 12, 0, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it("says 'Just now' under one minute", () => {
    expect(relativeTime(now, now)).toBe('Just now');
    expect(relativeTime(ago(59_999), now)).toBe('Just now');
  });

  it("says 'Just now' for a moment slightly in the future", () => {
    expect(relativeTime(ago(-5000), now)).toBe('Just now');
  });

  it('counts minutes from 1 to 59', () => {
    expect(relativeTime(ago(MINUTE_MS), now)).toBe('1 min ago');
    expect(relativeTime(ago(2 * MINUTE_MS - 1), now)).toBe('1 min ago');
    expect(relativeTime(ago(59 * MINUTE_MS + 59_999), now)).toBe('59 min ago');
  });

  it('counts hours from 1 to 23', () => {
    expect(relativeTime(ago(HOUR_MS), now)).toBe('1 h ago');
    expect(relativeTime(ago(DAY_MS - 1), now)).toBe('23 h ago');
  });

  it('counts days from 1 to 6', () => {
    expect(relativeTime(ago(DAY_MS), now)).toBe('1 d ago');
    expect(relativeTime(ago(7 * DAY_MS - 1), now)).toBe('6 d ago');
  });

  it('counts weeks of 7 days, from 1 to 3', () => {
    expect(relativeTime(ago(7 * DAY_MS), now)).toBe('1 w ago');
    expect(relativeTime(ago(13 * DAY_MS), now)).toBe('1 w ago');
    expect(relativeTime(ago(14 * DAY_MS), now)).toBe('2 w ago');
    expect(relativeTime(ago(28 * DAY_MS - 1), now)).toBe('3 w ago');
  });

  it('counts months of 4 weeks (28 days), from 1 to 11', () => {
    expect(relativeTime(ago(28 * DAY_MS), now)).toBe('1 mo ago');
    expect(relativeTime(ago(55 * DAY_MS), now)).toBe('1 mo ago');
    expect(relativeTime(ago(56 * DAY_MS), now)).toBe('2 mo ago');
    expect(relativeTime(ago(336 * DAY_MS - 1), now)).toBe('11 mo ago');
  });

  it('counts years of 12 such months (336 days)', () => {
    expect(relativeTime(ago(336 * DAY_MS), now)).toBe('1 y ago');
    expect(relativeTime(ago(365 * DAY_MS), now)).toBe('1 y ago');
    expect(relativeTime(ago(672 * DAY_MS), now)).toBe('2 y ago');
  });

  it('accepts ISO strings and uses the current time by default', () => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    try {
      expect(relativeTime(ago(3 * HOUR_MS).toISOString())).toBe('3 h ago');
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives an empty string for missing or invalid dates', () => {
    expect(relativeTime(null, now)).toBe('');
    expect(relativeTime('garbage', now)).toBe('');
  });
});

describe('formatDuration', () => {
  it('shows a week-long limit in days, not minutes', () => {
    expect(formatDuration(10080)).toBe('7 days');
    expect(formatDuration(1440)).toBe('1 day');
  });

  it('combines the largest units, leaving out the zero parts', () => {
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(1500)).toBe('1 day 1 h');
    expect(formatDuration(1441)).toBe('1 day 1 min');
    expect(formatDuration(2 * 1440 + 3 * 60 + 5)).toBe('2 days 3 h 5 min');
  });

  it('keeps short limits in minutes', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(1)).toBe('1 min');
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(29.6)).toBe('30 min');
  });

  it('gives an empty string for values that are not a duration', () => {
    expect(formatDuration(-5)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatCount', () => {
  it('puts the noun in the singular for one only', () => {
    expect(formatCount(1, 'lesson')).toBe('1 lesson');
    expect(formatCount(0, 'lesson')).toBe('0 lessons');
    expect(formatCount(2, 'module')).toBe('2 modules');
    expect(formatCount(1, 'person', 'people')).toBe('1 person');
    expect(formatCount(3, 'person', 'people')).toBe('3 people');
  });

  it('groups thousands', () => {
    expect(formatCount(10000, 'student')).toBe('10,000 students');
  });
});

describe('formatFileSize', () => {
  it('keeps small files in bytes and KB, never 0 MB', () => {
    expect(formatFileSize(272)).toBe('272 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(2600)).toBe('2.5 KB');
  });

  it('gives MB and GB for large files', () => {
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1.3 MB');
    expect(formatFileSize(3 * 1024 * 1024 * 1024)).toBe('3 GB');
  });

  it('gives an empty string for values that are not a size', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});

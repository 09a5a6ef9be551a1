import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_DATE_ORDER_MESSAGE,
  ANALYTICS_INVALID_DATE_MESSAGE,
  ApplicationsAnalyticsQuerySchema,
} from './applications-analytics.schemas';

const issues = (input: unknown) => {
  const r = ApplicationsAnalyticsQuerySchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the analytics query', () => {
  it('takes an intake and whole days, all optional', () => {
    expect(ApplicationsAnalyticsQuerySchema.parse({})).toEqual({});
    expect(ApplicationsAnalyticsQuerySchema.parse({ intake: 'youth-programme-2027', from: '2026-10-01', to: '2026-10-01' })).toEqual({
      intake: 'youth-programme-2027',
      from: '2026-10-01',
      to: '2026-10-01',
    });
  });

  it('refuses days that do not exist, other formats, a reversed range and unknown fields', () => {
    expect(issues({ from: '2026-02-30' })).toEqual([`from: ${ANALYTICS_INVALID_DATE_MESSAGE}`]);
    expect(issues({ to: '1 October 2026' })).toEqual([`to: ${ANALYTICS_INVALID_DATE_MESSAGE}`]);
    expect(issues({ from: '2026-10-02', to: '2026-10-01' })).toEqual([`to: ${ANALYTICS_DATE_ORDER_MESSAGE}`]);
    expect(issues({ intake: 'Youth Programme' })).toHaveLength(1);
    expect(issues({ status: 'OFFERED' })).toHaveLength(1);
  });
});

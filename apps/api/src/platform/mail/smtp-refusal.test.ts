import { describe, expect, it } from 'vitest';
import { isPermanentRefusal } from './smtp-refusal';

const refusal = (responseCode: number, rejected: string[] = ['gone@example.com']) =>
  Object.assign(new Error("Can't send mail - all recipients were rejected"), {
    code: 'EENVELOPE',
    command: 'RCPT TO',
    responseCode,
    rejected,
  });

describe('isPermanentRefusal', () => {
  it('is true for a 5xx reply naming refused addresses', () => {
    expect(isPermanentRefusal(refusal(550))).toBe(true);
    expect(isPermanentRefusal(refusal(553))).toBe(true);
  });
  it('is false for a temporary refusal, a 5xx without refused addresses, a connection failure or no error', () => {
    expect(isPermanentRefusal(refusal(450))).toBe(false);
    expect(isPermanentRefusal(refusal(554, []))).toBe(false);
    expect(isPermanentRefusal(Object.assign(new Error('Message too large'), { responseCode: 552 }))).toBe(false);
    expect(isPermanentRefusal(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe(false);
    expect(isPermanentRefusal(null)).toBe(false);
    expect(isPermanentRefusal('550')).toBe(false);
  });
});

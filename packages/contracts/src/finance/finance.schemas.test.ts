import { describe, expect, it } from 'vitest';
import { FINANCE_MESSAGES, PaymentDetailsInputSchema } from './finance.schemas';

const valid = { id_number: '990101-14-5678', bank_name: 'Maybank', account_number: '514012345678', account_holder: 'Aina binti Ali' };
const errorsOf = (input: object) =>
  Object.fromEntries((PaymentDetailsInputSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('payment details', () => {
  it('keeps a MyKad number as its 12 digits and a passport number in capitals', () => {
    expect(PaymentDetailsInputSchema.parse(valid).id_number).toBe('990101145678');
    expect(PaymentDetailsInputSchema.parse({ ...valid, id_number: '990101145678' }).id_number).toBe('990101145678');
    expect(PaymentDetailsInputSchema.parse({ ...valid, id_number: ' a1234567 ' }).id_number).toBe('A1234567');
  });

  it('refuses other numbers with the rule in words', () => {
    for (const id_number of ['12345', '99010-114-5678', '9901011456789', 'AB-123456', 'A12345678901X'])
      expect(errorsOf({ ...valid, id_number })).toEqual({ id_number: FINANCE_MESSAGES.idNumberFormat });
    for (const account_number of ['12345', '5140 1234 5678', '1'.repeat(21), '51401234567a'])
      expect(errorsOf({ ...valid, account_number })).toEqual({ account_number: FINANCE_MESSAGES.accountNumberFormat });
  });

  it('requires every field', () => {
    expect(errorsOf({})).toEqual({
      id_number: FINANCE_MESSAGES.idNumberRequired,
      bank_name: FINANCE_MESSAGES.bankNameRequired,
      account_number: FINANCE_MESSAGES.accountNumberRequired,
      account_holder: FINANCE_MESSAGES.accountHolderRequired,
    });
    expect(errorsOf({ ...valid, account_holder: '   ' })).toEqual({ account_holder: FINANCE_MESSAGES.accountHolderRequired });
  });
});

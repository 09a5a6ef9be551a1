import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, PaymentCipherError, seal } from './payment-cipher';
import { parsePaymentKey, paymentKeyOf } from './payment-key';

const key = paymentKeyOf(randomBytes(32));

describe('the payment details cipher', () => {
  it('opens what it sealed, and never stores the plaintext', () => {
    const sealed = seal(key, '42', 'account_number', '1234567890');
    expect(sealed.includes(Buffer.from('1234567890'))).toBe(false);
    expect(open(key, '42', 'account_number', sealed)).toBe('1234567890');
  });

  it('seals the same value differently each time (random IV)', () => {
    expect(seal(key, '1', 'bank_name', 'Maybank').equals(seal(key, '1', 'bank_name', 'Maybank'))).toBe(false);
  });

  it('refuses another key', () => {
    const sealed = seal(key, '42', 'id_number', '990101145678');
    expect(() => open(paymentKeyOf(randomBytes(32)), '42', 'id_number', sealed)).toThrow(PaymentCipherError);
  });

  it('refuses a value moved to another owner or column, or altered', () => {
    const sealed = seal(key, '42', 'account_number', '1234567890');
    expect(() => open(key, '43', 'account_number', sealed)).toThrow(PaymentCipherError);
    expect(() => open(key, '42', 'id_number', sealed)).toThrow(PaymentCipherError);
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] ^= 1;
    expect(() => open(key, '42', 'account_number', altered)).toThrow(PaymentCipherError);
    expect(() => open(key, '42', 'account_number', Buffer.from([9, 1, 2]))).toThrow(PaymentCipherError);
  });

  it('reads a key as hex or base64, and gives each key its own id', () => {
    const bytes = randomBytes(32);
    expect(parsePaymentKey(bytes.toString('hex'))?.equals(bytes)).toBe(true);
    expect(parsePaymentKey(bytes.toString('base64'))?.equals(bytes)).toBe(true);
    expect(parsePaymentKey(bytes.toString('base64url'))?.equals(bytes)).toBe(true);
    expect(parsePaymentKey('too short')).toBeUndefined();
    expect(parsePaymentKey(randomBytes(16).toString('hex'))).toBeUndefined();
    expect(paymentKeyOf(bytes).id).toBe(paymentKeyOf(Buffer.from(bytes)).id);
    expect(paymentKeyOf(bytes).id).not.toBe(paymentKeyOf(randomBytes(32)).id);
    expect(paymentKeyOf(bytes).id).not.toContain(bytes.toString('hex').slice(0, 8));
  });
});

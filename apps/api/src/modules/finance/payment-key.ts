import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config';

/** Nest token of the key that seals trainees' payment details (a PaymentKey). */
export const PAYMENT_DETAILS_KEY = Symbol('PAYMENT_DETAILS_KEY');

/**
 * An AES-256 key and its id. The id is derived from the key (not secret: a hash prefix), and every
 * sealed row stores it, so a rotation can tell which rows a new key has not re-sealed yet.
 */
export interface PaymentKey {
  id: string;
  key: Buffer;
}

/** The 32 bytes of a PAYMENT_DETAILS_KEY setting: 64 hex digits or base64 (standard or URL-safe). */
export function parsePaymentKey(text: string): Buffer | undefined {
  const v = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const bytes = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  return undefined;
}

export function paymentKeyOf(key: Buffer): PaymentKey {
  if (key.length !== 32) throw new Error('A payment details key is 32 bytes');
  const id = `k${createHash('sha256').update('payment-details-key-id\0').update(key).digest('hex').slice(0, 16)}`;
  return { id, key };
}

/**
 * PAYMENT_DETAILS_KEY when set; otherwise a random key kept under the data folder (as the JWT secret
 * is), so details saved before a restart can still be read after it.
 */
export function resolvePaymentKey(config: AppConfig): PaymentKey {
  if (config.PAYMENT_DETAILS_KEY) {
    const key = parsePaymentKey(config.PAYMENT_DETAILS_KEY);
    // The config's own validation refused any other form before the app started.
    if (!key) throw new Error('PAYMENT_DETAILS_KEY is not 32 bytes in hex or base64');
    return paymentKeyOf(key);
  }
  const file = join(config.dataDir, 'payment-details-key');
  if (existsSync(file)) {
    const key = parsePaymentKey(readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a 32-byte key in hex`);
    return paymentKeyOf(key);
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return paymentKeyOf(key);
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { PaymentKey } from './payment-key';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 1;

/** Raised when a sealed value cannot be opened: another key, or bytes that were altered. */
export class PaymentCipherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentCipherError';
  }
}

/**
 * The additional data bound into each seal: the row's owner and the column. A value copied into
 * another trainee's row or another column fails to open instead of being read as theirs.
 */
const aad = (ownerId: string, field: string) => Buffer.from(`payment_details:${ownerId}:${field}`, 'utf8');

/** AES-256-GCM: version byte, 12-byte random IV, 16-byte tag, then the ciphertext. */
export function seal(key: PaymentKey, ownerId: string, field: string, plaintext: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(aad(ownerId, field));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

export function open(key: PaymentKey, ownerId: string, field: string, sealed: Buffer): string {
  if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== VERSION) throw new PaymentCipherError('Unknown sealed value format');
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key.key, iv);
  decipher.setAAD(aad(ownerId, field));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    // The message names no value: nothing of the details reaches a log.
    throw new PaymentCipherError('A payment detail could not be opened with this key');
  }
}

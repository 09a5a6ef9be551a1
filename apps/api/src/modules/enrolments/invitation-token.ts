import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The secret of one invitation send. It is drawn once, when the send is created (its sha256 is
 * stored on the invitation at the same moment), and every try of the send's job mails that same
 * link, so a retry never breaks a link already delivered. The database keeps only the hash; the
 * job carries the token sealed (AES-256-GCM under a key derived from the app secret, JWT_SECRET),
 * so a reader of the job table (the failed-jobs list, a backup) cannot use it, and pg-boss drops
 * the job's data with the job after its retention.
 */
export interface InvitationToken {
  token: string;
  hash: string;
  sealed: string;
}

const keyOf = (appSecret: string) => createHash('sha256').update(`invitation-token\0${appSecret}`).digest();

export function newInvitationToken(appSecret: string, hashOf: (token: string) => string): InvitationToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOf(token), sealed: sealToken(appSecret, token) };
}

export function sealToken(appSecret: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The token a job carries; throws when it was sealed under another secret or altered. */
export function openToken(appSecret: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

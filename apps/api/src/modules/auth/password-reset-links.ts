import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';

/** Hex sha256 of a reset link's token: the only form in which a token is stored. */
export const resetTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Withdraws every live reset link of an account (a successful sign-in, a newer request, a reset). */
export function invalidateResetLinks(db: DataSource | EntityManager, userId: string): Promise<unknown> {
  return db.query(
    `UPDATE password_reset_tokens SET invalidated_at = now() WHERE user_id = $1 AND used_at IS NULL AND invalidated_at IS NULL`,
    [userId],
  );
}

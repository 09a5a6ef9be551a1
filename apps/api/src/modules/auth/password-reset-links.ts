import { createHash } from 'node:crypto';

/** Hex sha256 of a reset link's token: the only form in which a token is stored. */
export const resetTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

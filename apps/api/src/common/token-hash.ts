import { createHash } from 'node:crypto';

/** Hex sha256 of a link's secret token (an invitation): the only form in which such a token is stored. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Signed file URLs in an answer expire (FILE_URL_TTL_SECONDS, 10 minutes by default): a read that
 * carries them is fresh this long and asked again after it, well before they stop working.
 */
export const SIGNED_URL_FRESH_MS = 4 * 60_000;

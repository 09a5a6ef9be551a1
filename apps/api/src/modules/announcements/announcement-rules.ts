import { BadRequestException } from '@nestjs/common';
import { ANNOUNCEMENT_MESSAGES } from '@school/contracts';

/** A 400 naming the field, as the forms show it under that field. */
export const fieldError = (field: string, message: string) => new BadRequestException({ message, errors: { [field]: message } });

/**
 * When an announcement goes out: null for now; a given time must be ahead of `now` (a minute's
 * slack for the clock of the author's device: a time within it counts as now).
 */
export function publishTime(given: string | null, now: Date): Date | null {
  if (given === null) return null;
  const at = new Date(given);
  if (at.getTime() <= now.getTime() - 60_000) throw fieldError('publish_at', ANNOUNCEMENT_MESSAGES.publishInPast);
  return at.getTime() <= now.getTime() ? null : at;
}

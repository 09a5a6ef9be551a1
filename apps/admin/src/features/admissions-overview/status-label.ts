import type { ApplicationStatus } from '@school/contracts';

/** An application state as people read it: 'OFFER_EXPIRED' -> 'Offer expired'. */
export function statusLabel(status: ApplicationStatus | string): string {
  const words = status.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A share (0 to 1) as a percentage with at most one decimal: 0.4 -> '40%', 0.1234 -> '12.3%'. */
export function percent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

/** Days with at most one decimal, or a dash when there is no figure. */
export function days(value: number | null): string {
  if (value === null) return '–';
  const rounded = Math.round(value * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'day' : 'days'}`;
}

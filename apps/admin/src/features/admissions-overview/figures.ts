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

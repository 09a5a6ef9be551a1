/**
 * The completion rule, as the API's SQL function completion_percentage(done, total) applies it:
 * round(100 * completed / total, 2), halves away from zero as PostgreSQL's numeric rounds them,
 * in exact integer arithmetic; 0 when there is nothing to complete.
 */
export function completionPercentage(completed: number, total: number): number {
  if (total <= 0) return 0;
  const scaled = 10_000 * Math.min(Math.max(completed, 0), total);
  let hundredths = Math.floor(scaled / total);
  if (2 * (scaled - hundredths * total) >= total) hundredths++;
  return hundredths / 100;
}

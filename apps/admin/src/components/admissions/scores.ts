/** A weighted score on the 1-5 scale with two decimals, as the pipeline, the ranking and the reviewers show it (null: a dash). */
export function formatScore(score: number | null | undefined): string {
  if (score === null || score === undefined) return '–';
  return score.toFixed(2);
}

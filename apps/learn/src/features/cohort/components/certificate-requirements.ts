import type { CertificateRequirements } from '@school/contracts';

const pct = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(2).replace(/0$/, '')}%`;

/** What a student still lacks to earn a certificate, one line per unmet rule (none when every rule is met). */
export function missingRequirements(r: CertificateRequirements): string[] {
  const missing: string[] = [];
  if (r.lessons_percent < r.min_lessons_percent)
    missing.push(
      r.min_lessons_percent >= 100
        ? `Complete every lesson (${pct(r.lessons_percent)} done)`
        : `Complete ${pct(r.min_lessons_percent)} of the lessons (${pct(r.lessons_percent)} done)`,
    );
  if (r.require_mandatory_graded && r.missing_mandatory > 0)
    missing.push(
      r.missing_mandatory === 1
        ? '1 mandatory grade item still to be graded'
        : `${r.missing_mandatory} mandatory grade items still to be graded`,
    );
  if (r.weighted_total !== null && r.weighted_total < r.min_weighted_total)
    missing.push(`Reach a weighted total of ${pct(r.min_weighted_total)} (now ${pct(r.weighted_total)})`);
  return missing;
}

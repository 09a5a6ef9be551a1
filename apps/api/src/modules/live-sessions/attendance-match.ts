import type { ImportReportRow } from '@school/contracts';
import { normaliseName, type ReportPerson } from './attendance-report';

export interface MatchableTrainee {
  id_slug: string;
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * Matches each person of a report to a trainee of the cohort: by email (case set aside), then by
 * full name (case, spaces and accents set aside). A person matching nobody, or a name shared by
 * several trainees, is left for the facilitator to resolve.
 */
export function matchPeople(people: ReportPerson[], trainees: MatchableTrainee[]): ImportReportRow[] {
  const byEmail = new Map(trainees.map((t) => [t.email.trim().toLowerCase(), t.id_slug]));
  const byName = new Map<string, string[]>();
  for (const t of trainees) {
    const key = normaliseName(`${t.first_name} ${t.last_name}`);
    byName.set(key, [...(byName.get(key) ?? []), t.id_slug]);
  }
  return people.map((p, i) => {
    const row: ImportReportRow = {
      key: String(i + 1),
      name: p.name,
      email: p.email,
      minutes: Math.round(p.seconds / 60),
      first_join_at: p.firstJoin?.toISOString() ?? null,
      line: p.line,
      trainee_id_slug: null,
      match: null,
      problem: 'NO_MATCH',
      candidates: [],
    };
    const emailed = p.email ? byEmail.get(p.email) : undefined;
    if (emailed) return { ...row, trainee_id_slug: emailed, match: 'EMAIL', problem: null };
    const several = new Set<string>();
    for (const n of p.names) {
      const found = byName.get(normaliseName(n)) ?? [];
      if (found.length === 1) return { ...row, trainee_id_slug: found[0], match: 'NAME', problem: null };
      found.forEach((s) => several.add(s));
    }
    return several.size > 0 ? { ...row, problem: 'SEVERAL', candidates: [...several] } : row;
  });
}

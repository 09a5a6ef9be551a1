import type { CoachTrainee } from '@school/contracts';

export const fullName = (s: { first_name: string; last_name: string }) => `${s.first_name} ${s.last_name}`.trim();

/** Adds the trainee to the chosen ones, or takes them out when already chosen (the order of choosing is kept). */
export function toggleTrainee(chosen: CoachTrainee[], s: CoachTrainee): CoachTrainee[] {
  if (chosen.some((c) => c.id_slug === s.id_slug)) return chosen.filter((c) => c.id_slug !== s.id_slug);
  return [...chosen, { id_slug: s.id_slug, first_name: s.first_name, last_name: s.last_name, email: s.email }];
}

/** Whom a coach follows, in a sentence: 'the whole of Cohort A' or '2 trainees of Cohort A'. */
export const coachReach = (chosen: number, cohortTitle: string) =>
  chosen === 0 ? `the whole of ${cohortTitle}` : `${chosen} ${chosen === 1 ? 'trainee' : 'trainees'} of ${cohortTitle}`;

import type { Eligibility, ProgrammeApplication } from '@school/contracts';

/** Highest qualifications that are a diploma or a degree (every option of the form's list is one). */
const DIPLOMA_OR_DEGREE = new Set(['Diploma', 'Degree', "Master's & above"]);
const MAX_AGE = 30;

/**
 * The youth programme's eligibility rules applied to an application's answers. A flag is null
 * where the answers cannot tell: the form asks about previous employment, not current, so whether
 * the applicant is unemployed now is for the admin to confirm. Flags inform; nothing is rejected
 * by them.
 */
export function screen(a: Pick<ProgrammeApplication, 'age' | 'highest_qualification' | 'can_participate' | 'is_citizen'>): Eligibility {
  const age = Number(a.age);
  return {
    age_30_or_below: Number.isInteger(age) && age <= MAX_AGE,
    diploma_or_degree: DIPLOMA_OR_DEGREE.has(a.highest_qualification),
    unemployed: null,
    can_participate: a.can_participate === 'true',
    malaysian_citizen: a.is_citizen === 'true',
  };
}

import { birthMonthOptions } from '@school/catalogue/data';
import type { Eligibility, EligibilityRule, ProgrammeApplication } from '@school/contracts';

/** Highest qualifications that are a diploma or a degree (every option of the form's list is one). */
const DIPLOMA_OR_DEGREE = new Set(['Diploma', 'Degree', "Master's & above"]);
const MAX_AGE = 30;
/** Words in the employment details that say the job goes on (the form asks about previous employment). */
const STILL_EMPLOYED = /\b(currently|presently|present|still|ongoing|to date|till now|until now)\b/i;

type Answers = Pick<
  ProgrammeApplication,
  | 'age'
  | 'dobYear'
  | 'dobMonth'
  | 'dobDate'
  | 'highest_qualification'
  | 'grad_year'
  | 'prev_employment'
  | 'employment_details'
  | 'can_participate'
  | 'is_citizen'
>;

/** The rules' flags, the answer that decided each one, and what does not add up (shown to the admin). */
export interface ScreeningResult {
  flags: Eligibility;
  basis: Record<EligibilityRule, string>;
  warnings: string[];
}

const dayText = (d: { y: number; m: number; d: number }) => `${d.d} ${birthMonthOptions[d.m - 1]?.value ?? d.m} ${d.y}`;

/** Whole years from a birth date to a day (both calendar dates, compared as such). */
function yearsOn(born: { y: number; m: number; d: number }, on: { y: number; m: number; d: number }): number {
  return on.y - born.y - (on.m < born.m || (on.m === born.m && on.d < born.d) ? 1 : 0);
}

const parseDay = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return { y, m, d };
};

/** Today's calendar date in Malaysia (the programme's time zone). */
const malaysiaDay = (now: Date) => parseDay(new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10));

/**
 * Age: computed from the date of birth on the programme's reference date (its first cohort's
 * start), never from the age picked. A year given as '1990 or earlier' / '2010 or later' bounds
 * the age; the rule is decided when every date in the bound decides it the same way. A picked age
 * that is neither the age on the day of applying nor on the reference date is a warning.
 */
function ageRule(a: Answers, reference: string, today: Date, warnings: string[]): [boolean | null, string] {
  const ref = parseDay(reference);
  const refText = dayText(ref);
  const month = birthMonthOptions.findIndex((o) => o.value === a.dobMonth) + 1;
  const date = Number(a.dobDate);
  const exact = /^\d{4}$/.test(a.dobYear) ? Number(a.dobYear) : null;
  if (exact === null) {
    // Open-ended years: the oldest and youngest the applicant can be on the reference date.
    const earliest = a.dobYear.includes('earlier');
    const bound = { y: Number(/\d{4}/.exec(a.dobYear)?.[0]), m: earliest ? 12 : 1, d: earliest ? 31 : 1 };
    const age = yearsOn(bound, ref);
    if (earliest && age > MAX_AGE) return [false, `Born in ${a.dobYear}: at least ${age} on ${refText}`];
    if (!earliest && age <= MAX_AGE) return [true, `Born in ${a.dobYear}: at most ${age} on ${refText}`];
    return [null, `Born in ${a.dobYear}: the exact year decides it`];
  }
  const lastDay = new Date(Date.UTC(exact, month, 0)).getUTCDate();
  if (month < 1 || !(date >= 1)) return [null, 'The date of birth is incomplete'];
  if (date > lastDay) warnings.push(`The date of birth ${date} ${a.dobMonth} ${exact} does not exist`);
  const born = { y: exact, m: month, d: Math.min(date, lastDay) };
  const onRef = yearsOn(born, ref);
  const now = yearsOn(born, malaysiaDay(today));
  const picked = Number(a.age);
  if (picked !== now && picked !== onRef)
    warnings.push(
      `The age picked (${a.age}) does not match the date of birth (${dayText(born)}: ${now} when applying, ${onRef} on ${refText})`,
    );
  return [onRef <= MAX_AGE, `Born ${dayText(born)}: ${onRef} on ${refText}`];
}

/** A diploma or degree held by the reference date: the highest qualification, and a graduation year not after it. */
function qualificationRule(a: Answers, reference: string): [boolean | null, string] {
  const refYear = parseDay(reference).y;
  if (!DIPLOMA_OR_DEGREE.has(a.highest_qualification)) return [false, `Highest qualification: ${a.highest_qualification}`];
  const what = `${a.highest_qualification}, graduation year ${a.grad_year}`;
  const year = /^\d{4}$/.test(a.grad_year) ? Number(a.grad_year) : null;
  if (year === null) {
    const from = Number(/\d{4}/.exec(a.grad_year)?.[0]);
    if (!a.grad_year.includes('later')) return [true, what];
    if (from > refYear) return [false, `${what}: after the programme starts`];
    return [null, `${what}: may be after the programme starts`];
  }
  if (year > refYear) return [false, `${what}: after the programme starts`];
  if (year === refYear) return [null, `${what}: may be after the programme starts`];
  return [true, what];
}

/**
 * Unemployed: the form asks about previous employment. 'None' and an internship are not a job;
 * a part-time or full-time job whose details say it goes on is; otherwise the admin confirms.
 */
function unemployedRule(a: Answers): [boolean | null, string] {
  const what = `Previous employment: ${a.prev_employment}`;
  const details = a.employment_details?.trim() ?? '';
  if (details && STILL_EMPLOYED.test(details)) return [false, `${what}, details: “${details.slice(0, 120)}”`];
  if (a.prev_employment === 'None' || a.prev_employment === 'Internship') return [true, what];
  return [null, `${what}: whether it goes on is not asked`];
}

/**
 * The youth programme's eligibility rules applied to an application's answers, on the intake's
 * reference date (`reference`, YYYY-MM-DD) and the day of applying (`today`). A flag is null where
 * the answers cannot tell. Flags inform; nothing is rejected by them: an admin confirms.
 */
export function screen(a: Answers, reference: string, today: Date = new Date()): ScreeningResult {
  const warnings: string[] = [];
  const age = ageRule(a, reference, today, warnings);
  const qualification = qualificationRule(a, reference);
  const unemployed = unemployedRule(a);
  const yes = (v: string) => (v === 'true' ? 'Yes' : 'No');
  return {
    flags: {
      age_30_or_below: age[0],
      diploma_or_degree: qualification[0],
      unemployed: unemployed[0],
      can_participate: a.can_participate === 'true',
      malaysian_citizen: a.is_citizen === 'true',
    },
    basis: {
      age_30_or_below: age[1],
      diploma_or_degree: qualification[1],
      unemployed: unemployed[1],
      can_participate: `Able to take part full time: ${yes(a.can_participate)}`,
      malaysian_citizen: `Malaysian citizen: ${yes(a.is_citizen)}`,
    },
    warnings,
  };
}

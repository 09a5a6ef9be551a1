/**
 * Option lists of the youth programme application form. Every option is `{ value, label }`,
 * where `value` is what the form submits (a string, as an HTML select gives it).
 * This module has no asset imports, so servers can use it through `@school/catalogue/data`.
 */

export interface Option<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

function same<const V extends string>(values: readonly V[]): readonly Option<V>[] {
  return values.map((value) => ({ value, label: value }));
}

function range(from: number, to: number): string[] {
  const out: string[] = [];
  const step = from <= to ? 1 : -1;
  for (let n = from; step > 0 ? n <= to : n >= to; n += step) out.push(String(n));
  return out;
}

/** Values of an option list as a non-empty tuple, ready for `z.enum(optionValues(list))`. */
export function optionValues<V extends string>(list: readonly Option<V>[]): [V, ...V[]] {
  if (list.length === 0) throw new Error('An option list is never empty');
  return list.map((option) => option.value) as [V, ...V[]];
}

/** The label of a submitted value, or the value itself when the list does not know it. */
export function optionLabel(list: readonly Option[], value: string): string {
  return list.find((option) => option.value === value)?.label ?? value;
}

export const courseOptions = same(['Analog Design', 'Digital Design', 'Packaging'] as const);
export type ProgrammeCourseName = (typeof courseOptions)[number]['value'];

export const genderOptions = same(['Male', 'Female'] as const);

export const ethnicityOptions = same(['Malay', 'Chinese', 'Indian', 'Other'] as const);

export const maritalStatusOptions = same(['Single', 'Married', 'Divorced', 'Widowed'] as const);

/** Ages 18 to 30 (the programme is for applicants aged 30 or below). */
export const MIN_AGE = 18;
export const MAX_AGE = 30;
export const ageOptions: readonly Option[] = same(range(MIN_AGE, MAX_AGE));

/** Day of the month of birth, 1 to 31. */
export const birthDateOptions: readonly Option[] = same(range(1, 31));

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const birthMonthOptions = same(MONTH_NAMES);

/** '1990 or earlier', 1991 to 2009, '2010 or later'. */
export const birthYearOptions: readonly Option[] = same(['1990 or earlier', ...range(1991, 2009), '2010 or later']);

export interface StateOption extends Option {
  /** Uppercase id; equal to `value`. */
  readonly id: string;
}

function state(id: string, label: string): StateOption {
  return { id, value: id, label };
}

/** The 13 states of Malaysia, then the 3 federal territories. */
export const stateOptions: readonly StateOption[] = [
  state('JOHOR', 'Johor'),
  state('KEDAH', 'Kedah'),
  state('KELANTAN', 'Kelantan'),
  state('MELAKA', 'Melaka'),
  state('NEGERI_SEMBILAN', 'Negeri Sembilan'),
  state('PAHANG', 'Pahang'),
  state('PENANG', 'Penang'),
  state('PERAK', 'Perak'),
  state('PERLIS', 'Perlis'),
  state('SABAH', 'Sabah'),
  state('SARAWAK', 'Sarawak'),
  state('SELANGOR', 'Selangor'),
  state('TERENGGANU', 'Terengganu'),
  state('KUALA_LUMPUR', 'Kuala Lumpur'),
  state('LABUAN', 'Labuan'),
  state('PUTRAJAYA', 'Putrajaya'),
];

export const countryOfStudyOptions = same([
  'Malaysia',
  'Singapore',
  'Indonesia',
  'Thailand',
  'Philippines',
  'Vietnam',
  'Brunei',
  'China',
  'Taiwan',
  'Japan',
  'South Korea',
  'India',
  'Australia',
  'New Zealand',
  'United Kingdom',
  'Ireland',
  'Germany',
  'Netherlands',
  'France',
  'United States',
  'Canada',
  'Others',
] as const);

export const highestQualificationOptions = same(['Diploma', 'Degree', "Master's & above"] as const);

export const fieldOfStudyOptions = same([
  'Electrical & Electronic Engineering',
  'Computer Engineering',
  'Mechanical Engineering',
  'Mechatronics & Manufacturing Engineering',
  'Chemical Engineering',
  'Materials Science & Engineering',
  'Other Engineering',
  'Computer Science & Information Technology',
  'Physics',
  'Chemistry',
  'Mathematics & Statistics',
  'Life Sciences',
  'Business, Accounting & Finance',
  'Arts, Humanities & Social Sciences',
  'Others',
] as const);

export const qualificationTypeOptions = same([
  'Diploma in Electrical & Electronic Engineering',
  'Diploma in Mechanical Engineering',
  'Diploma in Mechatronics Engineering',
  'Diploma in Computer Science / Information Technology',
  'Bachelor of Engineering (Electrical & Electronic)',
  'Bachelor of Engineering (Electronics)',
  'Bachelor of Engineering (Microelectronics)',
  'Bachelor of Engineering (Computer)',
  'Bachelor of Engineering (Communication)',
  'Bachelor of Engineering (Mechanical)',
  'Bachelor of Engineering (Mechatronics)',
  'Bachelor of Engineering (Manufacturing)',
  'Bachelor of Engineering (Chemical)',
  'Bachelor of Engineering (Materials)',
  'Bachelor of Engineering (Biomedical)',
  'Bachelor of Science (Physics)',
  'Bachelor of Science (Applied Physics)',
  'Bachelor of Science (Chemistry)',
  'Bachelor of Science (Materials Science)',
  'Bachelor of Science (Mathematics)',
  'Bachelor of Science (Statistics)',
  'Bachelor of Computer Science',
  'Bachelor of Information Technology',
  'Bachelor of Software Engineering',
  'Bachelor of Technology (Electronics)',
  'Bachelor of Business Administration',
  'Master of Engineering (Electrical & Electronic)',
  'Master of Engineering (Microelectronics)',
  'Master of Engineering (Mechanical)',
  'Master of Science (Physics)',
  'Master of Science (Materials Engineering)',
  'Master of Science (Semiconductor Technology)',
  'Master of Computer Science',
  'Master of Business Administration',
  'Others',
] as const);

/** '2026 or later', 2025 down to 2016, '2015 or earlier'. */
export const graduationYearOptions: readonly Option[] = same(['2026 or later', ...range(2025, 2016), '2015 or earlier']);

export const ENGLISH_QUALIFICATION_IDS = ['IELTS', 'MUET', 'TOEFL iBT', 'CEFR', 'IB English'] as const;
export type EnglishQualificationId = (typeof ENGLISH_QUALIFICATION_IDS)[number];

export interface EnglishQualificationOption extends Option<EnglishQualificationId> {
  /** Same as `value`; also the key of `englishScoreOptions`. */
  readonly id: EnglishQualificationId;
}

/** IELTS first: it is the form's default. */
export const englishQualificationOptions: readonly EnglishQualificationOption[] = ENGLISH_QUALIFICATION_IDS.map((id) => ({
  id,
  value: id,
  label: id,
}));
export const DEFAULT_ENGLISH_QUALIFICATION: EnglishQualificationId = 'IELTS';

function halfSteps(from: number, to: number): string[] {
  const out: string[] = [];
  for (let n = from * 2; n <= to * 2; n += 1) out.push((n / 2).toFixed(1));
  return out;
}

/** Score options keyed by the English qualification id. */
export const englishScoreOptions: Readonly<Record<EnglishQualificationId, readonly Option[]>> = {
  IELTS: same(halfSteps(4, 9)),
  MUET: same(halfSteps(1, 6)),
  'TOEFL iBT': same(['0-31', '32-34', '35-45', '46-59', '60-78', '79-93', '94-101', '102-109', '110-114', '115-117', '118-120']),
  CEFR: same(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']),
  'IB English': same(range(1, 7)),
};

export function isEnglishQualificationId(value: unknown): value is EnglishQualificationId {
  return typeof value === 'string' && (ENGLISH_QUALIFICATION_IDS as readonly string[]).includes(value);
}

/** The score options of an English qualification; an empty list for an unknown id. */
export function englishScoresFor(qualificationId: string): readonly Option[] {
  return isEnglishQualificationId(qualificationId) ? englishScoreOptions[qualificationId] : [];
}

export const employmentTypeOptions = same(['Part-time', 'Full-time', 'Internship', 'None'] as const);

export const leadershipOptions = same([
  'Voluntary or non-profit service',
  'Social or community sports groups',
  'Student bodies or clubs',
  'Mentorship programmes',
  'None',
] as const);

/** The three yes/no declarations are submitted as the strings 'true' or 'false'. */
export const yesNoOptions: readonly Option<'true' | 'false'>[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** Resume and transcript uploads: PDF only, at most 2.5 MB each. */
export const APPLICATION_FILE_MAX_BYTES = 2.5 * 1024 * 1024;
export const APPLICATION_FILE_ACCEPT = 'application/pdf';

const valuesOf = (list: readonly Option[]) => list.map((o) => o.value);

/**
 * The values each select of the application accepts, keyed as the contracts'
 * `makeProgrammeApplicationSchema(options)` expects: the form and the server check the same lists.
 */
export const applicationOptionValues = {
  courses: valuesOf(courseOptions),
  ages: valuesOf(ageOptions),
  birthYears: valuesOf(birthYearOptions),
  birthMonths: valuesOf(birthMonthOptions),
  birthDates: valuesOf(birthDateOptions),
  genders: valuesOf(genderOptions),
  ethnicities: valuesOf(ethnicityOptions),
  maritalStatuses: valuesOf(maritalStatusOptions),
  states: valuesOf(stateOptions),
  highestQualifications: valuesOf(highestQualificationOptions),
  countriesOfStudy: valuesOf(countryOfStudyOptions),
  fieldsOfStudy: valuesOf(fieldOfStudyOptions),
  qualificationTypes: valuesOf(qualificationTypeOptions),
  graduationYears: valuesOf(graduationYearOptions),
  englishQualifications: valuesOf(englishQualificationOptions),
  englishScores: Object.fromEntries(Object.entries(englishScoreOptions).map(([k, list]) => [k, valuesOf(list)])),
  employmentTypes: valuesOf(employmentTypeOptions),
  leadershipTypes: valuesOf(leadershipOptions),
};

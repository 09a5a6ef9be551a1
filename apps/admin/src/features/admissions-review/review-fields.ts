import { englishQualificationOptions, optionLabel, stateOptions } from '@school/catalogue/data';
import {
  type AdmissionApplication,
  type AdmissionDetail,
  APPLICATION_STATUS_LABELS,
  type BlindField,
  BLIND_FIELDS,
} from '@school/contracts';
import { formatDateTime } from '@school/ui';

/** What a reviewer reads in place of a field hidden from them by blind review. */
export const HIDDEN_TEXT = 'Hidden until you submit your scores';

type Key = keyof AdmissionApplication;

export interface ReviewField {
  label: string;
  /** The application's fields this line shows: hidden when any of them is. */
  keys: Key[];
  value: (a: AdmissionApplication) => string | null | undefined;
  /** A document: the value is its (signed) address. */
  link?: boolean;
}

const yesNo = (v: 'true' | 'false' | null | undefined) => (v == null ? 'Not asked' : v === 'true' ? 'Yes' : 'No');
const f = (label: string, keys: Key[], value: ReviewField['value'], link?: boolean): ReviewField => ({ label, keys, value, link });
const plain = (label: string, key: Key) => f(label, [key], (a) => (a[key] as string | null | undefined) ?? null);

/** An application's fields for its reviewer, grouped as on the form. */
export const REVIEW_GROUPS: { title: string; fields: ReviewField[] }[] = [
  {
    title: 'Programme',
    fields: [
      plain('Course', 'course'),
      f('Submitted', ['created_date'], (a) => formatDateTime(a.created_date)),
      f('State', ['status'], (a) => APPLICATION_STATUS_LABELS[a.status]),
    ],
  },
  {
    title: 'Personal details',
    fields: [
      plain('Full name', 'full_name'),
      plain('Age', 'age'),
      f('Date of birth', ['dobDate', 'dobMonth', 'dobYear'], (a) => `${a.dobDate} ${a.dobMonth} ${a.dobYear}`),
      plain('Gender', 'gender'),
      plain('Ethnicity', 'ethnicity'),
      plain('Marital status', 'marital_status'),
    ],
  },
  {
    title: 'Contact details',
    fields: [
      plain('Email', 'email'),
      plain('Phone', 'phone'),
      plain('Secondary phone', 'secondary_phone'),
      plain('Address', 'full_address'),
      plain('City', 'city'),
      f('State', ['state'], (a) => (a.state ? optionLabel(stateOptions, a.state) : null)),
      plain('Postcode', 'postcode'),
      plain('LinkedIn', 'linkedin'),
    ],
  },
  {
    title: 'Education',
    fields: [
      plain('Highest qualification', 'highest_qualification'),
      plain('University', 'uni_name'),
      plain('Degree', 'degree_name'),
      plain('Country of study', 'country_study'),
      plain('Field of study', 'field_study'),
      plain('Qualification type', 'qualification_type'),
      plain('Academic result', 'academic_result'),
      plain('Graduation year', 'grad_year'),
    ],
  },
  {
    title: 'English and experience',
    fields: [
      f(
        'English qualification',
        ['english_qualification', 'english_score'],
        (a) => `${optionLabel(englishQualificationOptions, a.english_qualification)}: ${a.english_score}`,
      ),
      plain('Previous employment', 'prev_employment'),
      plain('Employment details', 'employment_details'),
      plain('Previous leadership', 'prev_leadership'),
      plain('Leadership details', 'leadership_details'),
    ],
  },
  {
    title: 'Declarations',
    fields: [
      f('Malaysian citizen', ['is_citizen'], (a) => yesNo(a.is_citizen)),
      f('Can take part full time', ['can_participate'], (a) => yesNo(a.can_participate)),
      f('Has a device and internet', ['can_device'], (a) => yesNo(a.can_device)),
      f('Can relocate', ['can_relocate'], (a) => yesNo(a.can_relocate)),
    ],
  },
  {
    title: 'Documents',
    fields: [f('Resume', ['resume'], (a) => a.resume, true), f('Transcript', ['transcript'], (a) => a.transcript, true)],
  },
];

const blind = new Set<string>(BLIND_FIELDS);

/**
 * Whether a line is hidden from this reader: one of its fields is listed in `hidden_fields`, or is
 * a blind field the answer leaves out (never shown as empty: the reader is told it is hidden).
 */
export function isHidden(field: ReviewField, detail: Pick<AdmissionDetail, 'application' | 'hidden_fields'>): boolean {
  const hidden = new Set<string>(detail.hidden_fields satisfies BlindField[]);
  return field.keys.some((k) => hidden.has(k) || (blind.has(k) && !(k in detail.application)));
}

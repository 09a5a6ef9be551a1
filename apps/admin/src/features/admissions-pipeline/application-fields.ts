import { optionLabel, stateOptions } from '@school/catalogue/data';
import { type AdmissionApplication, APPLICATION_STATUS_LABELS } from '@school/contracts';
import { formatDateTime } from '@school/ui';

type Field = [label: string, value: (a: AdmissionApplication) => string | null | undefined];

const yesNo = (v: 'true' | 'false' | null) => (v === null ? 'Not asked' : v === 'true' ? 'Yes' : 'No');
const dateOfBirth = (a: AdmissionApplication) =>
  a.dobDate === undefined ? undefined : `${a.dobDate} ${a.dobMonth ?? ''} ${a.dobYear ?? ''}`.trim();

/** Every field of an application, grouped as on the form. */
export const DETAIL_GROUPS: [title: string, fields: Field[]][] = [
  [
    'Programme',
    [
      ['Course', (a) => a.course],
      ['Submitted', (a) => formatDateTime(a.created_date)],
      ['Status', (a) => APPLICATION_STATUS_LABELS[a.status]],
    ],
  ],
  [
    'Personal details',
    [
      ['Full name', (a) => a.full_name],
      ['Email', (a) => a.email],
      ['Age', (a) => a.age],
      ['Date of birth', dateOfBirth],
      ['Gender', (a) => a.gender],
      ['Ethnicity', (a) => a.ethnicity],
      ['Marital status', (a) => a.marital_status],
    ],
  ],
  [
    'Contact details',
    [
      ['Address', (a) => a.full_address],
      ['City', (a) => a.city],
      ['State', (a) => (a.state === undefined ? undefined : optionLabel(stateOptions, a.state))],
      ['Postcode', (a) => a.postcode],
      ['LinkedIn', (a) => a.linkedin],
      ['Phone', (a) => a.phone],
      ['Secondary phone', (a) => a.secondary_phone],
    ],
  ],
  [
    'Education',
    [
      ['Highest qualification', (a) => a.highest_qualification],
      ['University', (a) => a.uni_name],
      ['Degree', (a) => a.degree_name],
      ['Country of study', (a) => a.country_study],
      ['Field of study', (a) => a.field_study],
      ['Qualification type', (a) => a.qualification_type],
      ['Academic result', (a) => a.academic_result],
      ['Graduation year', (a) => a.grad_year],
    ],
  ],
  [
    'English and experience',
    [
      ['English qualification', (a) => `${a.english_qualification}: ${a.english_score}`],
      ['Previous employment', (a) => a.prev_employment],
      ['Employment details', (a) => a.employment_details],
      ['Previous leadership', (a) => a.prev_leadership],
      ['Leadership details', (a) => a.leadership_details],
    ],
  ],
  [
    'Declarations',
    [
      ['Malaysian citizen', (a) => yesNo(a.is_citizen)],
      ['Can take part full time', (a) => yesNo(a.can_participate)],
      ['Has a device and internet', (a) => yesNo(a.can_device)],
      ['Can relocate', (a) => yesNo(a.can_relocate)],
    ],
  ],
];

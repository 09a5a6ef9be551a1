import type { Application } from '@school/contracts';
import { describe, expect, it } from 'vitest';
import { DETAIL_GROUPS } from './application-fields';

const sample: Application = {
  id_slug: 'a1',
  created_date: '2025-07-01T02:00:00.000Z',
  course: 'Packaging',
  email: 'e@x.my',
  full_name: 'Full Name',
  age: '24',
  dobYear: '2001',
  dobMonth: 'March',
  dobDate: '14',
  gender: 'Female',
  ethnicity: 'Malay',
  marital_status: 'Single',
  full_address: 'Addr 1',
  state: 'PENANG',
  city: 'George Town',
  postcode: '10200',
  linkedin: 'https://linkedin.example/x',
  phone: '0123',
  secondary_phone: '0456',
  highest_qualification: 'Degree',
  uni_name: 'USM',
  degree_name: 'BEng',
  country_study: 'Malaysia',
  field_study: 'Physics',
  qualification_type: 'Others',
  academic_result: '3.5',
  grad_year: '2024',
  english_qualification: 'MUET',
  english_score: '4.5',
  prev_employment: 'None',
  employment_details: 'Emp details',
  prev_leadership: 'None',
  leadership_details: 'Lead details',
  is_citizen: 'true',
  can_participate: 'true',
  can_device: 'false',
  can_relocate: 'true',
  status: 'SUBMITTED',
  eligibility: { age_30_or_below: true, diploma_or_degree: true, unemployed: null, can_participate: true, malaysian_citizen: true },
  resume: null,
  transcript: null,
};

describe('application detail', () => {
  it('shows every submitted field', () => {
    const shown = DETAIL_GROUPS.flatMap(([, fields]) => fields.map(([, value]) => value(sample) ?? '')).join('\n');
    const skip = new Set([
      'id_slug',
      'created_date',
      'resume',
      'transcript',
      'state',
      'is_citizen',
      'can_participate',
      'can_device',
      'can_relocate',
      'status',
      'eligibility',
    ]);
    for (const [key, value] of Object.entries(sample)) {
      if (!skip.has(key)) expect(shown, key).toContain(String(value));
    }
    expect(shown).toContain('Penang');
    expect(shown).toContain('Submitted');
    expect(DETAIL_GROUPS.flatMap(([, fields]) => fields.map(([label]) => label))).toContain('Malaysian citizen');
    expect(shown).toContain('Yes');
    expect(shown).toContain('No');
  });
});

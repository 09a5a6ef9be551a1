import { describe, expect, it } from 'vitest';
import { messagesOf } from '../test-utils';
import {
  makeProgrammeApplicationSchema,
  PROGRAMME_APPLICATION_MESSAGES,
  type ProgrammeApplicationOptions,
  ProgrammeApplicationSchema,
  UploadResponseSchema,
} from './applications.schemas';

const options: ProgrammeApplicationOptions = {
  courses: ['Analog Design', 'Digital Design', 'Packaging'],
  ages: ['18', '19', '30'],
  birthYears: ['1990 or earlier', '2000', '2010 or later'],
  birthMonths: ['January', 'February'],
  birthDates: ['1', '2', '31'],
  genders: ['Male', 'Female'],
  ethnicities: ['Malay', 'Chinese', 'Indian', 'Other'],
  maritalStatuses: ['Single', 'Married', 'Divorced', 'Widowed'],
  states: ['SELANGOR', 'KUALA LUMPUR'],
  highestQualifications: ['Diploma', 'Degree', "Master's & above"],
  countriesOfStudy: ['Malaysia', 'Others'],
  fieldsOfStudy: ['Engineering'],
  qualificationTypes: ['Bachelor of Engineering', 'Others'],
  graduationYears: ['2026 or later', '2025'],
  englishQualifications: ['IELTS', 'MUET', 'IB English'],
  englishScores: { IELTS: ['6.5', '7.0'], MUET: ['4.0'], 'IB english': ['1', '7'] },
  employmentTypes: ['Part-time', 'Full-time', 'Internship', 'None'],
  leadershipTypes: ['Student bodies or clubs', 'None'],
};

const valid = {
  course: 'Analog Design',
  email: ' Applicant@Mail.com ',
  full_name: 'Nur Aisyah',
  age: '19',
  dobYear: '2000',
  dobMonth: 'January',
  dobDate: '2',
  gender: 'Female',
  ethnicity: 'Malay',
  marital_status: 'Single',
  full_address: '1 Jalan Ampang',
  state: 'KUALA LUMPUR',
  city: 'Kuala Lumpur',
  postcode: '50450',
  linkedin: 'https://linkedin.com/in/x',
  phone: '+60123456789',
  highest_qualification: 'Degree',
  uni_name: 'UM',
  degree_name: 'Electrical Engineering',
  country_study: 'Malaysia',
  field_study: 'Engineering',
  qualification_type: 'Bachelor of Engineering',
  academic_result: '3.5',
  grad_year: '2025',
  english_qualification: 'IELTS',
  english_score: '7.0',
  prev_employment: 'None',
  prev_leadership: 'None',
  is_citizen: 'true',
  can_participate: 'true',
  can_device: 'true',
  can_relocate: 'false',
  resume: '',
  transcript: 'https://files.example.com/t.pdf',
};

const Strict = makeProgrammeApplicationSchema(options);

describe('programme application', () => {
  it('accepts a complete application and normalises the email', () => {
    const parsed = Strict.parse(valid);
    expect(parsed.email).toBe('applicant@mail.com');
    expect(ProgrammeApplicationSchema.safeParse(valid).success).toBe(true);
  });

  it('reports each required field with its own message', () => {
    const expected = Object.fromEntries(Object.entries(PROGRAMME_APPLICATION_MESSAGES).map(([field, message]) => [field, [message]]));
    expect(messagesOf(Strict, {})).toEqual(expected);
    const blanks = Object.fromEntries(Object.keys(valid).map((k) => [k, '']));
    expect(messagesOf(ProgrammeApplicationSchema, blanks)).toEqual(expected);
  });

  it('uses the exact spec messages', () => {
    expect(PROGRAMME_APPLICATION_MESSAGES.full_name).toBe('Full name is required');
    expect(PROGRAMME_APPLICATION_MESSAGES.email).toBe('Email is required');
    expect(PROGRAMME_APPLICATION_MESSAGES.is_citizen).toBe('This field is required');
    expect(PROGRAMME_APPLICATION_MESSAGES.can_participate).toBe('This field is required');
    expect(PROGRAMME_APPLICATION_MESSAGES.can_device).toBe('This field is required');
    expect(PROGRAMME_APPLICATION_MESSAGES.can_relocate).toBe('This field is required');
    expect(messagesOf(Strict, { ...valid, email: 'nope' })).toEqual({ email: ['Invalid email format'] });
  });

  it('checks option values against the lists', () => {
    expect(messagesOf(Strict, { ...valid, course: 'Cooking' })).toEqual({ course: ['Please select a valid option'] });
    expect(messagesOf(Strict, { ...valid, state: 'selangor' })).toEqual({ state: ['Please select a valid option'] });
    expect(messagesOf(Strict, { ...valid, can_device: 'yes' })).toEqual({ can_device: ['This field is required'] });
    expect(Strict.safeParse({ ...valid, age: 19 }).success).toBe(true);
  });

  it('checks the English score against the chosen qualification', () => {
    expect(messagesOf(Strict, { ...valid, english_score: '4.0' })).toEqual({
      english_score: ['Please select a valid option'],
    });
    expect(Strict.safeParse({ ...valid, english_qualification: 'MUET', english_score: '4.0' }).success).toBe(true);
    // the score table key differs in case from the option id: IB scores still apply
    expect(Strict.safeParse({ ...valid, english_qualification: 'IB English', english_score: '7' }).success).toBe(true);
  });

  it('keeps optional fields optional and rejects unknown ones', () => {
    const { resume, transcript, ...rest } = valid;
    void resume;
    void transcript;
    expect(Strict.safeParse(rest).success).toBe(true);
    expect(Strict.safeParse({ ...valid, secondary_phone: '', employment_details: 'x', leadership_details: '' }).success).toBe(true);
    expect(Strict.safeParse({ ...valid, status: 'ACCEPTED' }).success).toBe(false);
    expect(messagesOf(Strict, { ...valid, resume: 'javascript:alert(1)' })).toEqual({ resume: ['Invalid file URL'] });
  });
});

describe('uploads', () => {
  it('upload answers carry a url', () => {
    expect(UploadResponseSchema.parse({ url: '/api/files/x' })).toEqual({ url: '/api/files/x' });
  });
});

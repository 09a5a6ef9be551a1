import { zodResolver } from '@hookform/resolvers/zod';
import {
  ageOptions,
  birthDateOptions,
  birthMonthOptions,
  birthYearOptions,
  countryOfStudyOptions,
  courseOptions,
  DEFAULT_ENGLISH_QUALIFICATION,
  employmentTypeOptions,
  englishQualificationOptions,
  englishScoresFor,
  ethnicityOptions,
  fieldOfStudyOptions,
  genderOptions,
  graduationYearOptions,
  highestQualificationOptions,
  leadershipOptions,
  maritalStatusOptions,
  qualificationTypeOptions,
  stateOptions,
  yesNoOptions,
} from '@school/catalogue';
import { APPLICATION_FAILURE_MESSAGE, APPLICATION_SUCCESS_ROUTE, isApiError, type ProgrammeApplicationInput } from '@school/contracts';
import { Button, SelectField, TextAreaField, TextField, useSession } from '@school/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { type FieldErrors, type UseFormRegister, useForm, useWatch } from 'react-hook-form';
import { submitApplication } from '../api/submit-application';
import { uploadDocument } from '../api/upload-document';
import { ApplicationFormSchema } from '../application-options';
import { useHydrated } from '../../../lib/use-hydrated';
import { DocumentField } from './document-field';
import '../programme.css';

type Values = ProgrammeApplicationInput;
type YesNoField = 'is_citizen' | 'can_participate' | 'can_device' | 'can_relocate';

const SELECT = 'Select...';
const DETAILS_HINT = 'Optional. At most 100 words.';

const DECLARATIONS: { name: YesNoField; question: string }[] = [
  { name: 'is_citizen', question: 'I am a Malaysian citizen' },
  { name: 'can_participate', question: 'Can you take part in the whole programme, full time, for 4 months?' },
  { name: 'can_device', question: 'Do you have a laptop or desktop computer and a stable internet connection?' },
  { name: 'can_relocate', question: 'Can you relocate for the 16-week on-the-job training if needed?' },
];

/** Blank values for every field; the course comes from the page's `course` query parameter. */
export function initialValues(course: string | null): Values {
  const preset = courseOptions.some((o) => o.value === course) ? (course as string) : '';
  return {
    course: preset,
    email: '',
    full_name: '',
    age: '',
    dobYear: '',
    dobMonth: '',
    dobDate: '',
    gender: '',
    ethnicity: '',
    marital_status: '',
    full_address: '',
    state: '',
    city: '',
    postcode: '',
    linkedin: '',
    phone: '',
    secondary_phone: '',
    highest_qualification: '',
    uni_name: '',
    degree_name: '',
    country_study: '',
    field_study: '',
    qualification_type: '',
    academic_result: '',
    grad_year: '',
    english_qualification: DEFAULT_ENGLISH_QUALIFICATION,
    english_score: '',
    prev_employment: '',
    employment_details: '',
    prev_leadership: '',
    leadership_details: '',
    is_citizen: undefined as unknown as 'true',
    can_participate: undefined as unknown as 'true',
    can_device: undefined as unknown as 'true',
    can_relocate: undefined as unknown as 'true',
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="site-application-section">
      <legend className="site-application-section__title">{title}</legend>
      <div className="site-application-section__grid">{children}</div>
    </fieldset>
  );
}

function YesNo({
  name,
  question,
  register,
  errors,
}: {
  name: YesNoField;
  question: string;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
}) {
  const error = errors[name]?.message;
  return (
    <fieldset className="site-yes-no" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="site-yes-no__question">
        {question}{' '}
        <span className="ui-field__required" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="site-yes-no__options">
        {yesNoOptions.map((o) => (
          <label key={o.value} className="site-yes-no__option">
            <input type="radio" value={o.value} {...register(name)} /> {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="ui-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The youth programme application: every field of the spec, validated with the same rules as the server. */
export function ApplicationForm({ presetCourse }: { presetCourse: string | null }) {
  const { client, go } = useSession();
  const hydrated = useHydrated();
  const [files, setFiles] = useState<{ resume: File | null; transcript: File | null }>({ resume: null, transcript: null });
  const { register, handleSubmit, control, setValue, getValues, setError, formState } = useForm<Values>({
    resolver: zodResolver(ApplicationFormSchema),
    defaultValues: initialValues(presetCourse),
    mode: 'onTouched',
  });
  // After hydration the query string's course is known; it fills the course unless one was chosen.
  useEffect(() => {
    const preset = initialValues(presetCourse).course;
    if (preset && !getValues('course')) setValue('course', preset);
  }, [presetCourse, getValues, setValue]);
  const { errors, isSubmitting } = formState;
  const qualification = useWatch({ control, name: 'english_qualification' });
  const scores = englishScoresFor(typeof qualification === 'string' ? qualification : '');

  const onSubmit = handleSubmit(async (values) => {
    try {
      const resume = await uploadDocument(client, files.resume);
      const transcript = await uploadDocument(client, files.transcript);
      if (await submitApplication(client, { ...values, resume, transcript })) go(APPLICATION_SUCCESS_ROUTE);
    } catch (e) {
      // Already applied to this intake: the server's message goes on the email field.
      if (isApiError(e) && e.status === 409 && e.errors?.email) {
        setError('email', { message: e.errors.email }, { shouldFocus: true });
        return;
      }
      console.error('Application failed', e);
      // Refused by the submission limit: the server's message says how long to wait.
      window.alert(isApiError(e) && e.status === 429 ? e.message : APPLICATION_FAILURE_MESSAGE);
    }
  });

  const text = (name: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} required error={errors[name]?.message} {...extra} {...register(name)} />
  );
  const select = (name: keyof Values, label: string, options: readonly { value: string; label: string }[]) => (
    <SelectField label={label} required placeholder={SELECT} options={options} error={errors[name]?.message} {...register(name)} />
  );

  return (
    <form method="post" className="site-application-form" onSubmit={onSubmit} noValidate aria-label="Programme application">
      {/* Fields wait for the script: typed before hydration, the form would not see them. */}
      <fieldset className="site-form-fieldset" disabled={!hydrated}>
        <p className="site-application-form__note">
          Fields marked <span aria-hidden="true">*</span>
          <span className="ui-visually-hidden">with an asterisk</span> are required.
        </p>
        <Section title="Programme">{select('course', 'Course', courseOptions)}</Section>

        <Section title="Personal details">
          {text('full_name', 'Full name', { autoComplete: 'name' })}
          {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
          {select('age', 'Age', ageOptions)}
          {select('gender', 'Gender', genderOptions)}
          {select('dobDate', 'Birth date', birthDateOptions)}
          {select('dobMonth', 'Birth month', birthMonthOptions)}
          {select('dobYear', 'Birth year', birthYearOptions)}
          {select('ethnicity', 'Ethnicity', ethnicityOptions)}
          {select('marital_status', 'Marital status', maritalStatusOptions)}
        </Section>

        <Section title="Contact details">
          <TextAreaField
            label="Full address"
            required
            rows={3}
            error={errors.full_address?.message}
            autoComplete="street-address"
            {...register('full_address')}
          />
          {select('state', 'State', stateOptions)}
          {text('city', 'City', { autoComplete: 'address-level2' })}
          {text('postcode', 'Postcode', { autoComplete: 'postal-code', inputMode: 'numeric' })}
          {text('linkedin', 'LinkedIn profile', { type: 'url', placeholder: 'https://www.linkedin.com/in/your-name' })}
          {text('phone', 'Phone number', { type: 'tel', autoComplete: 'tel' })}
          <TextField
            label="Secondary phone number"
            type="tel"
            hint="Optional."
            error={errors.secondary_phone?.message}
            {...register('secondary_phone')}
          />
        </Section>

        <Section title="Education">
          {select('highest_qualification', 'Highest qualification', highestQualificationOptions)}
          {text('uni_name', 'University name')}
          {text('degree_name', 'Degree title')}
          {select('country_study', 'Country of study', countryOfStudyOptions)}
          {select('field_study', 'Field of study', fieldOfStudyOptions)}
          {select('qualification_type', 'Qualification type', qualificationTypeOptions)}
          {text('academic_result', 'Academic result (CGPA or class)')}
          {select('grad_year', 'Graduation year', graduationYearOptions)}
        </Section>

        <Section title="English proficiency">
          <SelectField
            label="English qualification"
            required
            options={englishQualificationOptions}
            error={errors.english_qualification?.message}
            {...register('english_qualification', { onChange: () => setValue('english_score', '') })}
          />
          {select('english_score', 'English score', scores)}
        </Section>

        <Section title="Experience">
          {select('prev_employment', 'Previous employment', employmentTypeOptions)}
          <TextAreaField
            label="Employment details"
            rows={3}
            hint={DETAILS_HINT}
            error={errors.employment_details?.message}
            {...register('employment_details')}
          />
          {select('prev_leadership', 'Previous leadership', leadershipOptions)}
          <TextAreaField
            label="Leadership details"
            rows={3}
            hint={DETAILS_HINT}
            error={errors.leadership_details?.message}
            {...register('leadership_details')}
          />
        </Section>

        <Section title="Declarations">
          {DECLARATIONS.map((d) => (
            <YesNo key={d.name} name={d.name} question={d.question} register={register} errors={errors} />
          ))}
        </Section>

        <Section title="Documents">
          <DocumentField label="Resume" name="resume" onChange={(resume) => setFiles((f) => ({ ...f, resume }))} />
          <DocumentField label="Academic transcript" name="transcript" onChange={(transcript) => setFiles((f) => ({ ...f, transcript }))} />
        </Section>

        <Button type="submit" size="lg" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? 'Submitting...' : 'Submit application'}
        </Button>
      </fieldset>
    </form>
  );
}

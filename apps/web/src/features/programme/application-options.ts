import {
  ageOptions, birthDateOptions, birthMonthOptions, birthYearOptions, countryOfStudyOptions, courseOptions,
  employmentTypeOptions, englishQualificationOptions, englishScoreOptions, ethnicityOptions, fieldOfStudyOptions,
  genderOptions, graduationYearOptions, highestQualificationOptions, leadershipOptions, maritalStatusOptions,
  type Option, qualificationTypeOptions, stateOptions,
} from '@school/catalogue';
import { makeProgrammeApplicationSchema, type ProgrammeApplicationOptions } from '@school/contracts';

const values = (list: readonly Option[]) => list.map((o) => o.value);

/** The values each select accepts, as the server checks them. */
export const applicationOptionValues: ProgrammeApplicationOptions = {
  courses: values(courseOptions),
  ages: values(ageOptions),
  birthYears: values(birthYearOptions),
  birthMonths: values(birthMonthOptions),
  birthDates: values(birthDateOptions),
  genders: values(genderOptions),
  ethnicities: values(ethnicityOptions),
  maritalStatuses: values(maritalStatusOptions),
  states: values(stateOptions),
  highestQualifications: values(highestQualificationOptions),
  countriesOfStudy: values(countryOfStudyOptions),
  fieldsOfStudy: values(fieldOfStudyOptions),
  qualificationTypes: values(qualificationTypeOptions),
  graduationYears: values(graduationYearOptions),
  englishQualifications: values(englishQualificationOptions),
  englishScores: Object.fromEntries(Object.entries(englishScoreOptions).map(([k, list]) => [k, values(list)])),
  employmentTypes: values(employmentTypeOptions),
  leadershipTypes: values(leadershipOptions),
};

export const ApplicationFormSchema = makeProgrammeApplicationSchema(applicationOptionValues);

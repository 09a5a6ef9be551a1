import { TextField } from '@school/ui';
import { formEndpoints } from '../../../config/env';
import { FormCollection } from './form-collection';
import '../forms.css';

/** Expresses interest in a course; the course title travels in a hidden field. */
export function CourseInterestForm({ courseTitle }: { courseTitle: string }) {
  return (
    <FormCollection endpoint={formEndpoints.courseInterest} label="Course interest form" submitLabel="Register interest">
      <input type="hidden" name="course" value={courseTitle} />
      <div className="site-form-row">
        <TextField label="First name" name="firstName" autoComplete="given-name" required />
        <TextField label="Last name" name="lastName" autoComplete="family-name" required />
      </div>
      <TextField label="Email" name="email" type="email" autoComplete="email" required />
    </FormCollection>
  );
}

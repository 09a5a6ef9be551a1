import { TextAreaField, TextField } from '@school/ui';
import { formEndpoints } from '../../../config/env';
import { FormCollection } from './form-collection';
import '../forms.css';

/** The contact form: all five fields required, checked by the browser (email and telephone types). */
export function ContactForm() {
  return (
    <FormCollection endpoint={formEndpoints.contact} label="Contact form" submitLabel="Send message">
      <div className="site-form-row">
        <TextField label="First name" name="firstName" autoComplete="given-name" required />
        <TextField label="Last name" name="lastName" autoComplete="family-name" required />
      </div>
      <TextField label="Email" name="email" type="email" autoComplete="email" required />
      <TextField label="Phone" name="phone" type="tel" autoComplete="tel" required />
      <TextAreaField label="Message" name="message" rows={5} required />
    </FormCollection>
  );
}

import { applicationOptionValues } from '@school/catalogue';
import { makeProgrammeApplicationSchema } from '@school/contracts';

export { applicationOptionValues };

/** The form checks every select against the same catalogue lists as the server. */
export const ApplicationFormSchema = makeProgrammeApplicationSchema(applicationOptionValues);

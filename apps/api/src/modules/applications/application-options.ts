import { applicationOptionValues } from '@school/catalogue/data';
import { makeProgrammeApplicationSchema } from '@school/contracts';

/** The application as the server checks it: every select value against its catalogue list. */
export const StrictProgrammeApplicationSchema = makeProgrammeApplicationSchema(applicationOptionValues);

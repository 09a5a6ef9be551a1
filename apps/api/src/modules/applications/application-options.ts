import { applicationOptionValues, initiatives } from '@school/catalogue/data';
import { makeProgrammeApplicationSchema } from '@school/contracts';

/** The application as the server checks it: every select value against its catalogue list. */
export const StrictProgrammeApplicationSchema = makeProgrammeApplicationSchema(applicationOptionValues);

/**
 * The intake an application joins: the initiative open for applications (the application form has
 * no initiative field; it belongs to the one programme taking applications).
 */
export const APPLICATION_INTAKE = (initiatives.find((i) => i.application_open) ?? initiatives[0]).frontend_slug;

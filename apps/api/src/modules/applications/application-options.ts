import { applicationOptionValues, initiatives, isApplicationOpen } from '@school/catalogue/data';
import { makeProgrammeApplicationSchema } from '@school/contracts';

/** The application as the server checks it: every select value against its catalogue list. */
export const StrictProgrammeApplicationSchema = makeProgrammeApplicationSchema(applicationOptionValues);

/**
 * The intake an application joins: the initiative taking applications at `now`, by its dates (the
 * application form has no initiative field; it serves the programme's open intake). None when closed.
 */
export function openIntake(now: Date = new Date()): string | undefined {
  return initiatives.find((i) => isApplicationOpen(i, now))?.frontend_slug;
}

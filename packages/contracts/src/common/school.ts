/**
 * The school's one name. Every app (logo, footer, page titles), the API's mail templates, the
 * certificate PDF and the default certificate provider read it from here, so a school that adopts
 * the product renames itself in this one place (school-name.test.ts fails if another name appears).
 */
export const SCHOOL_NAME = 'ChipSkills Academy';

/** The name as the wordmark draws it: the first word strong, the rest light. */
export function wordmarkParts(name: string = SCHOOL_NAME): { strong: string; light: string } {
  const [strong = '', ...rest] = name.trim().split(/\s+/);
  return { strong, light: rest.join(' ') };
}

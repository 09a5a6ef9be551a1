/**
 * An application as staff read it: its reference is the first 8 characters of its id in capitals
 * ('B4ACA791'), enough to tell applications apart in a list or on the phone, never the 32-character id.
 */
export function applicationReference(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** The applicant's name where the caller may see it (blind review hides it), else the reference. */
export function applicationTitle(id: string, fullName?: string | null): string {
  return fullName?.trim() || `Application ${applicationReference(id)}`;
}

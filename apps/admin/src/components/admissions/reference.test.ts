import { describe, expect, it } from 'vitest';
import { applicationReference, applicationTitle } from './reference';

describe('application reference', () => {
  it('is the first 8 characters of the id in capitals', () => {
    expect(applicationReference('b4aca7913c0e4f7a9d1e2b3c4d5e6f70')).toBe('B4ACA791');
  });

  it("titles an application by the applicant's name, or by its reference when the name is hidden", () => {
    expect(applicationTitle('b4aca7913c0e4f7a9d1e2b3c4d5e6f70', 'Nurul Huda')).toBe('Nurul Huda');
    expect(applicationTitle('b4aca7913c0e4f7a9d1e2b3c4d5e6f70', undefined)).toBe('Application B4ACA791');
    expect(applicationTitle('b4aca7913c0e4f7a9d1e2b3c4d5e6f70', '  ')).toBe('Application B4ACA791');
  });
});

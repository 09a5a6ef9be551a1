import { FORM_THANK_YOU_DURATION_MS } from '@school/contracts';
import { expect, it } from 'vitest';
import { THANK_YOU_DURATION_MS } from './use-form-collection';

it('keeps the thank-you message for the contracts’ 5 seconds', () => {
  expect(THANK_YOU_DURATION_MS).toBe(FORM_THANK_YOU_DURATION_MS);
  expect(THANK_YOU_DURATION_MS).toBe(5000);
});

import { expect, it } from 'vitest';
import { stateLabel } from './state-label';

it('turns state ids into names', () => {
  expect(stateLabel('PENANG')).toBe('Penang');
  expect(stateLabel('NEGERI_SEMBILAN')).toBe('Negeri Sembilan');
  expect(stateLabel('KUALA_LUMPUR')).toBe('Kuala Lumpur');
});

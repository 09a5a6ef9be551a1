import { describe, expect, it } from 'vitest';
import { DETAIL_GROUPS } from './application-fields';
import { sampleApplication as sample } from './pipeline.fixtures';

describe('application detail', () => {
  it('shows every submitted field', () => {
    const shown = DETAIL_GROUPS.flatMap(([, fields]) => fields.map(([, value]) => value(sample) ?? '')).join('\n');
    const skip = new Set([
      'id_slug',
      'created_date',
      'resume',
      'transcript',
      'state',
      'is_citizen',
      'can_participate',
      'can_device',
      'can_relocate',
      'status',
      'eligibility',
    ]);
    for (const [key, value] of Object.entries(sample)) {
      if (!skip.has(key)) expect(shown, key).toContain(String(value));
    }
    expect(shown).toContain('Penang');
    expect(shown).toContain('Submitted');
    expect(DETAIL_GROUPS.flatMap(([, fields]) => fields.map(([label]) => label))).toContain('Malaysian citizen');
    expect(shown).toContain('Yes');
    expect(shown).toContain('No');
  });

  it('names the state as people write it', () => {
    const state = (id: string) =>
      DETAIL_GROUPS.flatMap(([, fields]) => fields).find(([label]) => label === 'State')![1]({ ...sample, state: id });
    expect(state('PENANG')).toBe('Penang');
    expect(state('NEGERI_SEMBILAN')).toBe('Negeri Sembilan');
    expect(state('KUALA_LUMPUR')).toBe('Kuala Lumpur');
  });
});

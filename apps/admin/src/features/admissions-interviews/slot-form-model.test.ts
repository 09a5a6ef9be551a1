import { describe, expect, it } from 'vitest';
import { criterionIds, emptySlot, newCriterion, toSlotBody } from './slot-form-model';

describe('toSlotBody', () => {
  it('reads the typed time as Malaysia time', () => {
    const body = toSlotBody({ ...emptySlot(), starts_at: '2030-05-06T10:00', panel_ids: ['a'] });
    expect(new Date(body.starts_at as string).toISOString()).toBe('2030-05-06T02:00:00.000Z');
    expect(body.duration_minutes).toBe(30);
  });
  it('leaves a blank time blank for the API to name', () => {
    expect(toSlotBody(emptySlot()).starts_at).toBe('');
  });
});

describe('criterionIds', () => {
  it('derives unique ids from titles and keeps saved ones', () => {
    const a = { ...newCriterion(), title: 'Communication skills' };
    const b = { ...newCriterion(), title: 'Communication skills' };
    const saved = { key: 'tech', id: 'tech', title: 'Technical', max_points: '20' };
    expect(criterionIds([saved, a, b])).toEqual(['tech', 'communication-skills', 'communication-skills-2']);
  });
});

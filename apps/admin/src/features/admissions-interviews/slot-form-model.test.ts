import { describe, expect, it } from 'vitest';
import { criterionIds, emptySlot, newCriterion, toSlotBody, toSlotDraft } from './slot-form-model';

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

describe('toSlotDraft', () => {
  it('shows a published slot on the school’s wall clock, and saves back the same moment', () => {
    const slot = {
      id_slug: 's1',
      intake: 'youth-programme-2027',
      starts_at: '2027-02-03T18:30:00.000Z',
      starts_at_text: '',
      duration_minutes: 45,
      place: 'Room 3',
      meeting_link: '',
      capacity: 2,
      panel: [{ id_slug: 'u1', first_name: 'Siti', last_name: 'Panel' }],
      bookings: [],
    };
    const draft = toSlotDraft(slot);
    expect(draft).toEqual({
      starts_at: '2027-02-04T02:30',
      duration_minutes: '45',
      place: 'Room 3',
      meeting_link: '',
      capacity: '2',
      panel_ids: ['u1'],
    });
    expect(Date.parse(toSlotBody(draft).starts_at)).toBe(Date.parse(slot.starts_at));
  });
});

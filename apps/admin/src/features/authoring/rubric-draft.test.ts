import { describe, expect, it } from 'vitest';
import { fromDraft, newCriterionId, toDraft } from './rubric-draft';

describe('rubric draft', () => {
  it('round-trips a rubric with its points as numbers', () => {
    const rubric = [
      {
        id: 'rtl',
        title: 'RTL',
        levels: [
          { title: 'Weak', points: 0 },
          { title: 'Good', points: 7.5, description: 'Resets and enables handled' },
        ],
      },
    ];
    expect(fromDraft(toDraft(rubric))).toEqual({ rubric });
  });
  it('keeps a level description trimmed, and leaves an empty one out', () => {
    const draft = [
      {
        id: 'c1',
        title: 'A',
        levels: [
          { title: 'L', points: '2', description: '  Clear waveform  ' },
          { title: 'M', points: '0', description: ' ' },
        ],
      },
    ];
    expect(fromDraft(draft)).toEqual({
      rubric: [
        {
          id: 'c1',
          title: 'A',
          levels: [
            { title: 'L', points: 2, description: 'Clear waveform' },
            { title: 'M', points: 0 },
          ],
        },
      ],
    });
  });
  it('names the first problem', () => {
    expect(fromDraft([{ id: 'c1', title: ' ', levels: [] }])).toEqual({ error: 'Criterion 1: Criterion title is required' });
    expect(fromDraft([{ id: 'c1', title: 'A', levels: [{ title: 'L', points: 'x', description: '' }] }])).toEqual({
      error: 'Criterion 1, level 1: Points must be a number from 0 to 1000',
    });
  });
  it('gives new criteria ids not yet used', () => {
    expect(
      newCriterionId([
        { id: 'c2', title: '', levels: [] },
        { id: 'c3', title: '', levels: [] },
      ]),
    ).toBe('c4');
  });
});

import { describe, expect, it } from 'vitest';
import { criterionIds, move, newCriterion, slugify, splitErrors, toDrafts, toRubric } from './rubric-model';

const draft = (title: string, savedId: string | null = null) => ({ ...newCriterion(), title, savedId });

describe('rubric model', () => {
  it('makes an id the API accepts from a title', () => {
    expect(slugify('Motivation & commitment')).toBe('motivation-commitment');
    expect(slugify('  Éducation  ')).toBe('education');
    expect(slugify('!!!')).toBe('criterion');
    const long = slugify('a'.repeat(30) + ' ' + 'b'.repeat(30));
    expect(long).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    expect(long).not.toMatch(/-$/);
  });

  it('keeps saved ids and gives new criteria unique ones', () => {
    const ids = criterionIds([draft('Motivation', 'motivation'), draft('Motivation'), draft('Motivation'), draft('Team work')]);
    expect(ids).toEqual(['motivation', 'motivation-2', 'motivation-3', 'team-work']);
    expect(criterionIds([draft('Renamed title', 'kept')])).toEqual(['kept']);
  });

  it('sends every criterion with a numeric weight and its five levels', () => {
    const [c] = toDrafts([{ id: 'm', title: 'M', description: '', weight: 2, levels: ['1', '2', '3', '4', '5'] }]);
    const rubric = toRubric(
      [
        { ...c, weight: '1.5' },
        { ...draft('New'), weight: '' },
      ],
      true,
    );
    expect(rubric.criteria[0]).toEqual({ id: 'm', title: 'M', description: '', weight: 1.5, levels: ['1', '2', '3', '4', '5'] });
    expect(rubric.criteria[1].levels).toHaveLength(5);
    expect(JSON.parse(JSON.stringify(rubric)).criteria[1].weight).toBeNull();
  });

  it("places the API's field errors on the criteria sent, by position", () => {
    const sent = [draft('A'), draft('B')];
    const { byKey, general } = splitErrors(
      {
        'criteria.1.levels.2': 'Describe each level',
        'criteria.0.weight': 'Weight must be more than 0',
        criteria: 'Criterion ids must be unique',
      },
      sent,
    );
    expect(byKey.get(sent[1].key)?.levels[2]).toBe('Describe each level');
    expect(byKey.get(sent[0].key)?.weight).toBe('Weight must be more than 0');
    expect(general).toEqual(['Criterion ids must be unique']);
  });

  it('moves a criterion up or down, not past the ends', () => {
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});

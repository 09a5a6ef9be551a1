import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../../../test/api-harness';
import { aCohort } from '../../../test/cohort-fixture';
import { GradeItemGaps } from './grade-item-gaps';

describe('GradeItemGaps', () => {
  it('flags each linked course without grade items, saying what stays closed and linking to the Grade items tab', async () => {
    const cohort = aCohort({
      id_slug: 'c1',
      courses_without_grade_items: [
        { id_slug: 'k1', title: 'Digital Design', graded_lessons: 3 },
        { id_slug: 'k2', title: 'Cleanroom Basics', graded_lessons: 0 },
        { id_slug: 'k3', title: 'Packaging', graded_lessons: 1 },
      ],
    });
    renderWithApi(<GradeItemGaps cohort={cohort} />);
    const region = await screen.findByRole('region', { name: 'Courses without grade items' });
    const items = within(region).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Digital Design: its 3 quizzes and projects stay closed to students until their grade items are set. Set grade items',
      'Cleanroom Basics has no quiz or project lesson, so nothing in it is graded.',
      'Packaging: its quiz or project stays closed to students until their grade items are set. Set grade items',
    ]);
    expect(within(items[0]).getByRole('link', { name: 'Set grade items' })).toHaveAttribute('href', expect.stringContaining('c1'));
  });

  it('says nothing when every linked course has its grade items', () => {
    const { container } = renderWithApi(<GradeItemGaps cohort={aCohort({ courses_without_grade_items: [] })} />);
    expect(container.querySelector('section')).toBeNull();
  });
});

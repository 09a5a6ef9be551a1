import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { InstructorHomePage } from './instructor-home-page';

afterEach(() => vi.unstubAllGlobals());

describe('InstructorHomePage links', () => {
  it("draws every text link in the school's link style, not the browser's default", async () => {
    mockRoutes(
      {
        instructorCohorts: () => ({
          data: [
            {
              id_slug: 'k1',
              title: 'Etching Autumn',
              start_date: '2026-09-01T00:00:00Z',
              end_date: '2026-12-01T00:00:00Z',
              end_access_date: '2027-01-01T00:00:00Z',
              status: 'ONGOING',
              total_active: 3,
              total_students: 4,
              courses: [{ id_slug: 'c1', title: 'Plasma etch', description: '', modules_count: 1, lessons_count: 2 }],
            },
          ],
        }),
        quizLessons: () => ({
          data: [
            {
              course_id_slug: 'c1',
              course_title: 'Plasma etch',
              lessons: [{ id_slug: 'q1', title: 'Etch quiz', module_title: 'M', total_questions: 3 }],
            },
          ],
        }),
      },
      { user: ADMIN },
    );
    renderWithApi(
      <Routes>
        <Route path="/instructor" element={<InstructorHomePage />} />
      </Routes>,
      '/instructor',
    );
    await screen.findByRole('link', { name: 'Etch quiz' });
    const cohorts = screen.getByRole('list', { name: 'Your cohorts' });
    const links = within(cohorts).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label') ?? l.textContent)).toEqual([
      'Grading of Etching Autumn',
      'Gradebook of Etching Autumn',
      'Allowance of Etching Autumn',
      'Etch quiz',
    ]);
    for (const link of links) expect(link).toHaveClass('ui-link');
  });
});

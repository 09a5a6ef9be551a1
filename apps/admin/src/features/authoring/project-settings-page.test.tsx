import type { AdminProjectSettings, RubricTemplate } from '@school/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { ProjectSettingsPage } from './project-settings-page';

afterEach(() => vi.unstubAllGlobals());

const settings: AdminProjectSettings = {
  lesson_id_slug: 'l1',
  lesson_title: 'Adder project',
  course_id_slug: 'c1',
  project: {
    instructions: 'Build an adder.',
    instructions_file_ids: [],
    accepted_types: ['.zip'],
    max_size_bytes: 20 * 1024 * 1024,
    rubric: [{ id: 'c1', title: 'Correctness', levels: [{ title: 'Works', points: 4 }] }],
  },
  instructions_files: [],
};
const template: RubricTemplate = {
  id_slug: 't1',
  title: 'Timing rubric',
  rubric: [
    {
      id: 'timing',
      title: 'Timing closure',
      levels: [
        { title: 'Fails', points: 0, description: 'Negative slack' },
        { title: 'Meets', points: 5, description: 'All paths meet timing' },
      ],
    },
  ],
  created_by: 'Nadia Hassan',
  created_at: '2026-01-01T00:00:00.000Z',
};
const render = () => renderWithApi(<ProjectSettingsPage />, '/admin/courses/c1/projects/l1', '/admin/courses/:courseId/projects/:lessonId');

describe('ProjectSettingsPage rubric templates', () => {
  it('replaces the draft rubric by a chosen template, levels with their descriptions, and saves it with the project', async () => {
    const api = mockRoutes(
      {
        adminProjectSettings: () => ({ data: settings }),
        rubricTemplates: () => ({ data: [template] }),
        adminUpdateProjectSettings: (call) => ({ lesson_id_slug: 'l1', project: { ...settings.project, ...call.body } }),
      },
      { user: ADMIN },
    );
    render();
    await screen.findByDisplayValue('Correctness');
    await screen.findByRole('option', { name: 'Timing rubric (1 criterion)' });
    await userEvent.selectOptions(screen.getByLabelText('Start from a template'), 'Timing rubric (1 criterion)');
    await userEvent.click(screen.getByRole('button', { name: 'Use template' }));
    expect(
      await screen.findByText('Rubric replaced by the template Timing rubric. Save the project settings to keep it.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Criterion 1 title')).toHaveValue('Timing closure');
    expect(screen.getByLabelText('Criterion 1 level 2 description')).toHaveValue('All paths meet timing');
    await userEvent.click(screen.getByRole('button', { name: 'Save project settings' }));
    expect(await screen.findByText('Project settings saved.')).toBeInTheDocument();
    expect((api.calls.find((c) => c.method === 'PUT')!.body as { rubric: unknown }).rubric).toEqual(template.rubric);
  }, 30_000);

  it('keeps the rubric being authored as a new template, with a title required', async () => {
    const api = mockRoutes(
      {
        adminProjectSettings: () => ({ data: settings }),
        rubricTemplates: () => ({ data: [] }),
        createRubricTemplate: (call) => ({ data: { ...template, id_slug: 't2', ...(call.body as object) } }),
      },
      { user: ADMIN },
    );
    render();
    await userEvent.type(await screen.findByLabelText('Criterion 1 level 1 description'), 'All vectors');
    await userEvent.click(screen.getByRole('button', { name: 'Save rubric as template' }));
    expect(screen.getByText('Give the template a title')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByLabelText('Template title'), 'Adder rubric');
    await userEvent.click(screen.getByRole('button', { name: 'Save rubric as template' }));
    expect(await screen.findByText('Rubric kept as the template Adder rubric.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      title: 'Adder rubric',
      rubric: [{ id: 'c1', title: 'Correctness', levels: [{ title: 'Works', points: 4, description: 'All vectors' }] }],
    });
  }, 30_000);
});

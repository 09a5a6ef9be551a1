import type { GradeExtensions } from '@school/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../../test/api-harness';
import { ExtensionsPanel } from './extensions-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const student = (id: string, first: string) => ({ id_slug: id, first_name: first, last_name: 'Tan', email: `${id}@x.io` });
const extensions = (data: GradeExtensions['data']): { data: GradeExtensions } => ({
  data: {
    item: {
      id_slug: 'q1',
      lesson_title: 'Timing quiz',
      lesson_type: 'QUIZ',
      deadline_datetime: '2031-03-10T10:00:00Z',
      late_deadline_datetime: null,
      attempts_allowed: 1,
    },
    students: [student('u1', 'Aisha'), student('u2', 'Badrul'), student('u3', 'Chen')],
    data,
  },
});
const given = {
  id_slug: 'x1',
  student: student('u1', 'Aisha'),
  deadline_datetime: '2031-03-12T10:00:00Z',
  late_deadline_datetime: null,
  extra_attempts: 1,
  reason: 'Medical leave',
  granted_by: 'Nadia Hassan',
  created_date: '2031-03-09T08:00:00Z',
};

describe('ExtensionsPanel', () => {
  it('gives the chosen students one extension, then lists it', async () => {
    let list: GradeExtensions['data'] = [];
    const api = mockRoutes(
      {
        gradeExtensions: () => extensions(list),
        grantGradeExtension: () => {
          list = [given, { ...given, id_slug: 'x2', student: student('u3', 'Chen') }];
          return extensions(list);
        },
      },
      { user: ADMIN },
    );
    renderWithApi(<ExtensionsPanel itemId="q1" />);
    expect(await screen.findByText('No student has an extension on this item.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Give an extension' }));
    const form = screen.getByRole('form', { name: 'Give an extension' });
    expect(within(form).getByRole('button', { name: 'Give extension' })).toBeDisabled();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Aisha Tan' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Chen Tan' }));
    await userEvent.type(within(form).getByLabelText('New deadline'), '2031-03-12T18:00');
    await userEvent.clear(within(form).getByLabelText('Extra attempts'));
    await userEvent.type(within(form).getByLabelText('Extra attempts'), '1');
    await userEvent.type(within(form).getByLabelText('Reason (optional)'), 'Medical leave');
    await userEvent.click(within(form).getByRole('button', { name: 'Give extension' }));

    expect(await screen.findByText('Extension given to 2 students.')).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      user_id_slugs: ['u1', 'u3'],
      extra_attempts: 1,
      reason: 'Medical leave',
      late_deadline_datetime: null,
    });
    expect(Date.parse((post.body as { deadline_datetime: string }).deadline_datetime)).toBe(new Date('2031-03-12T18:00').getTime());
    const rows = within(await screen.findByRole('list', { name: 'Extensions given' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Aisha Tan');
    expect(rows[0]).toHaveTextContent('1 extra attempt');
    expect(rows[0]).toHaveTextContent('Medical leave · Given by Nadia Hassan');
  });

  it("shows the API's refusal beside the field it names", async () => {
    mockRoutes(
      {
        gradeExtensions: () => extensions([]),
        grantGradeExtension: () =>
          reply(422, {
            message: "The new deadline must be after the grade item's deadline",
            errors: { deadline_datetime: "The new deadline must be after the grade item's deadline" },
          }),
      },
      { user: ADMIN },
    );
    renderWithApi(<ExtensionsPanel itemId="q1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Give an extension' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Badrul Tan' }));
    await userEvent.type(screen.getByLabelText('New deadline'), '2031-03-01T10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Give extension' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("The new deadline must be after the grade item's deadline");
    expect(screen.getByLabelText('New deadline')).toHaveAccessibleDescription(/must be after/);
  });

  it('removes an extension once confirmed', async () => {
    let list: GradeExtensions['data'] = [given];
    const api = mockRoutes(
      {
        gradeExtensions: () => extensions(list),
        removeGradeExtension: () => {
          list = [];
          return { id_slug: 'x1' };
        },
      },
      { user: ADMIN },
    );
    renderWithApi(<ExtensionsPanel itemId="q1" />);
    await userEvent.click(await screen.findByRole('button', { name: "Remove Aisha Tan's extension" }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove extension' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('No student has an extension on this item.')).toBeInTheDocument();
    expect(screen.getByText("Aisha Tan's extension was removed.")).toBeInTheDocument();
  });
});

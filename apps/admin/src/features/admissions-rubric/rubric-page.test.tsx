import type { RubricResponse } from '@school/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { RubricPage } from './rubric-page';

afterEach(() => vi.unstubAllGlobals());

/** Replaces a field's text as a paste would (typing each character is slow on a busy machine). */
async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  if (text) {
    field.focus();
    await userEvent.paste(text);
  }
}

const PATH = '/admin/applications/rubric';
const levels = ['Vague', 'Some', 'Clear', 'Strong', 'Outstanding'];
const rubric = (over: Partial<RubricResponse['data']> = {}): RubricResponse => ({
  data: { intake: 'youth-programme-2025', criteria: [], blind: true, updated_at: null, scored: false, ...over },
});
const motivation = { id: 'motivation', title: 'Motivation', description: 'Why the programme', weight: 2, levels };

// Many fields per test: allow for a machine under load.
describe('rubric editor', () => {
  it('sends each criterion with its id from the title, its weight and five levels, then shows a field error from the API', async () => {
    const { calls } = mockRoutes(
      {
        admissionsRubric: () => rubric(),
        admissionsUpdateRubric: () =>
          reply(400, { message: 'Describe each level', errors: { 'criteria.0.levels.3': 'Describe each level' } }),
      },
      { user: ADMIN },
    );
    renderWithApi(<RubricPage />, `${PATH}?intake=youth-programme-2025`, PATH);
    const first = await screen.findByRole('group', { name: '1. Criterion 1' });
    await fill(within(first).getByLabelText(/^Title/), 'Motivation & drive');
    const criterion = screen.getByRole('group', { name: '1. Motivation & drive' });
    await fill(within(criterion).getByLabelText(/^Weight/), '2');
    await fill(within(criterion).getByLabelText('Description'), 'Why the programme');
    for (const [i, text] of ['Vague', 'Some', 'Clear', ' ', 'Outstanding'].entries())
      await fill(within(criterion).getByLabelText(new RegExp(`^Level ${i + 1}`)), text);
    expect(within(criterion).getByText('motivation-drive')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save rubric' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = calls.find((c) => c.method === 'PUT')!.body as { criteria: unknown[] };
    expect(sent).toEqual({
      criteria: [
        {
          id: 'motivation-drive',
          title: 'Motivation & drive',
          description: 'Why the programme',
          weight: 2,
          levels: ['Vague', 'Some', 'Clear', ' ', 'Outstanding'],
        },
      ],
      blind: true,
    });
    const level4 = within(criterion).getByLabelText(/^Level 4/);
    await waitFor(() => expect(level4).toHaveAttribute('aria-invalid', 'true'));
    expect(level4).toHaveAccessibleDescription('Describe each level');
    expect(within(criterion).getByLabelText(/^Level 3/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('Describe each level');
  });

  it('adds, reorders and removes criteria, a new one always with five levels', async () => {
    const { calls } = mockRoutes(
      {
        admissionsRubric: () => rubric({ criteria: [motivation], updated_at: '2026-10-01T00:00:00.000Z' }),
        admissionsUpdateRubric: (c) => rubric({ ...(c.body as object), updated_at: '2026-10-02T00:00:00.000Z' }),
      },
      { user: ADMIN },
    );
    renderWithApi(<RubricPage />, `${PATH}?intake=youth-programme-2025`, PATH);
    await screen.findByRole('group', { name: '1. Motivation' });
    await userEvent.click(screen.getByRole('button', { name: 'Add criterion' }));
    const added = screen.getByRole('group', { name: '2. Criterion 2' });
    await fill(within(added).getByLabelText(/^Title/), 'Team work');
    for (let i = 1; i <= 5; i++) await fill(within(added).getByLabelText(new RegExp(`^Level ${i}`)), `T${i}`);
    await userEvent.click(screen.getByRole('button', { name: 'Move Team work up' }));
    expect(screen.getByRole('group', { name: '1. Team work' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save rubric' }));
    await screen.findByText('Rubric saved');
    const sent = calls.find((c) => c.method === 'PUT')!.body as { criteria: { id: string; levels: string[] }[] };
    expect(sent.criteria.map((c) => c.id)).toEqual(['team-work', 'motivation']);
    expect(sent.criteria[0].levels).toEqual(['T1', 'T2', 'T3', 'T4', 'T5']);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Motivation' }));
    expect(screen.queryByRole('group', { name: /Motivation/ })).toBeNull();
  });

  it('turns blind review off with the rubric, on by default', async () => {
    const { calls } = mockRoutes(
      {
        admissionsRubric: () => rubric({ criteria: [motivation], updated_at: '2026-10-01T00:00:00.000Z' }),
        admissionsUpdateRubric: (c) => rubric({ ...(c.body as object), updated_at: '2026-10-02T00:00:00.000Z' }),
      },
      { user: ADMIN },
    );
    renderWithApi(<RubricPage />, `${PATH}?intake=youth-programme-2025`, PATH);
    const blind = await screen.findByRole('checkbox', { name: 'Blind review (recommended)' });
    expect(blind).toBeChecked();
    expect(blind).toHaveAccessibleDescription(/until they have submitted their scores/);
    await userEvent.click(blind);
    await userEvent.click(screen.getByRole('button', { name: 'Save rubric' }));
    await screen.findByText('Rubric saved');
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ blind: false, criteria: [motivation] });
  });

  it("shows the API's 409 once scoring has started and then keeps ids, order and weights read-only", async () => {
    let scored = false;
    mockRoutes(
      {
        admissionsRubric: () => rubric({ criteria: [motivation], updated_at: '2026-10-01T00:00:00.000Z', scored }),
        admissionsUpdateRubric: () => {
          scored = true;
          return reply(409, {
            message: 'Reviewers have scored this intake: its criteria and weights can no longer change (their texts can).',
          });
        },
      },
      { user: ADMIN },
    );
    renderWithApi(<RubricPage />, `${PATH}?intake=youth-programme-2025`, PATH);
    const criterion = await screen.findByRole('group', { name: '1. Motivation' });
    await fill(within(criterion).getByLabelText(/^Weight/), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save rubric' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('its criteria and weights can no longer change');
    await waitFor(() => expect(screen.getByLabelText(/^Weight/)).toHaveAttribute('readonly'));
    expect(screen.queryByRole('button', { name: 'Add criterion' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});

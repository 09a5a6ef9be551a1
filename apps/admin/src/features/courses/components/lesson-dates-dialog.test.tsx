import { type LessonDateTemplate, TIMELINE_BAD_TIME_MESSAGE, TIMELINE_CYCLE_MESSAGE, TIMELINE_MESSAGES } from '@school/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../../test/api-harness';
import { LessonDatesDialog } from './lesson-dates-dialog';

afterEach(() => vi.unstubAllGlobals());

const NONE: LessonDateTemplate = { open: null, deadline: null, late: null, result: null };

function open(template: LessonDateTemplate, save?: Parameters<typeof mockRoutes>[0]['adminLessonDateTemplate']) {
  const api = mockRoutes(
    {
      adminLessonDateTemplateGet: () => ({ data: template }),
      adminLessonDateTemplate: save ?? ((c) => ({ data: c.body as LessonDateTemplate })),
    },
    { user: ADMIN },
  );
  const onClose = vi.fn();
  renderWithApi(<LessonDatesDialog lesson={{ id_slug: 'l7', title: 'Quiz 1' }} onClose={onClose} />);
  return { api, onClose };
}

/** One date's fieldset ('Opens', 'Deadline', 'Late deadline', 'Results open'), once the template has loaded. */
const field = async (name: string) => within(await screen.findByRole('group', { name }));

describe('LessonDatesDialog', () => {
  it("loads the lesson's template: relative dates with their anchor, amount, unit and time; the others the cohort's default", async () => {
    open({
      open: { anchor: { kind: 'PHASE_START', phase: 'OJT' }, offset: { amount: -3, unit: 'SCHOOL_DAYS', at: '09:00' } },
      deadline: null,
      late: { anchor: { kind: 'ITEM', item_key: 'deadline' }, offset: { amount: 1, unit: 'WEEKS' } },
      result: null,
    });
    expect(screen.getByRole('dialog', { name: 'Dates in cohorts: Quiz 1' })).toBeInTheDocument();
    const opens = await field('Opens');
    expect(opens.getByLabelText('Date rule')).toHaveValue('RELATIVE');
    expect(opens.getByRole('combobox', { name: 'Counted from' })).toHaveDisplayValue('OJT start');
    expect(opens.getByLabelText(/Amount/)).toHaveValue(-3);
    expect(opens.getByLabelText('Unit')).toHaveDisplayValue('School days');
    expect(opens.getByLabelText(/Time of day/)).toHaveValue('09:00');

    const late = await field('Late deadline');
    expect(late.getByRole('combobox', { name: 'Counted from' })).toHaveDisplayValue("This lesson's deadline");
    expect(late.getByLabelText('Unit')).toHaveDisplayValue('Weeks');
    expect(late.getByLabelText(/Time of day/)).toHaveValue('');
    // A date counts from the lesson's other dates, never from itself.
    expect(
      within(late.getByRole('combobox', { name: 'Counted from' })).queryByRole('option', { name: "This lesson's late deadline" }),
    ).toBeNull();

    for (const name of ['Deadline', 'Results open']) {
      const f = await field(name);
      expect(f.getByLabelText('Date rule')).toHaveDisplayValue("The cohort's default");
      expect(f.queryByLabelText('Counted from')).toBeNull();
    }
    expect(
      screen.getByText(
        "Every cohort that links this course from now on dates this lesson from these rules (running cohorts keep their dates: change them on their Timeline tab); school days skip weekends, Malaysian public holidays and the school's closures.",
      ),
    ).toBeInTheDocument();
  });

  it('saves a relative deadline: the whole template is sent, and the dialog closes with a notice', async () => {
    const { api, onClose } = open(NONE);
    const deadline = await field('Deadline');
    await userEvent.selectOptions(deadline.getByLabelText('Date rule'), 'Relative');
    await userEvent.selectOptions(deadline.getByLabelText('Counted from'), 'Online end');
    await userEvent.clear(deadline.getByLabelText(/Amount/));
    await userEvent.type(deadline.getByLabelText(/Amount/), '-2');
    await userEvent.selectOptions(deadline.getByLabelText('Unit'), 'School days');
    await userEvent.type(deadline.getByLabelText(/Time of day/), '23:59');
    await userEvent.click(screen.getByRole('button', { name: 'Save dates' }));

    expect(await screen.findByText('Dates saved for Quiz 1.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const puts = api.calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.path)).toEqual(['courses/admin/lessons/l7/date-template']);
    expect(puts[0].body).toEqual({
      open: null,
      deadline: { anchor: { kind: 'PHASE_END', phase: 'ONLINE' }, offset: { amount: -2, unit: 'SCHOOL_DAYS', at: '23:59' } },
      late: null,
      result: null,
    });
  });

  it("shows the API's refusal under the field it names, and keeps the dialog open", async () => {
    const { onClose } = open({ ...NONE, deadline: { anchor: { kind: 'COHORT_START' }, offset: { amount: 14, unit: 'DAYS' } } }, () =>
      reply(400, { message: TIMELINE_BAD_TIME_MESSAGE, errors: { 'deadline.offset.at': TIMELINE_BAD_TIME_MESSAGE } }),
    );
    const deadline = await field('Deadline');
    await userEvent.type(deadline.getByLabelText(/Time of day/), '25:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save dates' }));

    expect(await deadline.findByText(TIMELINE_BAD_TIME_MESSAGE)).toBeInTheDocument();
    expect(deadline.getByLabelText(/Time of day/)).toHaveAccessibleDescription(expect.stringContaining(TIMELINE_BAD_TIME_MESSAGE));
    expect(deadline.getByLabelText(/Amount/)).not.toHaveAccessibleDescription(expect.stringContaining(TIMELINE_BAD_TIME_MESSAGE));
    expect((await field('Opens')).queryByText(TIMELINE_BAD_TIME_MESSAGE)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a refusal of a whole date under its anchor, and one naming no field above the form', async () => {
    let answer = reply(400, { message: TIMELINE_MESSAGES.templateAnchor, errors: { late: TIMELINE_MESSAGES.templateAnchor } });
    open({ ...NONE, late: { anchor: { kind: 'ITEM', item_key: 'deadline' }, offset: { amount: 2, unit: 'DAYS' } } }, () => answer);
    const late = await field('Late deadline');
    await userEvent.click(screen.getByRole('button', { name: 'Save dates' }));
    expect(await late.findByText(TIMELINE_MESSAGES.templateAnchor)).toBeInTheDocument();
    expect(late.getByLabelText('Counted from')).toHaveAccessibleDescription(expect.stringContaining(TIMELINE_MESSAGES.templateAnchor));

    answer = reply(400, { message: TIMELINE_CYCLE_MESSAGE });
    await userEvent.click(screen.getByRole('button', { name: 'Save dates' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TIMELINE_CYCLE_MESSAGE);
    expect(late.queryByText(TIMELINE_MESSAGES.templateAnchor)).toBeNull();
  });

  it('asks for a whole number of days before sending anything', async () => {
    const { api } = open(NONE);
    const result = await field('Results open');
    await userEvent.selectOptions(result.getByLabelText('Date rule'), 'Relative');
    await userEvent.clear(result.getByLabelText(/Amount/));
    await userEvent.click(screen.getByRole('button', { name: 'Save dates' }));
    expect(await result.findByText('Enter a whole number, such as 3 or -2')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});

import { DEFAULT_ALLOWANCE_RULES } from '@school/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ruleSentences } from '../../components/allowance-text';
import { renderWithApi } from '../../test/api-harness';
import { RulesForm } from './rules-form';

const setValue = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('RulesForm', () => {
  it("shows the schema's messages under the fields and sends nothing while they stand", async () => {
    const onSubmit = vi.fn();
    renderWithApi(<RulesForm rules={DEFAULT_ALLOWANCE_RULES} month="2026-11" pending={false} onSubmit={onSubmit} />);
    setValue('Least attendance (%)', '');
    setValue('Pro-rated from (%)', '80');
    setValue('Most absences in a row', '25');
    fireEvent.click(screen.getByRole('button', { name: 'Save the rules' }));
    expect(await screen.findByText('Enter the least attendance')).toBeVisible();
    expect(screen.getByLabelText('Least attendance (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter 1 to 20 sessions')).toBeVisible();
    setValue('Least attendance (%)', '75');
    setValue('Most absences in a row', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Save the rules' }));
    expect(await screen.findByText('Pro-rating starts below the least attendance')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends every rule from the chosen month; an empty pro-rating field withholds below the least attendance', () => {
    const onSubmit = vi.fn();
    renderWithApi(<RulesForm rules={DEFAULT_ALLOWANCE_RULES} month="2026-11" pending={false} onSubmit={onSubmit} />);
    setValue(/^Effective from \(month\)/, '2026-10');
    setValue('Least attendance (%)', '80');
    setValue('Pro-rated from (%)', '');
    fireEvent.click(screen.getByLabelText('Count mandatory hand-ins due in the month'));
    setValue('When one is missing', 'PRORATE');
    setValue('When a week is still unsigned 7 days after its end', 'WITHHOLD');
    setValue('Note', 'As agreed with the funder');
    fireEvent.click(screen.getByRole('button', { name: 'Save the rules' }));
    expect(onSubmit).toHaveBeenCalledWith({
      effective_month: '2026-10',
      rules: {
        attendance: { enabled: true, min_percent: 80, prorate_from_percent: null },
        submissions: { enabled: false, on_fail: 'PRORATE' },
        absence_streak: { enabled: true, max_sessions: 3 },
        logbook: { enabled: true, on_fail: 'WITHHOLD' },
      },
      note: 'As agreed with the funder',
    });
  });

  it("shows the API's refusal of the month under its field", () => {
    renderWithApi(
      <RulesForm
        rules={DEFAULT_ALLOWANCE_RULES}
        month="2026-11"
        pending={false}
        serverErrors={{ effective_month: 'Rules can change from a month that has not been decided yet' }}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByLabelText(/^Effective from \(month\)/)).toHaveAccessibleDescription(
      expect.stringContaining('Rules can change from a month that has not been decided yet'),
    );
  });
});

describe('ruleSentences', () => {
  it('reads the rules as sentences', () => {
    expect(ruleSentences(DEFAULT_ALLOWANCE_RULES)).toEqual([
      'Attendance at least 75% of counted sessions; pro-rated from 50%',
      'Every mandatory item due in the month handed in (on time or within its late window); otherwise withheld',
      'No more than 3 unexcused absences in a row; more withholds the month',
      'Every OJT logbook week ending in the month signed by the supervisor (counted once its 7 days for signing have passed); otherwise pro-rated by the share signed',
    ]);
    expect(ruleSentences({ ...DEFAULT_ALLOWANCE_RULES, logbook: { enabled: false, on_fail: 'PRORATE' } })[3]).toBe(
      'Logbook weeks: not counted',
    );
    expect(
      ruleSentences({
        ...DEFAULT_ALLOWANCE_RULES,
        attendance: { enabled: true, min_percent: 60, prorate_from_percent: null },
        submissions: { enabled: false, on_fail: 'WITHHOLD' },
      }).slice(0, 2),
    ).toEqual(['Attendance at least 60% of counted sessions; below it the month is withheld', 'Hand-ins: not counted']);
  });
});

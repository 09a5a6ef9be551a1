import { ringgit, type TraineeMonth } from '@school/contracts';
import { Button, SelectField, TextField, useConfirm, useRouteMutation, useRouteQuery, useSession } from '@school/ui';
import { useState } from 'react';
import { AllowanceMonthTable } from '../../../components/allowance-month-table';
import { malaysiaMonth, monthLabel } from '../../../components/allowance-text';
import { ProposeExceptionDialog, type ProposeExceptionTarget } from '../../../components/propose-exception-dialog';
import { QueryView } from '../../../components/query-view';
import { errorMessage } from '../../../lib/api-errors';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';
import { saveCsv } from '../../../lib/save-csv';
import { formatMalaysiaDateTime } from '../../../lib/school-time';
import { useFinance } from '../../../lib/use-finance';
import '../../../components/allowance.css';

/** The programme a cohort is in, chosen by an admin; the API refuses a change once a month is decided. */
function ProgrammeChoice({ cohortId, current }: { cohortId: string; current: string | null }) {
  const programmes = useRouteQuery('adminAllowanceProgrammes', {}, { select: (r) => r.data });
  const notify = useNotify();
  const set = useRouteMutation('adminSetCohortProgramme', { invalidates: invalidations.adminSetCohortProgramme });
  return (
    <div className="ui-stack">
      <SelectField
        className="admin-allowance__field"
        label="Allowance programme"
        value={set.isPending && set.variables ? (set.variables.body.programme_id ?? '') : (current ?? '')}
        disabled={set.isPending || !programmes.data}
        options={[{ value: '', label: 'None' }, ...(programmes.data ?? []).map((p) => ({ value: p.id_slug, label: p.title }))]}
        error={set.error ? errorMessage(set.error) : undefined}
        onChange={(e) =>
          set.mutate(
            { params: { cohortId }, body: { programme_id: e.target.value || null } },
            {
              onSuccess: (answer) =>
                notify.success(
                  answer.data.programme
                    ? `The cohort is now in ${answer.data.programme.title}.`
                    : 'The cohort is in no allowance programme.',
                ),
            },
          )
        }
      />
    </div>
  );
}

/**
 * A cohort's allowance (the cohort page's Allowance tab for admins; the instructors' allowance page):
 * its programme, a month's trainees decided or forecast so far, "Decide this month" once it has ended,
 * the payment list for finance, and an exception proposed for a trainee.
 */
export function CohortAllowanceTab({ cohortId, admin }: { cohortId: string; admin: boolean }) {
  const thisMonth = malaysiaMonth();
  const [month, setMonth] = useState(thisMonth);
  const { finance } = useFinance();
  const { client } = useSession();
  const notify = useNotify();
  const { confirm, dialog } = useConfirm();
  const [proposing, setProposing] = useState<ProposeExceptionTarget | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const query = useRouteQuery('adminCohortAllowanceMonth', { params: { cohortId, month } }, { select: (r) => r.data, enabled: valid });
  const run = useRouteMutation('adminRunAllowanceMonth', { invalidates: invalidations.adminRunAllowanceMonth });

  const onRun = async () => {
    const ok = await confirm({
      title: `Decide ${monthLabel(month)}?`,
      message: `Each trainee's ${monthLabel(month)} is decided by the rules and written to the ledger, and each trainee is mailed their statement. A decision is corrected only by an approved exception.`,
      confirmLabel: 'Decide this month',
    });
    if (!ok) return;
    setResult(null);
    run.mutate(
      { params: { cohortId, month } },
      {
        onSuccess: ({ data }) =>
          setResult(
            data.already
              ? `${monthLabel(data.month)} had already been decided: nothing changed.`
              : `${monthLabel(data.month)} decided for ${data.decided} ${data.decided === 1 ? 'trainee' : 'trainees'}.`,
          ),
        onError: (err) => notify.error(errorMessage(err)),
      },
    );
  };

  const onExport = async () => {
    setExporting(true);
    try {
      saveCsv(await client.call('adminAllowancePaymentList', { params: { cohortId, month } }), `allowance-${cohortId}-${month}.csv`);
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };

  const onPropose = (row: TraineeMonth) =>
    setProposing({
      cohortId,
      month,
      trainee: { id_slug: row.trainee.id_slug, name: `${row.trainee.first_name} ${row.trainee.last_name}` },
    });

  return (
    <section className="ui-stack ui-stack--loose" aria-labelledby="allowance-title">
      <h2 id="allowance-title" className="admin-section-title">
        Allowance
      </h2>
      {admin && query.data && <ProgrammeChoice cohortId={cohortId} current={query.data.programme?.id_slug ?? null} />}
      <TextField
        className="admin-allowance__field"
        label="Month"
        type="month"
        value={month}
        max={thisMonth}
        onChange={(e) => setMonth(e.target.value)}
        hint="Malaysia time; earlier months show their decisions."
        error={valid ? undefined : 'Choose a month'}
      />
      {valid && (
        <QueryView query={query} label="the allowance month">
          {(m) => (
            <div className="ui-stack">
              <p>
                {m.programme ? `${m.programme.title} · ` : 'Not in an allowance programme · '}
                {m.decided
                  ? `Decided${m.run ? ` ${formatMalaysiaDateTime(m.run.run_at)}${m.run.run_by ? ` by ${m.run.run_by}` : ' by the monthly run'}` : ''}`
                  : m.month === thisMonth
                    ? 'Forecast so far: the month is decided once it has ended'
                    : 'Not decided yet'}
                {m.finance && m.total_sen !== null ? ` · Total ${ringgit(m.total_sen)}` : ''}
              </p>
              {result && <output className="admin-allowance__result">{result}</output>}
              <div className="admin-form__actions admin-allowance__actions">
                {admin && m.may_run && (
                  <Button onClick={onRun} disabled={run.isPending}>
                    {run.isPending ? 'Deciding…' : 'Decide this month'}
                  </Button>
                )}
                {admin && finance && m.decided && (
                  <Button variant="secondary" onClick={onExport} disabled={exporting}>
                    {exporting ? 'Preparing…' : 'Payment list (CSV)'}
                  </Button>
                )}
              </div>
              {m.programme && <AllowanceMonthTable month={m} onPropose={onPropose} />}
            </div>
          )}
        </QueryView>
      )}
      {proposing && <ProposeExceptionDialog target={proposing} onClose={() => setProposing(null)} />}
      {dialog}
    </section>
  );
}

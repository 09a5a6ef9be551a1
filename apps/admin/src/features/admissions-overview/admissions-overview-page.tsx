import { currentIntake, intakeOptions } from '@school/catalogue/data';
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicationsAnalyticsQuery,
  type ApplicationsFunnelResponse,
  type ApplicationsOverTimeResponse,
  type ApplicationsTimeToDecisionResponse,
  type BreakdownRow,
  INTAKE_PATTERN,
} from '@school/contracts';
import { Button, SelectField, TextField, useRouteQuery, useSession } from '@school/ui';
import { type ReactNode, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type Column, ListTable } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { FAILED_MESSAGE } from '../../lib/api-errors';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { exportDecisions } from './api/export-decisions';
import { days, percent } from './figures';
import './admissions-overview.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The intake and date range, kept in the address (`?intake=&from=&to=`) so a view can be shared. */
function useScope(): [ApplicationsAnalyticsQuery, (next: ApplicationsAnalyticsQuery) => void] {
  const [params, setParams] = useSearchParams();
  const pick = (key: string, valid: (v: string) => boolean) => {
    const v = params.get(key);
    return v && valid(v) ? v : undefined;
  };
  const query: ApplicationsAnalyticsQuery = {
    intake: pick('intake', (v) => INTAKE_PATTERN.test(v)),
    from: pick('from', (v) => DATE.test(v)),
    to: pick('to', (v) => DATE.test(v)),
  };
  // A reversed range is not sent (the API would refuse it): the end date is left out until it is fixed.
  if (query.from && query.to && query.from > query.to) query.to = undefined;
  const set = (next: ApplicationsAnalyticsQuery) =>
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Record<string, string>, { replace: true });
  return [Object.fromEntries(Object.entries(query).filter(([, v]) => v)) as ApplicationsAnalyticsQuery, set];
}

function Section({ title, children, note }: { title: string; children: ReactNode; note?: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-admissions-section ui-stack" aria-labelledby={id}>
      <h2 id={id} className="admin-admissions-section__title">
        {title}
      </h2>
      {note && <p className="ui-muted">{note}</p>}
      {children}
    </section>
  );
}

/** A bar as wide as `value` is of `of` (decorative: the number is in the cell beside it). */
function Bar({ value, of }: { value: number; of: number }) {
  const width = of > 0 ? Math.min(100, (value / of) * 100) : 0;
  return (
    <span className="admin-admissions-bar" aria-hidden="true">
      <span className="admin-admissions-bar__fill" style={{ width: `${width}%` }} />
    </span>
  );
}

type FunnelRow = ApplicationsFunnelResponse['data'][number];

function Funnel({ funnel }: { funnel: ApplicationsFunnelResponse }) {
  const columns: Column<FunnelRow>[] = [
    { label: 'State', render: (r) => <span className="admin-table__title">{APPLICATION_STATUS_LABELS[r.status]}</span> },
    { label: 'Now', render: (r) => r.current },
    {
      label: 'Reached',
      className: 'admin-admissions-bar-cell',
      render: (r) => (
        <span className="admin-admissions-bar-value">
          <span>
            {r.reached} <span className="ui-muted">({funnel.total ? percent(r.reached / funnel.total) : '0%'})</span>
          </span>
          <Bar value={r.reached} of={funnel.total} />
        </span>
      ),
    },
  ];
  return (
    <Section
      title="Funnel"
      note={`${funnel.total} ${funnel.total === 1 ? 'application' : 'applications'}. Reached counts every application that got to a stage or further along the pipeline; for the other states, every application that moved there.`}
    >
      <ListTable columns={columns} rows={funnel.data} rowKey={(r) => r.status} />
    </Section>
  );
}

type WeekRow = ApplicationsOverTimeResponse['data'][number];

function Weekly({ weeks }: { weeks: WeekRow[] }) {
  // A column for each state some week moved applications into, in pipeline order.
  const moved = APPLICATION_STATUSES.filter((s) => s !== 'SUBMITTED' && weeks.some((w) => w.transitions[s]));
  const columns: Column<WeekRow>[] = [
    {
      label: 'Week',
      render: (w) => (
        <>
          <span className="admin-table__title">{w.week}</span>
          <span className="admin-table__sub">from {w.week_start}</span>
        </>
      ),
    },
    { label: 'New applications', render: (w) => w.new_applications },
    ...moved.map((s) => ({ label: APPLICATION_STATUS_LABELS[s], render: (w: WeekRow) => w.transitions[s] ?? 0 })),
  ];
  return (
    <Section title="Applications per week" note="ISO weeks (from Monday, Malaysia time): new applications and moves into each state.">
      {weeks.length ? (
        <ListTable columns={columns} rows={weeks} rowKey={(w) => w.week} />
      ) : (
        <p className="ui-empty">No applications in this period.</p>
      )}
    </Section>
  );
}

const BREAKDOWNS = [
  ['state', 'By state', 'State'],
  ['highest_qualification', 'By highest qualification', 'Qualification'],
  ['field_study', 'By field of study', 'Field of study'],
  ['course', 'By course', 'Course'],
] as const;

function Breakdown({ title, label, rows }: { title: string; label: string; rows: BreakdownRow[] }) {
  const most = Math.max(0, ...rows.map((r) => r.total));
  const columns: Column<BreakdownRow>[] = [
    { label, render: (r) => <span className="admin-table__title">{r.label}</span> },
    {
      label: 'Applications',
      className: 'admin-admissions-bar-cell',
      render: (r) => (
        <span className="admin-admissions-bar-value">
          <span>
            {r.total} <span className="ui-muted">({percent(r.share)})</span>
          </span>
          <Bar value={r.total} of={most} />
        </span>
      ),
    },
    { label: 'Offered', render: (r) => r.offered },
    { label: 'Enrolled', render: (r) => r.enrolled },
  ];
  return (
    <Section title={title}>
      {rows.length ? (
        <ListTable columns={columns} rows={rows} rowKey={(r) => r.value} />
      ) : (
        <p className="ui-empty">No applications in this period.</p>
      )}
    </Section>
  );
}

type DecisionWeek = ApplicationsTimeToDecisionResponse['data']['weeks'][number];

function TimeToDecision({ figures }: { figures: ApplicationsTimeToDecisionResponse['data'] }) {
  const columns: Column<DecisionWeek>[] = [
    { label: 'Week decided', render: (w) => <span className="admin-table__title">{w.week}</span> },
    { label: 'Decided', render: (w) => w.decided },
    { label: 'Median', render: (w) => days(w.median_days) },
    { label: '90th percentile', render: (w) => days(w.p90_days) },
    { label: 'Mean', render: (w) => days(w.mean_days) },
  ];
  return (
    <Section title="Time to decision" note="From submission to the first decision (offer, waitlist or rejection).">
      <dl className="admin-admissions-figures">
        {(
          [
            ['Decided', String(figures.decided)],
            ['Awaiting a decision', String(figures.undecided)],
            ['Median', days(figures.median_days)],
            ['90th percentile', days(figures.p90_days)],
            ['Mean', days(figures.mean_days)],
          ] as const
        ).map(([term, value]) => (
          <div key={term} className="admin-admissions-figure">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {figures.weeks.length > 0 && <ListTable columns={columns} rows={figures.weeks} rowKey={(w) => w.week} />}
    </Section>
  );
}

/** The programme managers' view of one intake's admissions: funnel, weeks, breakdowns, time to decision, decisions CSV. */
export function AdmissionsOverviewPage() {
  usePageTitle('Admissions overview');
  const { client } = useSession();
  const [query, setQuery] = useScope();
  const [exporting, setExporting] = useState(false);
  const inputs = { query };
  const funnel = useRouteQuery('applicationsAnalyticsFunnel', inputs);
  const overTime = useRouteQuery('applicationsAnalyticsOverTime', inputs);
  const breakdowns = useRouteQuery('applicationsAnalyticsBreakdowns', inputs);
  const decisionTimes = useRouteQuery('applicationsAnalyticsTimeToDecision', inputs);
  const intake = query.intake ?? funnel.data?.scope.intake ?? currentIntake();

  const onExport = async () => {
    setExporting(true);
    try {
      await exportDecisions(client, { ...query, intake });
    } catch (e) {
      console.error('Export failed', e);
      window.alert(FAILED_MESSAGE);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="ui-page ui-stack ui-stack--loose admin-admissions-overview">
      <PageHeader
        title="Admissions overview"
        subtitle="How the programme's applications move through admissions."
        back={{ to: paths.applications, label: 'Applications' }}
        actions={
          <Button type="button" variant="secondary" onClick={onExport} disabled={exporting}>
            {exporting ? 'Exporting...' : 'Export decisions (CSV)'}
          </Button>
        }
      />
      <form className="admin-admissions-filters" aria-label="Applications shown" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label="Intake"
          value={intake}
          options={intakeOptions()}
          onChange={(e) => setQuery({ ...query, intake: e.target.value })}
        />
        <TextField
          label="Submitted from"
          type="date"
          value={query.from ?? ''}
          onChange={(e) => setQuery({ ...query, from: e.target.value || undefined })}
        />
        <TextField
          label="Submitted until"
          type="date"
          value={query.to ?? ''}
          min={query.from}
          onChange={(e) => setQuery({ ...query, to: e.target.value || undefined })}
        />
      </form>
      <QueryView query={funnel} label="the funnel" homePath={paths.applications}>
        {(data) => <Funnel funnel={data} />}
      </QueryView>
      <QueryView query={overTime} label="the weekly figures" homePath={paths.applications}>
        {(data) => <Weekly weeks={data.data} />}
      </QueryView>
      <QueryView query={breakdowns} label="the breakdowns" homePath={paths.applications}>
        {(data) => (
          <div className="admin-admissions-breakdowns">
            {BREAKDOWNS.map(([key, title, label]) => (
              <Breakdown key={key} title={title} label={label} rows={data.data[key]} />
            ))}
          </div>
        )}
      </QueryView>
      <QueryView query={decisionTimes} label="the time to decision" homePath={paths.applications}>
        {(data) => <TimeToDecision figures={data.data} />}
      </QueryView>
    </div>
  );
}

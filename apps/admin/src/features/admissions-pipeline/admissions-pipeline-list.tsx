import { intakeOptions } from '@school/catalogue/data';
import {
  type AdmissionListItem,
  type AdmissionSelection,
  type AdmissionListQueryInput,
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  ELIGIBILITY_FILTERS,
  INTAKE_PATTERN,
  INTERVIEW_STAGE_LABELS,
  INTERVIEW_STAGES,
  type InterviewStage,
} from '@school/contracts';
import { AppLink, Button, formatDate, SelectField, useRouteQuery } from '@school/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatScore } from '../../components/admissions/scores';
import { ListFrame } from '../../components/list-frame';
import { type Column, ListTable } from '../../components/list-table';
import { listQuery, useListParams } from '../../lib/list-params';
import { paths } from '../../lib/paths';
import { PipelineActions } from './components/pipeline-actions';
import { ELIGIBILITY_FILTER_LABELS, flagSummary, screeningLabel } from './pipeline-labels';
import './admissions-pipeline.css';

export const PIPELINE_PAGE_SIZE = 20;
/** The page sizes an admin may choose (`?size=`): an intake is a few hundred applications. */
export const PIPELINE_PAGE_SIZES = [20, 50, 100] as const;
const readPageSize = (params: URLSearchParams) => PIPELINE_PAGE_SIZES.find((n) => String(n) === params.get('size')) ?? PIPELINE_PAGE_SIZE;
export const PIPELINE_DEFAULT_SORT = '-created_date';

type Eligibility = (typeof ELIGIBILITY_FILTERS)[number];
const FILTERS = ['status', 'eligibility', 'interview', 'intake', 'course'] as const;
type Filter = (typeof FILTERS)[number];

const readFilters = (params: URLSearchParams) => {
  const status = APPLICATION_STATUSES.find((s) => s === params.get('status'));
  const eligibility = ELIGIBILITY_FILTERS.find((e) => e === params.get('eligibility'));
  const interview = INTERVIEW_STAGES.find((s) => s === params.get('interview'));
  const intake = params.get('intake') ?? '';
  const course = (params.get('course') ?? '').trim();
  return {
    status: status as ApplicationStatus | undefined,
    eligibility: eligibility as Eligibility | undefined,
    interview: interview as InterviewStage | undefined,
    intake: INTAKE_PATTERN.test(intake) ? intake : undefined,
    course: course ? course.slice(0, 300) : undefined,
  };
};

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  ...APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS[s] })),
];
const INTERVIEW_OPTIONS = [{ value: '', label: 'All' }, ...INTERVIEW_STAGES.map((s) => ({ value: s, label: INTERVIEW_STAGE_LABELS[s] }))];

/** The interview line under a shortlisted (or booked) application's state: its stage, and when a booked one is. */
const interviewLine = (i: NonNullable<AdmissionListItem['interview']>) =>
  i.stage === 'BOOKED' && i.starts_at ? `${INTERVIEW_STAGE_LABELS.BOOKED} for ${formatDate(i.starts_at)}` : INTERVIEW_STAGE_LABELS[i.stage];

const ELIGIBILITY_OPTIONS = [
  { value: '', label: 'All' },
  ...ELIGIBILITY_FILTERS.map((e) => ({ value: e, label: ELIGIBILITY_FILTER_LABELS[e] })),
];

const fullName = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`.trim();

/** The checkbox that selects every row of the page (mixed while only some are). */
function SelectAll({ ids, selected, onChange }: { ids: string[]; selected: string[]; onChange: (ids: string[]) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const all = ids.length > 0 && ids.every((id) => selected.includes(id));
  const some = !all && ids.some((id) => selected.includes(id));
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <label className="admin-pipeline-check">
      <input ref={ref} type="checkbox" checked={all} onChange={(e) => onChange(e.target.checked ? ids : [])} />
      Select all on this page
    </label>
  );
}

/**
 * The admissions pipeline: every programme application with its state, screening, reviewers and
 * mean score; filters, search, order, page and page size kept in the address; rows selected for
 * bulk actions (assign reviewers, shortlist, offer, waitlist, reject, withdraw), or every
 * application matching the filter across its pages for a decision (the API selects them again
 * and moves them all in one transaction).
 */
export function AdmissionsPipelineList({ actions }: { actions?: ReactNode }) {
  const list = useListParams(PIPELINE_DEFAULT_SORT);
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const pageSize = readPageSize(params);
  const input: AdmissionListQueryInput = { ...listQuery(list, pageSize), ...filters };
  const query = useRouteQuery('admissionsList', { query: input });
  // The courses applied to in the intake shown (for the filter).
  const courses = useRouteQuery(
    'applicationsAnalyticsBreakdowns',
    { query: filters.intake ? { intake: filters.intake } : {} },
    { select: (r) => r.data.course.map((c) => ({ value: c.value, label: c.label })), staleTime: 5 * 60_000 },
  );

  // The selection belongs to the rows shown: a row another page, filter, search or order hides
  // leaves it (a refetch that keeps the rows keeps it, as a search settling in the address does).
  const [chosen, select] = useState<string[]>([]);
  const shownIds = new Set((query.data?.data ?? []).map((a) => a.id_slug));
  const selected = chosen.filter((id) => shownIds.has(id));
  // "Every application matching this filter": kept while the filter and search are the ones it was chosen under.
  const matchingFilter: AdmissionSelection = { search_query: list.search || undefined, ...filters };
  const filterKey = JSON.stringify(matchingFilter);
  const [allMatchingKey, setAllMatchingKey] = useState<string | null>(null);
  const allMatching = allMatchingKey === filterKey;
  const matchCount = query.data?.count ?? 0;
  const clearSelection = () => {
    select([]);
    setAllMatchingKey(null);
  };
  // The applications' intake and course track when they share one: an offer lists that track's cohorts.
  const shownRows = query.data?.data ?? [];
  const pickedRows = shownRows.filter((a) => selected.includes(a.id_slug));
  const shared = (rows: AdmissionListItem[]) =>
    rows.length > 0 && rows.every((r) => r.intake === rows[0].intake && r.course === rows[0].course)
      ? { intake: rows[0].intake, course: rows[0].course }
      : undefined;
  const track = allMatching
    ? filters.intake && filters.course
      ? { intake: filters.intake, course: filters.course }
      : undefined
    : shared(pickedRows);

  const setPageSize = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === String(PIPELINE_PAGE_SIZE)) next.delete('size');
        else next.set('size', value);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const setFilter = (key: Filter, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const columns: Column<AdmissionListItem>[] = [
    {
      label: 'Select',
      hideLabel: true,
      className: 'admin-pipeline-select-cell',
      render: (a) => (
        <input
          type="checkbox"
          aria-label={`Select ${a.full_name}`}
          checked={allMatching || selected.includes(a.id_slug)}
          disabled={allMatching}
          onChange={(e) => select(e.target.checked ? [...selected, a.id_slug] : selected.filter((id) => id !== a.id_slug))}
        />
      ),
    },
    {
      label: 'Applicant',
      render: (a) => (
        <>
          <AppLink to={paths.application(a.id_slug)} className="admin-table__title">
            {a.full_name}
          </AppLink>
          <span className="admin-table__sub">{a.email}</span>
        </>
      ),
    },
    { label: 'Course', className: 'admin-pipeline-wrap', render: (a) => a.course },
    {
      label: 'Status',
      render: (a) => (
        <>
          <span>{APPLICATION_STATUS_LABELS[a.status]}</span>
          <span className="admin-table__sub">since {formatDate(a.status_changed_at)}</span>
          {a.interview && <span className="admin-pipeline-flag admin-pipeline-flag--interview">{interviewLine(a.interview)}</span>}
        </>
      ),
    },
    {
      label: 'Screening',
      render: (a) => (
        <>
          <span>{screeningLabel(a.eligible)}</span>
          <span className="admin-table__sub">{flagSummary(a.eligibility)}</span>
          {a.warnings.length > 0 && (
            <span className="admin-pipeline-flag">{a.warnings.length === 1 ? '1 warning' : `${a.warnings.length} warnings`}</span>
          )}
          {a.duplicates > 0 && <span className="admin-pipeline-flag">Possible duplicate</span>}
        </>
      ),
    },
    {
      label: 'Reviewers',
      className: 'admin-pipeline-wrap',
      render: (a) =>
        a.reviewers.length === 0 ? (
          <span className="ui-muted">None</span>
        ) : (
          <>
            <span>{a.reviewers.map(fullName).join(', ')}</span>
            <span className="admin-table__sub">
              {a.score.reviews} of {a.score.assigned} scored
            </span>
          </>
        ),
    },
    {
      label: 'Mean score',
      render: (a) => (
        <>
          <span>{formatScore(a.score.mean)}</span>
          {a.score.disagreement && <span className="admin-pipeline-flag">Reviewers disagree</span>}
        </>
      ),
    },
  ];

  const filtered = Object.values(filters).some(Boolean);
  return (
    <div className="ui-stack">
      <div className="admin-pipeline-filters">
        <SelectField
          label="Status"
          options={STATUS_OPTIONS}
          value={filters.status ?? ''}
          onChange={(e) => setFilter('status', e.target.value)}
        />
        <SelectField
          label="Screening"
          options={ELIGIBILITY_OPTIONS}
          value={filters.eligibility ?? ''}
          onChange={(e) => setFilter('eligibility', e.target.value)}
        />
        <SelectField
          label="Interview"
          options={INTERVIEW_OPTIONS}
          value={filters.interview ?? ''}
          onChange={(e) => setFilter('interview', e.target.value)}
        />
        <SelectField
          label="Intake"
          options={[{ value: '', label: 'All' }, ...intakeOptions()]}
          value={filters.intake ?? ''}
          onChange={(e) => setFilter('intake', e.target.value)}
        />
        <SelectField
          label="Course"
          options={[
            { value: '', label: 'All' },
            ...(courses.data ?? []),
            // A course from the address that the intake's list lacks stays choosable (and shown).
            ...(filters.course && !courses.data?.some((c) => c.value === filters.course) ? [filters.course] : []),
          ]}
          value={filters.course ?? ''}
          onChange={(e) => setFilter('course', e.target.value)}
        />
        <SelectField
          label="Rows per page"
          options={PIPELINE_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
          value={String(pageSize)}
          onChange={(e) => setPageSize(e.target.value)}
        />
      </div>
      <ListFrame
        label="Programme applications"
        query={query}
        pageSize={pageSize}
        list={list}
        sortField="full_name"
        searchPlaceholder="Search by name, email or phone..."
        actions={actions}
        empty={list.search || filtered ? 'No application matches your search.' : 'There are no applications yet.'}
      >
        {(rows) => (
          <>
            <div className="admin-pipeline-bulk">
              {allMatching ? (
                <p className="admin-pipeline-bulk__all" aria-live="polite">
                  All {matchCount} applications matching this filter are selected.{' '}
                  <Button size="sm" variant="ghost" onClick={clearSelection}>
                    Clear selection
                  </Button>
                </p>
              ) : (
                <>
                  <SelectAll ids={rows.map((r) => r.id_slug)} selected={selected} onChange={select} />
                  {selected.length === rows.length && matchCount > rows.length && (
                    <Button size="sm" variant="secondary" onClick={() => setAllMatchingKey(filterKey)}>
                      Select all {matchCount} matching this filter
                    </Button>
                  )}
                </>
              )}
              {(allMatching || selected.length > 0) && (
                <section className="admin-pipeline-bulk__bar" aria-label="Bulk actions">
                  <p className="admin-pipeline-bulk__count" aria-live="polite">
                    {allMatching ? matchCount : selected.length} selected
                  </p>
                  <PipelineActions
                    ids={allMatching ? [] : selected}
                    matching={allMatching ? { filter: matchingFilter, count: matchCount } : undefined}
                    track={track}
                    label="Actions on the selected applications"
                    onDone={clearSelection}
                  />
                </section>
              )}
            </div>
            <div className="admin-pipeline-table">
              <ListTable columns={columns} rows={rows} rowKey={(a) => a.id_slug} />
            </div>
          </>
        )}
      </ListFrame>
    </div>
  );
}

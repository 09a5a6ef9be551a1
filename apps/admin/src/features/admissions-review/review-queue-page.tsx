import { APPLICATION_STATUS_LABELS, type ReviewQueueItem } from '@school/contracts';
import { AppLink, cx, formatDate, formatDateTime, LoadingIndicator, Pagination, SelectField, StatusChip, useRouteQuery } from '@school/ui';
import { useLocation, useSearchParams } from 'react-router-dom';
import { type Column, ListTable } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { LoadError } from '../../components/query-view';
import { gradingRoot, reviewPaths } from '../../lib/paths';
import { applicationTitle } from '../../components/admissions/reference';
import { usePageTitle } from '../../lib/use-page-title';
import './admissions-review.css';

const PAGE_SIZE = 20;
/** The queue's filter: applications still to score (the default), scored ones, or all. */
const FILTERS = [
  { value: 'false', label: 'To score' },
  { value: 'true', label: 'Scored' },
  { value: 'all', label: 'All' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

/** /admin/reviews and /instructor/reviews: the applications assigned to the signed-in reviewer. */
export function ReviewQueuePage() {
  const root = gradingRoot(useLocation().pathname);
  const to = reviewPaths(root);
  usePageTitle('Reviews');
  const [params, setParams] = useSearchParams();
  const filter: Filter = FILTERS.find((x) => x.value === params.get('scored'))?.value ?? 'false';
  const pageNumber = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isInteger(pageNumber) && pageNumber > 0 ? pageNumber : 1;
  const query = useRouteQuery('admissionsReviewQueue', {
    query: { page, page_size: PAGE_SIZE, ...(filter === 'all' ? {} : { scored: filter }) },
  });
  const set = (changes: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        return p;
      },
      { replace: !('page' in changes) },
    );

  const columns: Column<ReviewQueueItem>[] = [
    {
      label: 'Application',
      render: (r) => (
        <>
          <AppLink to={to.review(r.id_slug)} className="admin-table__title">
            {applicationTitle(r.id_slug)}
          </AppLink>
          <span className="admin-table__sub">{r.course}</span>
        </>
      ),
    },
    {
      label: 'Education',
      render: (r) => (
        <>
          <span>{r.highest_qualification}</span>
          <span className="admin-table__sub">{r.field_study}</span>
        </>
      ),
    },
    { label: 'State', render: (r) => APPLICATION_STATUS_LABELS[r.status] },
    { label: 'Assigned', render: (r) => formatDate(r.assigned_at) },
    {
      label: 'Your scores',
      render: (r) =>
        r.scored_at ? (
          <StatusChip tone="success">Submitted {formatDateTime(r.scored_at)}</StatusChip>
        ) : r.can_score ? (
          <StatusChip tone="warning">To score</StatusChip>
        ) : (
          <StatusChip tone="neutral">Scoring closed</StatusChip>
        ),
    },
  ];

  const numPages = query.data ? (query.data.num_pages ?? Math.ceil(query.data.count / PAGE_SIZE)) : 0;
  return (
    <div className={cx('ui-page ui-stack ui-stack--loose', root === '/instructor' && 'admin-review-page--instructor')}>
      <PageHeader
        title="Reviews"
        subtitle="The programme applications assigned to you. Score each against the rubric; who the applicant is stays hidden until you have."
      />
      <section className="admin-list" aria-label="Assigned applications" aria-busy={query.isFetching || undefined}>
        <SelectField
          label="Show"
          className="admin-review__filter"
          options={FILTERS}
          value={filter}
          onChange={(e) => set({ scored: e.target.value === 'false' ? undefined : e.target.value, page: undefined })}
        />
        {query.isPending ? (
          <LoadingIndicator />
        ) : query.isError ? (
          <LoadError label="your reviews" onRetry={() => query.refetch()} />
        ) : query.data.data.length === 0 ? (
          <p className="ui-empty ui-empty--quiet">
            {filter === 'false' ? 'Nothing to score: no application assigned to you is waiting.' : 'No application here.'}
          </p>
        ) : (
          <>
            <p className="admin-list__count">
              {query.data.count} {query.data.count === 1 ? 'application' : 'applications'}
            </p>
            <ListTable columns={columns} rows={query.data.data} rowKey={(r) => r.id_slug} />
          </>
        )}
        <Pagination page={page} numPages={numPages} onChange={(p) => set({ page: p > 1 ? String(p) : undefined })} label="Reviews pages" />
      </section>
    </div>
  );
}

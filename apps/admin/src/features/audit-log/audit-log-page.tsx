import { AUDIT_ACTIONS, type AuditEntry, FINANCE_MESSAGES } from '@school/contracts';
import { AppLink, formatDateTime, LoadingIndicator, Pagination, SelectField, useRouteQuery } from '@school/ui';
import { useSearchParams } from 'react-router-dom';
import { ListTable, type Column } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { LoadError } from '../../components/query-view';
import { paths } from '../../lib/paths';
import { useFinance } from '../../lib/use-finance';
import { usePageTitle } from '../../lib/use-page-title';
import './audit-log-page.css';

const PAGE_SIZE = 25;

/** The recorded actions in words. */
const ACTION_LABELS: Record<string, string> = {
  [AUDIT_ACTIONS.financeGranted]: 'Finance permission granted',
  [AUDIT_ACTIONS.financeRevoked]: 'Finance permission removed',
  [AUDIT_ACTIONS.paymentDetailsViewed]: 'Payment details viewed',
  [AUDIT_ACTIONS.paymentDetailsChanged]: 'Payment details changed by staff',
  [AUDIT_ACTIONS.paymentDetailsChangedBySelf]: 'Payment details changed by the trainee',
};
const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

const columns: Column<AuditEntry>[] = [
  { label: 'When', render: (e) => formatDateTime(e.at) },
  { label: 'Who', render: (e) => e.actor_name ?? 'Deleted account' },
  { label: 'Action', render: (e) => actionLabel(e.action) },
  {
    label: 'Subject',
    render: (e) => (
      <>
        <span>{e.subject_name ?? (e.subject_type === 'user' ? 'Deleted account' : `${e.subject_type} ${e.subject_id ?? ''}`)}</span>
        {Array.isArray(e.detail.fields) && e.detail.fields.length > 0 && (
          <span className="admin-table__sub">Fields: {(e.detail.fields as string[]).map((f) => f.replace(/_/g, ' ')).join(', ')}</span>
        )}
      </>
    ),
  },
];

/**
 * /admin/audit-log: who viewed or changed personal and payment data, and who granted the finance
 * permission, newest first; filtered by action and by the person concerned. Finance staff only, as
 * the entries show whose bank details were read.
 */
export function AuditLogPage() {
  usePageTitle('Audit log');
  const { finance, isPending } = useFinance();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const action = params.get('action') ?? '';
  const subjectUser = params.get('student') ?? '';
  const subjectName = params.get('subject_name') ?? '';
  const query = useRouteQuery(
    'adminAuditLog',
    { query: { page, page_size: PAGE_SIZE, action: action || undefined, subject_user: subjectUser || undefined } },
    { enabled: finance },
  );
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };

  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader title="Audit log" subtitle="Who viewed or changed trainees' personal and payment details, newest first." />
      {isPending ? (
        <LoadingIndicator />
      ) : !finance ? (
        <p className="ui-muted">{FINANCE_MESSAGES.forbidden}</p>
      ) : (
        <section className="admin-list" aria-label="Audit log entries" aria-busy={query.isFetching || undefined}>
          <div className="admin-audit__filters">
            <SelectField
              label="Action"
              value={action}
              placeholder="All actions"
              options={Object.values(AUDIT_ACTIONS).map((a) => ({ value: a, label: actionLabel(a) }))}
              onChange={(e) => set({ action: e.target.value, page: undefined })}
            />
            {subjectUser && (
              <p>
                About {subjectName || 'one person'}. <AppLink to={paths.auditLog({ action: action || undefined })}>Show everyone</AppLink>
              </p>
            )}
          </div>
          {query.isPending ? (
            <LoadingIndicator />
          ) : query.isError ? (
            <LoadError label="the audit log" onRetry={() => query.refetch()} />
          ) : query.data.data.length === 0 ? (
            <p className="ui-empty ui-empty--quiet">No entries match.</p>
          ) : (
            <>
              <p className="admin-list__count">
                {query.data.count} {query.data.count === 1 ? 'entry' : 'entries'}
              </p>
              <ListTable columns={columns} rows={query.data.data} rowKey={(e) => e.id} />
            </>
          )}
          <Pagination
            page={page}
            numPages={query.data?.num_pages ?? 0}
            onChange={(p) => set({ page: String(p) })}
            label="Audit log pages"
          />
        </section>
      )}
    </div>
  );
}

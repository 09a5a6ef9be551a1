import { formatDateTime, useRouteQuery } from '@school/ui';
import { LoadError } from '../../../components/query-view';

const ASSIGNMENT_WORDS = { review: 'as reviewer', interview: 'as interviewer' } as const;

/** The conflicts of interest staff declared on an application (their assignment ended there): who, as what, when, why. */
export function Conflicts({ applicationId }: { applicationId: string }) {
  const conflicts = useRouteQuery('admissionsConflicts', { params: { applicationId } }, { select: (r) => r.data });
  if (conflicts.isError) return <LoadError label="the declared conflicts" onRetry={() => conflicts.refetch()} />;
  if (!conflicts.data?.length) return null;
  return (
    <div className="ui-stack">
      <h3 className="admin-subtitle">Conflicts of interest declared</h3>
      <ul className="ui-plain-list admin-pipeline-timeline" aria-label="Conflicts of interest declared">
        {conflicts.data.map((c, i) => (
          <li key={`${c.at}-${i}`} className="admin-pipeline-timeline__item">
            <span className="admin-table__title">
              {c.staff ? `${c.staff.first_name} ${c.staff.last_name}`.trim() : 'A former staff member'} declared a conflict{' '}
              {ASSIGNMENT_WORDS[c.assignment]} and was taken off this application
            </span>
            <span className="admin-table__sub">
              <time dateTime={c.at}>{formatDateTime(c.at)}</time>
            </span>
            <span className="admin-pipeline-timeline__reason">{c.note}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

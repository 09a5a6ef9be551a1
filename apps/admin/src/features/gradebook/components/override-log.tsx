import { formatDateTime, useRouteQuery } from '@school/ui';
import { QueryView } from '../../../components/query-view';

const show = (grade: number | null) => (grade === null ? '—' : String(grade));

/** The append-only log of grades set or cleared by hand in a cohort, newest first, each with the computed grade of the moment. */
export function OverrideLog({ cohortId }: { cohortId: string }) {
  const query = useRouteQuery('gradeOverrideLog', { params: { cohortId } }, { select: (r) => r.data });
  return (
    <section className="ui-stack" aria-labelledby="override-log-title">
      <h2 id="override-log-title" className="admin-section-title">
        Grades set by hand
      </h2>
      <QueryView query={query} label="the log of grades set by hand">
        {(entries) =>
          entries.length === 0 ? (
            <p className="ui-empty ui-empty--quiet">No grade has been set by hand in this cohort.</p>
          ) : (
            <ol className="ui-plain-list admin-gradebook__log">
              {entries.map((e) => (
                <li key={e.id_slug} className="admin-gradebook__log-entry">
                  <span className="admin-table__title">
                    {e.student.first_name} {e.student.last_name} · {e.lesson_title}:{' '}
                    {e.grade === null ? `override ${show(e.previous_grade)} cleared` : `${show(e.previous_grade)} → ${e.grade}`}
                  </span>
                  <span className="admin-table__sub">
                    Computed grade then: {show(e.computed_grade)}
                    {e.penalised_grade !== null && e.penalised_grade !== e.computed_grade
                      ? `, ${e.penalised_grade} after the late penalty`
                      : ''}{' '}
                    · by {e.changed_by} · {formatDateTime(e.changed_at)}
                  </span>
                  <span>Reason: {e.reason}</span>
                </li>
              ))}
            </ol>
          )
        }
      </QueryView>
    </section>
  );
}

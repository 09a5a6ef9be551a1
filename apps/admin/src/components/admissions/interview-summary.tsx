import type { InterviewDetail } from '@school/contracts';
import { AppLink, formatDateTime, useRouteQuery } from '@school/ui';
import type { ReactNode } from 'react';

/** The booked slot of an interview: when, how long, where, the panel, the no-show. */
export function InterviewFacts({ detail }: { detail: InterviewDetail }) {
  const b = detail.booking;
  if (!b) return <p className="admin-admissions-note">No interview booked.</p>;
  const rows: [string, ReactNode][] = [
    ['When', b.slot.starts_at_text],
    ['Length', `${b.slot.duration_minutes} minutes`],
    ...(b.slot.place ? ([['Place', b.slot.place]] as [string, ReactNode][]) : []),
    ...(b.slot.meeting_link
      ? ([
          [
            'Meeting link',
            <a key="l" href={b.slot.meeting_link} rel="noreferrer" target="_blank" className="admin-interview-summary__link">
              {b.slot.meeting_link}
            </a>,
          ],
        ] as [string, ReactNode][])
      : []),
    ['Panel', b.slot.panel.map((p) => `${p.first_name} ${p.last_name}`).join(', ')],
    ['Booked', formatDateTime(b.booked_at)],
    ...(b.no_show_at
      ? ([
          [
            'No-show',
            `Recorded ${formatDateTime(b.no_show_at)}${b.no_show_by ? ` by ${b.no_show_by.first_name} ${b.no_show_by.last_name}` : ''}`,
          ],
        ] as [string, ReactNode][])
      : []),
  ];
  return (
    <dl className="admin-interview-summary__facts">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Each interviewer's points per criterion, total and comment. */
export function InterviewScores({ detail }: { detail: InterviewDetail }) {
  if (!detail.scores.length) return <p className="ui-muted">No interviewer has scored yet.</p>;
  return (
    <div className="admin-interview-summary__table-wrap">
      <table className="admin-interview-summary__table">
        <caption className="ui-visually-hidden">Interview scores</caption>
        <thead>
          <tr>
            <th scope="col">Interviewer</th>
            {detail.rubric.map((c) => (
              <th key={c.id} scope="col">
                {c.title} (/{c.max_points})
              </th>
            ))}
            <th scope="col">Total (/{detail.max_total})</th>
            <th scope="col">Comment</th>
          </tr>
        </thead>
        <tbody>
          {detail.scores.map((s) => (
            <tr key={s.interviewer.id_slug}>
              <th scope="row">
                {s.interviewer.first_name} {s.interviewer.last_name}
              </th>
              {detail.rubric.map((c) => (
                <td key={c.id}>{s.scores[c.id] ?? '–'}</td>
              ))}
              <td>{s.total}</td>
              <td>{s.comment || '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The application page's interview section for admins: the booking and every panel member's scores. */
export function InterviewSummary({ applicationId }: { applicationId: string }) {
  const query = useRouteQuery('admissionsInterview', { params: { applicationId } }, { select: (r) => r.data });
  if (query.isPending) return <p className="ui-muted">Loading the interview…</p>;
  if (query.isError) return <p className="admin-admissions-alert">The interview could not be loaded.</p>;
  return (
    <div className="ui-stack">
      <InterviewFacts detail={query.data} />
      <InterviewScores detail={query.data} />
      {query.data.booking && (
        <p>
          <AppLink to={`/admin/interviews/${encodeURIComponent(applicationId)}`}>Open the interview page</AppLink>
        </p>
      )}
    </div>
  );
}

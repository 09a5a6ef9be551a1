import { AppLink, useRouteQuery } from '@school/ui';
import { useLocation } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { gradingRoot, interviewPaths, paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import '../../components/admissions/admissions.css';
import './admissions-interviews.css';

/** /admin/interviews and /instructor/interviews: the slots of the signed-in interviewer's panels and who booked them. */
export function MyInterviewsPage() {
  usePageTitle('My interviews');
  const root = gradingRoot(useLocation().pathname);
  const to = interviewPaths(root);
  const query = useRouteQuery('admissionsMyInterviews', {}, { select: (r) => r.data });
  return (
    <div className="ui-page ui-page--narrow ui-stack ui-stack--loose">
      <PageHeader title="My interviews" subtitle="The interview slots of the panels you sit on, soonest first." />
      <QueryView query={query} label="your interviews" homePath={root === '/admin' ? paths.applications : paths.instructor}>
        {(slots) =>
          slots.length ? (
            <ul className="ui-plain-list admin-interviews__slots" aria-label="My interview slots">
              {slots.map((s) => (
                <li key={s.id_slug} className="admin-interviews__slot">
                  <p className="admin-interviews__when">
                    <strong>{s.starts_at_text}</strong> · {s.duration_minutes} minutes
                  </p>
                  <p className="ui-muted">{[s.place, s.meeting_link].filter(Boolean).join(' · ')}</p>
                  {s.bookings.length ? (
                    <ul className="ui-plain-list">
                      {s.bookings.map((b) => (
                        <li key={b.application_id_slug}>
                          <AppLink to={to.interview(b.application_id_slug)}>{b.full_name}</AppLink> · {b.course} ·{' '}
                          {b.no_show_at ? 'No-show' : b.my_total === null ? 'Not scored yet' : `Your score: ${b.my_total}`}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="ui-muted">Nobody has booked this slot yet.</p>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="admin-admissions-note">You are on no interview panel.</p>
          )
        }
      </QueryView>
    </div>
  );
}

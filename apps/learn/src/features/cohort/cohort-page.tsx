import { Announcements } from '../../lib/announcements';
import { isAccessEnded, isApiError, type UserCohortView } from '@school/contracts';
import { ErrorView, formatDate, LoadingIndicator, Tabs, type TabItem, useRouteQuery, useSession } from '@school/ui';
import { useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { retryServerErrors } from '../../lib/retry';
import { usePageTitle } from '../../lib/use-page-title';
import { CertificatesTab } from './components/certificates-tab';
import { ContinueCard } from './components/continue-card';
import { CourseCard } from './components/course-card';
import { GradesTab } from './components/grades-tab';
import { LiveSessions } from './components/live-sessions';
import { ScheduleTab } from './components/schedule-tab';
import { ThisWeekCard } from './components/this-week-card';
import './cohort.css';

export const CLASS_ENDED_NOTICE = 'This class has ended. Its lessons are locked; your grades and certificates stay available here.';

/**
 * Learn always; Grades only when the class has graded items; Certifications only when it has
 * certificates; Schedule always, last, so the other tabs keep their indexes.
 */
export function cohortTabs(cohortId: string, view: UserCohortView, now: Date = new Date()): TabItem[] {
  const ended = isAccessEnded(view.end_access_date, now);
  const hasGrades = view.user_grades_part.length > 0;
  const hasCertificates = view.certificates_part.length > 0;
  const scheduleTab = 1 + Number(hasGrades) + Number(hasCertificates);
  const tabs: TabItem[] = [
    {
      label: 'Learn',
      content: (
        <div className="ui-stack ui-stack--loose">
          <Announcements cohortId={cohortId} />
          {!ended && <ContinueCard cohortId={cohortId} view={view} />}
          {!ended && <ThisWeekCard cohortId={cohortId} scheduleTab={scheduleTab} now={now} />}
          {!ended && <LiveSessions cohortId={cohortId} now={now} />}
          <section className="learn-section" aria-labelledby="courses-title">
            <h2 id="courses-title" className="learn-section__title">
              Courses
            </h2>
            {view.courses_part.length === 0 ? (
              <p className="ui-muted">No courses are linked to this class yet.</p>
            ) : (
              <div className="ui-stack ui-stack--loose">
                {view.courses_part.map((c) => (
                  <CourseCard key={c.id_slug} cohortId={cohortId} course={c} locked={ended} />
                ))}
              </div>
            )}
          </section>
        </div>
      ),
    },
  ];
  if (hasGrades)
    tabs.push({
      label: 'Grades',
      content: <GradesTab cohortId={cohortId} grades={view.user_grades_part} weightedTotal={view.user_cohort_part.weighted_total} />,
    });
  if (hasCertificates) {
    tabs.push({ label: 'Certifications', content: <CertificatesTab cohortId={cohortId} certificates={view.certificates_part} /> });
  }
  tabs.push({ label: 'Schedule', content: <ScheduleTab cohortId={cohortId} now={now} linked={!ended} /> });
  return tabs;
}

/** /class/{id}: the class with its Learn, Grades, Certifications and Schedule tabs; `?tab=` holds the tab's index. */
export function CohortPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { user } = useSession();
  // The class as the signed-in student sees it: courses with progress, grades, certificates.
  const view = useRouteQuery(
    'userCohortView',
    { params: { cohortId: id, userIdSlug: user?.id_slug ?? '' } },
    { select: (r) => r.data, enabled: !!user, retry: retryServerErrors },
  );
  usePageTitle(view.data?.title);

  if (view.isPending) return <LoadingIndicator />;
  if (view.isError) {
    if (!isApiError(view.error) || view.error.status !== 404) console.error('Could not load the class', view.error);
    return <ErrorView homePath={paths.dashboard} />;
  }
  const data = view.data;
  const tabs = cohortTabs(id, data);
  // `?tab=schedule` (the timeline mail's link) names the Schedule tab, whose index depends on the other tabs.
  const requested = search.get('tab') === 'schedule' ? tabs.length - 1 : Number.parseInt(search.get('tab') ?? '0', 10);
  const active = Number.isInteger(requested) && requested >= 0 && requested < tabs.length ? requested : 0;
  const suspended = data.user_cohort_part.enrolment_status === 'SUSPENDED';
  const ended = isAccessEnded(data.end_access_date);

  return (
    <div className="ui-page ui-page--padded">
      <header className="learn-cohort-header">
        <p className="learn-eyebrow">Class</p>
        <h1>{data.title}</h1>
        <p className="ui-muted">
          {formatDate(data.start_date)} to {formatDate(data.end_date)} · {ended ? 'Access ended' : 'Access until'}{' '}
          {formatDate(data.end_access_date)}
        </p>
        {ended && (
          <p className="learn-notice" role="note">
            {CLASS_ENDED_NOTICE}
          </p>
        )}
        {!ended && suspended && (
          <p className="learn-notice" role="note">
            Your enrolment in this class is suspended. You can still read the lessons, but you cannot mark them complete.
          </p>
        )}
      </header>
      <Tabs
        label="Class sections"
        tabs={tabs}
        active={active}
        onChange={(i) => setSearch(i === 0 ? {} : { tab: String(i) }, { replace: true })}
      />
    </div>
  );
}

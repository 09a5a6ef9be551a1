import { Announcements } from '../../lib/announcements';
import { Button, ButtonLink, ErrorView, LoadingIndicator, Slider, useRouteQuery, useSession } from '@school/ui';
import { useEffect } from 'react';
import { paths } from '../../lib/paths';
import { retryServerErrors } from '../../lib/retry';
import { usePageTitle } from '../../lib/use-page-title';
import { AllowanceSummary } from './components/allowance-summary';
import { CohortCard } from './components/cohort-card';
import { EmailVerificationNotice } from './components/email-verification-notice';
import { PlacementSection } from './components/placement-card';
import './dashboard.css';

export const NO_COHORTS_MESSAGE = 'You are not enrolled in any courses yet...';
export const COHORTS_LOAD_FAILED_MESSAGE = 'Your classes could not be loaded. Please check your connection and try again.';

/** The student's home: a greeting, their classes ('My classes', in a slider when there are several) and, once placed, their on-the-job training. */
export function DashboardPage() {
  const { user } = useSession();
  const cohorts = useRouteQuery(
    'userCohorts',
    { params: { userIdSlug: user?.id_slug ?? '' } },
    { select: (r) => r.data, enabled: !!user, retry: retryServerErrors },
  );
  usePageTitle('My classes');
  useEffect(() => {
    if (cohorts.error) console.error('Could not load the classes', cohorts.error);
  }, [cohorts.error]);
  if (!user) return <ErrorView homePath="/" />;

  const list = cohorts.data ?? [];
  return (
    <div className="ui-page ui-page--padded learn-dashboard">
      <h1 className="learn-dashboard__greeting">Welcome back, {user.first_name}</h1>
      <EmailVerificationNotice />
      <Announcements showCohort />
      <section className="learn-section" aria-labelledby="my-classes">
        <h2 id="my-classes" className="learn-section__title">
          My classes
        </h2>
        {cohorts.isPending ? (
          <LoadingIndicator />
        ) : cohorts.isError ? (
          // A failed load is not an empty list: say so and offer to load it again.
          <div className="ui-empty" role="alert">
            <p>{COHORTS_LOAD_FAILED_MESSAGE}</p>
            <Button onClick={() => void cohorts.refetch()} loading={cohorts.isFetching}>
              Retry
            </Button>
          </div>
        ) : list.length === 0 ? (
          <div className="ui-empty">
            <p>{NO_COHORTS_MESSAGE}</p>
            <ButtonLink to={paths.apply}>Apply now</ButtonLink>
          </div>
        ) : list.length === 1 ? (
          <div className="learn-dashboard__single">
            <CohortCard entry={list[0]} />
          </div>
        ) : (
          <Slider label="My classes" totalItems={3}>
            {list.map((entry) => (
              <CohortCard key={entry.cohort_part.id_slug} entry={entry} />
            ))}
          </Slider>
        )}
      </section>
      <AllowanceSummary />
      <PlacementSection />
    </div>
  );
}

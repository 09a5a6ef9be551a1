import { useRouteQuery } from '@school/ui';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { CohortAllowanceTab } from './components/cohort-allowance-tab';

/**
 * /instructor/allowance/:cohortId: a taught cohort's allowance for its instructors: who is at risk this
 * month and why, the decided months (without amounts), and an exception proposed for a trainee.
 */
export function InstructorAllowancePage() {
  const { cohortId = '' } = useParams();
  const cohort = useRouteQuery('instructorCohorts', {}, { select: (r) => r.data.find((c) => c.id_slug === cohortId) });
  const title = cohort.data ? `Allowance · ${cohort.data.title}` : 'Allowance';
  usePageTitle(title);
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader title={title} back={{ to: paths.instructor, label: 'My cohorts' }} />
      <CohortAllowanceTab cohortId={cohortId} admin={false} />
    </div>
  );
}

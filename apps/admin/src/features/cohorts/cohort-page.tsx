import { ADMIN_MESSAGES } from '@school/contracts';
import { ButtonLink, formatCount, formatDate, Tabs, useConfirm, useRouteMutation, useRouteQuery, useSession } from '@school/ui';
import { useParams, useSearchParams } from 'react-router-dom';
import { ActionsMenu } from '../../components/actions-menu';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { invalidations } from '../../lib/invalidations';
import { useNotify } from '../../lib/notice';
import { gradingPaths, paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { CohortAllowanceTab } from './components/cohort-allowance-tab';
import { CohortCertificatesTab } from './components/cohort-certificates-tab';
import { CohortCoachesTab } from './components/cohort-coaches-tab';
import { CohortCoursesTab } from './components/cohort-courses-tab';
import { CohortDetailsTab } from './components/cohort-details-tab';
import { CohortInstructorsTab } from './components/cohort-instructors-tab';
import { CohortInvitationsTab } from './components/cohort-invitations-tab';
import { CohortStatus } from '../../components/cohort-status';
import { CohortStudentsTab } from './components/cohort-students-tab';
import { CohortSessionsTab } from './components/cohort-sessions-tab';
import { CohortTimelineTab } from './components/cohort-timeline-tab';
import { CohortPlacementsTab } from './components/cohort-placements-tab';
import { GradeItemGaps } from './components/grade-item-gaps';

// The spec's four tabs, then Invitations, Instructors, Sessions, Timeline, Coaches, Placements and Allowance: always shown, so their indexes (?tab=4 to 10) and the tab row stay put.
const TAB_LABELS = [
  'Details',
  'Courses',
  'Students',
  'Certifications',
  'Invitations',
  'Instructors',
  'Sessions',
  'Timeline',
  'Coaches',
  'Placements',
  'Allowance',
];

/**
 * /admin/cohorts/{id}: tabs Details, Courses, Students, Certifications, Invitations, Instructors,
 * Sessions, Timeline, Coaches, Placements and Allowance (`?tab=` index), and 'Delete cohort'.
 */
export function CohortPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const query = useRouteQuery('adminCohortDetail', { params: { cohortId: id } }, { select: (r) => r.data });
  const remove = useRouteMutation('adminCohortDelete', { invalidates: invalidations.adminCohortDelete });
  const { confirm, dialog } = useConfirm();
  const notify = useNotify();
  const { go } = useSession();
  usePageTitle(query.data?.title ?? 'Cohort');
  const requested = Number.parseInt(search.get('tab') ?? '0', 10);
  const active = requested >= 0 && requested < TAB_LABELS.length ? requested : 0;

  const onDelete = async () => {
    const ok = await confirm({
      title: 'Delete cohort',
      message: ADMIN_MESSAGES.deleteCohortConfirm,
      confirmLabel: 'Delete cohort',
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate(
      { params: { cohortId: id } },
      {
        onSuccess: () => {
          notify.success('Cohort deleted.', { page: paths.cohorts });
          go(paths.cohorts);
        },
        onError: () => notify.error(ADMIN_MESSAGES.genericFailure),
      },
    );
  };

  return (
    <QueryView query={query} label="the cohort" homePath={paths.cohorts}>
      {(cohort) => (
        <div className="ui-page ui-stack ui-stack--loose">
          <PageHeader
            title={
              <>
                {cohort.title} <CohortStatus status={cohort.status} />
              </>
            }
            subtitle={`${formatDate(cohort.start_date)} – ${formatDate(cohort.end_date)} · ${cohort.total_active} active of ${formatCount(cohort.total_students, 'student')}`}
            back={{ to: paths.cohorts, label: 'Cohorts' }}
            actions={
              <>
                <ButtonLink variant="secondary" size="sm" to={paths.gradeItems(cohort.id_slug)}>
                  Grade items
                </ButtonLink>
                <ButtonLink variant="secondary" size="sm" to={gradingPaths('/admin').cohort(cohort.id_slug)}>
                  Grading
                </ButtonLink>
                <ButtonLink variant="secondary" size="sm" to={gradingPaths('/admin').gradebook(cohort.id_slug)}>
                  Gradebook
                </ButtonLink>
                <ActionsMenu actions={[{ label: 'Delete cohort', tone: 'danger', onSelect: onDelete }]} />
              </>
            }
          />
          <GradeItemGaps cohort={cohort} />
          <Tabs
            label="Cohort sections"
            tabs={TAB_LABELS.map((label) => ({ label }))}
            active={active}
            onChange={(i) => setSearch(i ? { tab: String(i) } : {}, { replace: true })}
          >
            {active === 0 && <CohortDetailsTab cohort={cohort} />}
            {active === 1 && <CohortCoursesTab cohort={cohort} />}
            {active === 2 && <CohortStudentsTab cohort={cohort} />}
            {active === 3 && <CohortCertificatesTab cohort={cohort} />}
            {active === 4 && <CohortInvitationsTab cohort={cohort} />}
            {active === 5 && <CohortInstructorsTab cohort={cohort} />}
            {active === 6 && <CohortSessionsTab cohort={cohort} />}
            {active === 7 && <CohortTimelineTab cohort={cohort} />}
            {active === 8 && <CohortCoachesTab cohort={cohort} />}
            {active === 9 && <CohortPlacementsTab cohort={cohort} />}
            {active === 10 && <CohortAllowanceTab cohortId={cohort.id_slug} admin />}
          </Tabs>
          {dialog}
        </div>
      )}
    </QueryView>
  );
}

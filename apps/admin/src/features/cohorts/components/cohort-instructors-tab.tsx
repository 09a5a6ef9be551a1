import { ADMIN_MESSAGES, type AdminCohort, type CohortInstructor, isApiError } from '@school/contracts';
import { Button, LoadingIndicator, useSearchTerm, TextField, useConfirm, useRouteMutation, useRouteQuery } from '@school/ui';
import { PickList } from '../../../components/pick-list';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';

const fullName = (s: { first_name: string; last_name: string }) => `${s.first_name} ${s.last_name}`.trim();
const ROLE_LABELS: Record<CohortInstructor['role'], string> = { INSTRUCTOR: 'Instructor', ADMIN: 'Admin' };
const describe = (s: CohortInstructor) => `${s.email} · ${ROLE_LABELS[s.role]}`;

/**
 * Who teaches the cohort: its instructors (each removable), and a search of staff accounts
 * (instructors and admins) to add. An instructor sees the cohort in their home, and grades it,
 * from the moment they are added until they are removed.
 */
export function CohortInstructorsTab({ cohort }: { cohort: AdminCohort }) {
  const params = { cohortId: cohort.id_slug };
  const { search, setSearch, term } = useSearchTerm();
  const instructors = useRouteQuery('adminCohortInstructors', { params }, { select: (r) => r.data });
  const candidates = useRouteQuery(
    'adminCohortInstructorCandidates',
    { params, query: { search_query: term || undefined } },
    { select: (r) => r.data },
  );
  const assign = useRouteMutation('adminCohortAssignInstructor', { invalidates: invalidations.adminCohortAssignInstructor });
  const remove = useRouteMutation('adminCohortRemoveInstructor', { invalidates: invalidations.adminCohortRemoveInstructor });
  const notify = useNotify();
  const { confirm, dialog } = useConfirm();

  const onAdd = (s: CohortInstructor) =>
    assign.mutate(
      { params, body: { user_id_slug: s.id_slug } },
      {
        onSuccess: () => notify.success(`${fullName(s)} now teaches ${cohort.title}.`),
        onError: (e) => notify.error(isApiError(e) && e.status === 400 ? e.message : ADMIN_MESSAGES.genericFailure),
      },
    );

  const onRemove = async (s: CohortInstructor) => {
    const ok = await confirm({
      title: 'Remove this instructor?',
      message: `${fullName(s)} will no longer see ${cohort.title} or grade its work.`,
      confirmLabel: 'Remove instructor',
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate(
      { params: { ...params, userId: s.id_slug } },
      {
        onSuccess: () => notify.success(`${fullName(s)} no longer teaches ${cohort.title}.`),
        onError: () => notify.error(ADMIN_MESSAGES.genericFailure),
      },
    );
  };

  return (
    <div className="ui-stack">
      <section aria-labelledby="cohort-instructors" className="ui-stack">
        <h2 id="cohort-instructors" className="admin-section-title">
          Instructors of this cohort
        </h2>
        {instructors.isPending ? (
          <LoadingIndicator />
        ) : instructors.isError ? (
          <p role="alert">The instructors could not be loaded. {ADMIN_MESSAGES.genericFailure}</p>
        ) : instructors.data.length === 0 ? (
          <p className="ui-empty ui-empty--quiet">No one teaches this cohort yet. Add an instructor below.</p>
        ) : (
          <PickList
            label="Instructors"
            rows={instructors.data}
            rowKey={(s) => s.id_slug}
            renderTitle={fullName}
            renderSub={describe}
            renderAction={(s) => (
              <Button
                size="sm"
                variant="ghost"
                className="admin-danger-text"
                onClick={() => onRemove(s)}
                aria-label={`Remove ${fullName(s)}`}
              >
                Remove
              </Button>
            )}
          />
        )}
      </section>
      <section className="admin-card ui-stack" aria-labelledby="cohort-instructor-search">
        <h2 id="cohort-instructor-search" className="admin-section-title">
          Add an instructor
        </h2>
        <TextField
          label="Search staff"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          hint="Instructors and admins, by name or email."
        />
        {candidates.isPending ? (
          <LoadingIndicator />
        ) : candidates.isError ? (
          <p role="alert">The staff accounts could not be loaded. {ADMIN_MESSAGES.genericFailure}</p>
        ) : candidates.data.length === 0 ? (
          <p className="ui-empty ui-empty--quiet">No staff account matches your search.</p>
        ) : (
          <PickList
            label="Staff not teaching this cohort"
            rows={candidates.data}
            rowKey={(s) => s.id_slug}
            renderTitle={fullName}
            renderSub={describe}
            renderAction={(s) => (
              <Button size="sm" variant="secondary" onClick={() => onAdd(s)} aria-label={`Add ${fullName(s)}`} disabled={assign.isPending}>
                Add
              </Button>
            )}
          />
        )}
      </section>
      {dialog}
    </div>
  );
}

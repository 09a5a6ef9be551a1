import {
  ADMIN_MESSAGES,
  type AdminCohort,
  type CoachTrainee,
  type CohortCoach,
  type CohortInstructor,
  isApiError,
  PAGE_SIZES,
} from '@school/contracts';
import {
  Button,
  ListToolbar,
  LoadingIndicator,
  Pagination,
  TextField,
  useConfirm,
  useRouteMutation,
  useRouteQuery,
  useSearchTerm,
} from '@school/ui';
import { useState } from 'react';
import { PickList } from '../../../components/pick-list';
import { invalidations } from '../../../lib/invalidations';
import { listQuery, useLocalListState } from '../../../lib/list-params';
import { useNotify } from '../../../lib/notice';
import '../cohorts.css';
import { coachReach, fullName, toggleTrainee } from './coach-trainees';

const ROLE_LABELS: Record<CohortInstructor['role'], string> = { INSTRUCTOR: 'Instructor', ADMIN: 'Admin' };

/**
 * Who coaches the cohort: its coaches (each following the whole cohort or chosen trainees), a pick
 * of the cohort's students for a new coach or for one being changed, and a search of staff to add.
 * A coach sees the trainees they follow on their "My trainees" page from the moment they are added.
 */
export function CohortCoachesTab({ cohort }: { cohort: AdminCohort }) {
  const params = { cohortId: cohort.id_slug };
  const { search, setSearch, term } = useSearchTerm();
  const coaches = useRouteQuery('adminCohortCoaches', { params }, { select: (r) => r.data });
  const candidates = useRouteQuery(
    'adminCohortCoachCandidates',
    { params, query: { search_query: term || undefined } },
    { select: (r) => r.data },
  );
  const assign = useRouteMutation('adminCohortAssignCoach', { invalidates: invalidations.adminCohortAssignCoach });
  const setTrainees = useRouteMutation('adminCohortCoachTrainees', { invalidates: invalidations.adminCohortCoachTrainees });
  const remove = useRouteMutation('adminCohortRemoveCoach', { invalidates: invalidations.adminCohortRemoveCoach });
  const notify = useNotify();
  const { confirm, dialog } = useConfirm();
  // The trainees chosen in the pick below: for the coach being changed, else for the next coach added.
  const [chosen, setChosen] = useState<CoachTrainee[]>([]);
  const [editing, setEditing] = useState<CohortCoach | null>(null);
  const slugs = chosen.map((s) => s.id_slug);
  const failed = (e: unknown) => notify.error(isApiError(e) && e.status === 400 ? e.message : ADMIN_MESSAGES.genericFailure);

  const onAdd = (s: CohortInstructor) =>
    assign.mutate(
      { params, body: { user_id_slug: s.id_slug, trainee_id_slugs: slugs } },
      {
        onSuccess: () => {
          notify.success(`${fullName(s)} now coaches ${coachReach(chosen.length, cohort.title)}.`);
          setChosen([]);
        },
        onError: failed,
      },
    );

  const onEdit = (c: CohortCoach) => {
    setEditing(c);
    setChosen(c.trainees);
  };
  const onCancel = () => {
    setEditing(null);
    setChosen([]);
  };
  const onSave = (c: CohortCoach) =>
    setTrainees.mutate(
      { params: { ...params, userId: c.id_slug }, body: { trainee_id_slugs: slugs } },
      {
        onSuccess: () => {
          notify.success(`${fullName(c)} now coaches ${coachReach(chosen.length, cohort.title)}.`);
          onCancel();
        },
        onError: failed,
      },
    );

  const onRemove = async (c: CohortCoach) => {
    const ok = await confirm({
      title: 'Remove this coach?',
      message: `${fullName(c)} will no longer follow the trainees of ${cohort.title}.`,
      confirmLabel: 'Remove coach',
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate(
      { params: { ...params, userId: c.id_slug } },
      {
        onSuccess: () => {
          notify.success(`${fullName(c)} no longer coaches ${cohort.title}.`);
          if (editing?.id_slug === c.id_slug) onCancel();
        },
        onError: () => notify.error(ADMIN_MESSAGES.genericFailure),
      },
    );
  };

  return (
    <div className="ui-stack">
      <section aria-labelledby="cohort-coaches" className="ui-stack">
        <h2 id="cohort-coaches" className="admin-section-title">
          Coaches of this cohort
        </h2>
        {coaches.isPending ? (
          <LoadingIndicator />
        ) : coaches.isError ? (
          <p role="alert">The coaches could not be loaded. {ADMIN_MESSAGES.genericFailure}</p>
        ) : coaches.data.length === 0 ? (
          <p className="ui-empty ui-empty--quiet">No one coaches this cohort yet. Add a coach below.</p>
        ) : (
          <PickList
            label="Coaches"
            rows={coaches.data}
            rowKey={(c) => c.id_slug}
            renderTitle={fullName}
            renderSub={(c) =>
              `${c.email} · ${ROLE_LABELS[c.role]} · ${
                c.whole_cohort ? 'Whole cohort' : c.trainees.length === 0 ? 'No trainees' : c.trainees.map(fullName).join(', ')
              }`
            }
            renderAction={(c) => (
              <span className="admin-row">
                <Button size="sm" variant="secondary" onClick={() => onEdit(c)} aria-label={`Choose trainees of ${fullName(c)}`}>
                  Choose trainees
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="admin-danger-text"
                  onClick={() => onRemove(c)}
                  aria-label={`Remove ${fullName(c)}`}
                >
                  Remove
                </Button>
              </span>
            )}
          />
        )}
      </section>
      <TraineePick
        cohort={cohort}
        chosen={chosen}
        onToggle={(s) => setChosen((now) => toggleTrainee(now, s))}
        title={editing ? `Trainees ${fullName(editing)} follows` : 'Trainees the next coach follows'}
        actions={
          editing && (
            <span className="admin-row">
              <Button size="sm" onClick={() => onSave(editing)} disabled={setTrainees.isPending}>
                Save trainees
              </Button>
              <Button size="sm" variant="ghost" onClick={onCancel}>
                Cancel
              </Button>
            </span>
          )
        }
      />
      {!editing && (
        <section className="admin-card ui-stack" aria-labelledby="cohort-coach-search">
          <h2 id="cohort-coach-search" className="admin-section-title">
            Add a coach
          </h2>
          <TextField
            label="Search staff"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            hint={`Instructors and admins, by name or email. The coach follows ${coachReach(chosen.length, 'this cohort')}.`}
          />
          {candidates.isPending ? (
            <LoadingIndicator />
          ) : candidates.isError ? (
            <p role="alert">The staff accounts could not be loaded. {ADMIN_MESSAGES.genericFailure}</p>
          ) : candidates.data.length === 0 ? (
            <p className="ui-empty ui-empty--quiet">No staff account matches your search.</p>
          ) : (
            <PickList
              label="Staff not coaching this cohort"
              rows={candidates.data}
              rowKey={(s) => s.id_slug}
              renderTitle={fullName}
              renderSub={(s) => `${s.email} · ${ROLE_LABELS[s.role]}`}
              renderAction={(s) => (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onAdd(s)}
                  aria-label={`Add ${fullName(s)} as coach`}
                  disabled={assign.isPending}
                >
                  Add
                </Button>
              )}
            />
          )}
        </section>
      )}
      {dialog}
    </div>
  );
}

/** The cohort's students, searched and paginated by the API, each with a box to choose them; the chosen ones above. */
function TraineePick({
  cohort,
  chosen,
  onToggle,
  title,
  actions,
}: {
  cohort: AdminCohort;
  chosen: CoachTrainee[];
  onToggle: (s: CoachTrainee) => void;
  title: string;
  actions?: React.ReactNode;
}) {
  const list = useLocalListState('first_name');
  const students = useRouteQuery('adminCohortStudents', {
    params: { cohortId: cohort.id_slug },
    query: listQuery(list, PAGE_SIZES.cohortStudents),
  });
  const picked = new Set(chosen.map((s) => s.id_slug));
  return (
    <section className="admin-card ui-stack" aria-labelledby="cohort-coach-trainees">
      <div className="admin-row">
        <h2 id="cohort-coach-trainees" className="admin-section-title">
          {title}
        </h2>
        {actions}
      </div>
      <p className="ui-muted ui-muted--small" aria-live="polite">
        {chosen.length === 0 ? 'None chosen: the coach follows the whole cohort.' : `Chosen: ${chosen.map(fullName).join(', ')}.`}
      </p>
      <ListToolbar
        onSearch={list.setSearch}
        onSortChange={list.setSort}
        field="first_name"
        sort={list.sort}
        searchPlaceholder="Search the cohort's students..."
      />
      {students.isPending ? (
        <LoadingIndicator />
      ) : students.isError ? (
        <p role="alert">The students could not be loaded. {ADMIN_MESSAGES.genericFailure}</p>
      ) : students.data.data.length === 0 ? (
        <p className="ui-empty ui-empty--quiet">{list.search ? 'No student matches your search.' : 'This cohort has no students yet.'}</p>
      ) : (
        <ul className="admin-pick-list" aria-label="Students of this cohort">
          {students.data.data.map((s) => (
            <li key={s.id_slug} className="admin-pick-list__item">
              <label className="admin-coach-pick">
                <input type="checkbox" checked={picked.has(s.id_slug)} onChange={() => onToggle(s)} />
                <span className="ui-visually-hidden">Follow </span>
                <span>
                  <span className="admin-table__title">{fullName(s)}</span>
                  <span className="admin-table__sub">{s.email}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={list.page}
        numPages={students.data ? Math.ceil(students.data.count / PAGE_SIZES.cohortStudents) : 0}
        onChange={list.setPage}
        label="Students pages"
      />
    </section>
  );
}

import { intakeOptions } from '@school/catalogue/data';
import { isApiError, type InterviewRubricResponse, type InterviewSlot } from '@school/contracts';
import { AppLink, Button, ButtonLink, routeKey, routeQueryKey, SelectField, TextField, useRouteMutation, useRouteQuery } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { useIntakeParam } from '../../lib/intakes';
import { useNotify } from '../../lib/notice';
import { interviewPaths, paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import {
  criterionIds,
  type CriterionDraft,
  emptySlot,
  newCriterion,
  type SlotDraft,
  toCriterionDrafts,
  toInterviewRubric,
  toSlotBody,
  toSlotDraft,
} from './slot-form-model';
import '../../components/admissions/admissions.css';
import './admissions-interviews.css';

export const SLOT_PUBLISHED_MESSAGE = 'Interview slot published';
export const SLOT_REMOVED_MESSAGE = 'Interview slot removed';
export const SLOT_SAVED_MESSAGE = 'Interview slot saved';
export const SLOT_CHANGED_MESSAGE = 'Interview slot saved: the applicants who booked it are sent the new details';
export const SLOT_CANCELLED_MESSAGE = 'Interview slot cancelled: the applicants who booked it are told, with your reason';
export const INTERVIEW_RUBRIC_SAVED_MESSAGE = 'Interview rubric saved';

/** /admin/applications/interviews?intake=: an intake's interview slots with their panels, and its interview rubric. */
export function InterviewsAdminPage() {
  const [intake, setIntake] = useIntakeParam();
  usePageTitle('Interviews');
  const intakes = intakeOptions();
  const slots = useRouteQuery('admissionsInterviewSlots', { params: { intake } }, { select: (r) => r.data });
  const rubric = useRouteQuery('admissionsInterviewRubric', { params: { intake } }, { select: (r) => r.data });
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader
        title="Interviews"
        subtitle="Slots shortlisted applicants book through their private link, the panel that interviews them, and the rubric the panel scores."
        back={{ to: paths.applications, label: 'Applications' }}
        actions={
          <ButtonLink variant="secondary" to={interviewPaths('/admin').list}>
            My interviews
          </ButtonLink>
        }
      />
      {intakes.length > 1 && (
        <SelectField
          label="Intake"
          options={intakes}
          value={intake}
          onChange={(e) => setIntake(e.target.value)}
          className="admin-interviews__intake"
        />
      )}
      <section className="admin-card ui-stack" aria-labelledby="publish-slot-title">
        <h2 id="publish-slot-title" className="admin-section-title">
          Publish a slot
        </h2>
        <SlotForm key={intake} intake={intake} />
      </section>
      <section className="admin-card ui-stack" aria-labelledby="slots-title">
        <h2 id="slots-title" className="admin-section-title">
          Slots
        </h2>
        <QueryView query={slots} label="the interview slots" homePath={paths.applications}>
          {(list) => <SlotList intake={intake} slots={list} />}
        </QueryView>
      </section>
      <section className="admin-card ui-stack" aria-labelledby="interview-rubric-title">
        <h2 id="interview-rubric-title" className="admin-section-title">
          Interview rubric
        </h2>
        <QueryView query={rubric} label="the interview rubric" homePath={paths.applications}>
          {(r) => <RubricForm key={`${r.intake}:${r.updated_at ?? 'new'}`} rubric={r} />}
        </QueryView>
      </section>
    </div>
  );
}

/** Publishes a slot, or (given one) changes it: the applicants who booked it are sent the new details. */
function SlotForm({ intake, editing, onDone }: { intake: string; editing?: InterviewSlot; onDone?: () => void }) {
  const notify = useNotify();
  const staff = useRouteQuery('admissionsStaff', { query: {} }, { select: (r) => r.data });
  const [draft, setDraft] = useState<SlotDraft>(() => (editing ? toSlotDraft(editing) : emptySlot()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const slotsKey = () => [routeKey('admissionsInterviewSlots', { params: { intake } })];
  const publish = useRouteMutation('admissionsCreateInterviewSlot', {
    invalidates: slotsKey,
    onSuccess: () => notify.success(SLOT_PUBLISHED_MESSAGE),
  });
  const update = useRouteMutation('admissionsUpdateInterviewSlot', {
    invalidates: slotsKey,
    onSuccess: () => notify.success(editing?.bookings.length ? SLOT_CHANGED_MESSAGE : SLOT_SAVED_MESSAGE),
  });
  const pending = publish.isPending || update.isPending;
  const refused = (error: unknown) => {
    setErrors(isApiError(error) ? (error.errors ?? {}) : {});
    setFailure(isApiError(error) ? error.message : 'The slot could not be saved. Please try again.');
  };
  const set = (change: Partial<SlotDraft>) => setDraft((d) => ({ ...d, ...change }));
  const togglePanel = (id: string, on: boolean) =>
    set({ panel_ids: on ? [...draft.panel_ids, id] : draft.panel_ids.filter((x) => x !== id) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (editing) {
      update.mutate(
        { params: { slotId: editing.id_slug }, body: toSlotBody(draft) as never },
        { onSuccess: () => onDone?.(), onError: refused },
      );
      return;
    }
    publish.mutate(
      { params: { intake }, body: toSlotBody(draft) as never },
      {
        onSuccess: () => {
          setErrors({});
          setDraft((d) => ({ ...emptySlot(), panel_ids: d.panel_ids, duration_minutes: d.duration_minutes, place: d.place }));
        },
        onError: refused,
      },
    );
  };
  return (
    <form className="ui-stack admin-interviews__form" onSubmit={submit} noValidate>
      <div className="admin-interviews__fields">
        <TextField
          label="Starts (Malaysia time)"
          type="datetime-local"
          value={draft.starts_at}
          onChange={(e) => set({ starts_at: e.target.value })}
          error={errors.starts_at}
          required
        />
        <TextField
          label="Duration (minutes)"
          type="number"
          min={5}
          max={480}
          value={draft.duration_minutes}
          onChange={(e) => set({ duration_minutes: e.target.value })}
          error={errors.duration_minutes}
          required
        />
        <TextField
          label="Applicants per slot"
          type="number"
          min={1}
          max={50}
          value={draft.capacity}
          onChange={(e) => set({ capacity: e.target.value })}
          error={errors.capacity}
        />
        <TextField label="Place" value={draft.place} onChange={(e) => set({ place: e.target.value })} error={errors.place} />
        <TextField
          label="Meeting link"
          type="url"
          value={draft.meeting_link}
          onChange={(e) => set({ meeting_link: e.target.value })}
          error={errors.meeting_link}
          hint="A place, a meeting link, or both."
        />
      </div>
      <fieldset className="admin-interviews__panel">
        <legend>Interview panel</legend>
        {staff.isPending && <p className="ui-muted">Loading staff…</p>}
        {staff.isError && <p className="admin-admissions-alert">The staff list could not be loaded.</p>}
        <div className="admin-interviews__panel-list">
          {staff.data?.map((s) => (
            <label key={s.id_slug} className="admin-interviews__check">
              <input
                type="checkbox"
                checked={draft.panel_ids.includes(s.id_slug)}
                onChange={(e) => togglePanel(s.id_slug, e.target.checked)}
              />
              <span>
                {s.first_name} {s.last_name}{' '}
                <span className="ui-muted ui-muted--small">({s.role === 'ADMIN' ? 'Admin' : 'Instructor'})</span>
              </span>
            </label>
          ))}
        </div>
        {errors.panel_ids && (
          <p className="admin-admissions-alert" role="alert">
            {errors.panel_ids}
          </p>
        )}
      </fieldset>
      {failure && (
        <p className="admin-admissions-alert" role="alert">
          {failure}
        </p>
      )}
      <div className="admin-interviews__actions">
        <Button type="submit" disabled={pending}>
          {editing ? 'Save slot' : 'Publish slot'}
        </Button>
        {editing && (
          <Button type="button" variant="ghost" onClick={onDone}>
            Keep as it was
          </Button>
        )}
      </div>
    </form>
  );
}

function SlotList({ intake, slots }: { intake: string; slots: InterviewSlot[] }) {
  const notify = useNotify();
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const remove = useRouteMutation('admissionsDeleteInterviewSlot', {
    invalidates: () => [],
    onSuccess: (answer, _v, qc) => {
      qc.setQueryData(routeQueryKey('admissionsInterviewSlots', { params: { intake } }), answer);
      notify.success(SLOT_REMOVED_MESSAGE);
    },
  });
  if (!slots.length) return <p className="admin-admissions-note">No slot is published for this intake yet.</p>;
  return (
    <>
      {failure && (
        <p className="admin-admissions-alert" role="alert">
          {failure}
        </p>
      )}
      <ul className="ui-plain-list admin-interviews__slots" aria-label="Interview slots">
        {slots.map((s) => (
          <li key={s.id_slug} className="admin-interviews__slot">
            <p className="admin-interviews__when">
              <strong>{s.starts_at_text}</strong> · {s.duration_minutes} minutes · {s.bookings.length} of {s.capacity} booked
            </p>
            <p className="ui-muted">{[s.place, s.meeting_link].filter(Boolean).join(' · ')}</p>
            <p>Panel: {s.panel.map((p) => `${p.first_name} ${p.last_name}`).join(', ')}</p>
            {editing === s.id_slug ? (
              <SlotForm intake={intake} editing={s} onDone={() => setEditing(null)} />
            ) : (
              <Button variant="ghost" size="sm" aria-label={`Change slot, ${s.starts_at_text}`} onClick={() => setEditing(s.id_slug)}>
                Change slot
              </Button>
            )}
            {s.bookings.length > 0 ? (
              <ul className="ui-plain-list">
                {s.bookings.map((b) => (
                  <li key={b.application_id_slug}>
                    <AppLink to={`/admin/applications/${b.application_id_slug}`}>{b.full_name}</AppLink>
                    {b.no_show_at && <span className="admin-interviews__flag"> · No-show</span>}
                  </li>
                ))}
                <li>
                  <CancelSlot intake={intake} slot={s} />
                </li>
              </ul>
            ) : (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove slot, ${s.starts_at_text}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(
                    { params: { slotId: s.id_slug } },
                    { onError: (e) => setFailure(isApiError(e) ? e.message : 'The slot could not be removed. Please try again.') },
                  )
                }
              >
                Remove slot
              </Button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Cancels a booked slot with a reason the applicants are told; their bookings are released to book another. */
function CancelSlot({ intake, slot }: { intake: string; slot: InterviewSlot }) {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useRouteMutation('admissionsCancelInterviewSlot', {
    invalidates: () => [],
    onSuccess: (answer, _v, qc) => {
      qc.setQueryData(routeQueryKey('admissionsInterviewSlots', { params: { intake } }), answer);
      notify.success(SLOT_CANCELLED_MESSAGE);
    },
  });
  const error = cancel.isError && isApiError(cancel.error) ? (cancel.error.errors?.reason ?? cancel.error.message) : undefined;
  if (!open)
    return (
      <Button
        variant="ghost"
        size="sm"
        className="admin-danger-text"
        aria-label={`Cancel slot, ${slot.starts_at_text}`}
        onClick={() => setOpen(true)}
      >
        Cancel slot
      </Button>
    );
  return (
    <form
      className="ui-stack admin-interviews__cancel"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        cancel.mutate({ params: { slotId: slot.id_slug }, body: { reason: reason.trim() } });
      }}
    >
      <TextField
        label="Why is the slot cancelled?"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={error}
        hint={`${slot.bookings.length === 1 ? 'The applicant who booked it is' : `The ${slot.bookings.length} applicants who booked it are`} mailed this with the cancellation, and may book another slot.`}
        required
      />
      <div className="admin-interviews__actions">
        <Button type="submit" variant="danger" disabled={cancel.isPending}>
          Cancel the slot
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Keep the slot
        </Button>
      </div>
    </form>
  );
}

function RubricForm({ rubric }: { rubric: InterviewRubricResponse['data'] }) {
  const notify = useNotify();
  const [drafts, setDrafts] = useState<CriterionDraft[]>(() =>
    rubric.criteria.length ? toCriterionDrafts(rubric.criteria) : [newCriterion()],
  );
  const [failure, setFailure] = useState<string | null>(null);
  const params = { intake: rubric.intake };
  const save = useRouteMutation('admissionsUpdateInterviewRubric', {
    invalidates: () => [routeKey('admissionsInterview')],
    onSuccess: (answer, _v, qc) => {
      qc.setQueryData(routeQueryKey('admissionsInterviewRubric', { params }), answer);
      notify.success(INTERVIEW_RUBRIC_SAVED_MESSAGE);
    },
  });
  const ids = criterionIds(drafts);
  const fixed = rubric.scored;
  const update = (key: string, change: Partial<CriterionDraft>) =>
    setDrafts((ds) => ds.map((d) => (d.key === key ? { ...d, ...change } : d)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    save.mutate(
      { params, body: toInterviewRubric(drafts) },
      { onError: (error) => setFailure(isApiError(error) ? error.message : 'The rubric could not be saved. Please try again.') },
    );
  };
  const total = drafts.reduce((n, d) => n + (Number(d.max_points) || 0), 0);
  return (
    <form className="ui-stack" onSubmit={submit} noValidate>
      <p className="ui-muted">
        Each interviewer gives every criterion points from 0 to its maximum.{' '}
        {fixed && 'Interviewers have scored: criteria and their max points are fixed; titles may change.'}
      </p>
      {drafts.map((d, i) => (
        <fieldset key={d.key} className="admin-admissions-criterion admin-interviews__criterion">
          <legend>
            Criterion {i + 1} <span className="ui-muted ui-muted--small">({ids[i]})</span>
          </legend>
          <TextField label="Title" value={d.title} onChange={(e) => update(d.key, { title: e.target.value })} required />
          <TextField
            label="Max points"
            type="number"
            min={1}
            max={100}
            value={d.max_points}
            disabled={fixed && d.id !== null}
            onChange={(e) => update(d.key, { max_points: e.target.value })}
            required
          />
          {!fixed && drafts.length > 1 && (
            <Button variant="ghost" size="sm" onClick={() => setDrafts((ds) => ds.filter((x) => x.key !== d.key))}>
              Remove criterion {i + 1}
            </Button>
          )}
        </fieldset>
      ))}
      <p>Total: {total} points</p>
      {failure && (
        <p className="admin-admissions-alert" role="alert">
          {failure}
        </p>
      )}
      <div className="admin-interviews__actions">
        {!fixed && drafts.length < 20 && (
          <Button variant="secondary" onClick={() => setDrafts((ds) => [...ds, newCriterion()])}>
            Add criterion
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          Save interview rubric
        </Button>
      </div>
    </form>
  );
}

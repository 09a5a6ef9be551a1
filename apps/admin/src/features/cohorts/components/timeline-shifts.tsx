import {
  ADMIN_MESSAGES,
  isApiError,
  type PhaseKey,
  type SaveTimelineShift,
  type Student,
  type Timeline,
  type TimelinePreview,
  type TimelineShift,
} from '@school/contracts';
import {
  Button,
  formatCount,
  useSearchTerm,
  SelectField,
  TextAreaField,
  TextField,
  useConfirm,
  useRouteMutation,
  useRouteQuery,
} from '@school/ui';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/api-errors';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';
import { otherError, PreviewPanel, savedText } from './timeline-preview';

const SHIFT_FIELDS = ['user_id_slug', 'phase', 'days', 'reason'];
/** The most students the select offers at once (the most the students list answers). */
const STUDENT_CHOICES = 100;
const nameOf = (s: { first_name: string; last_name: string }) => `${s.first_name} ${s.last_name}`.trim();

interface Draft {
  student: string;
  phase: PhaseKey;
  days: string;
  reason: string;
}

/**
 * Students whose phase is longer than the cohort's (their later dates move as their own
 * extensions), and, for admins, giving one student a longer phase (previewed first) or taking it back.
 */
export function TimelineShifts({ timeline, admin }: { timeline: Timeline; admin: boolean }) {
  const params = { cohortId: timeline.cohort_id_slug };
  const notify = useNotify();
  const { confirm, dialog } = useConfirm();
  const phaseTitle = (key: PhaseKey) => timeline.phases.find((p) => p.key === key)?.title ?? key;
  const empty: Draft = { student: '', phase: timeline.phases[0]?.key ?? 'ONLINE', days: '', reason: '' };
  const [draft, setDraft] = useState<Draft>(empty);
  const [pending, setPending] = useState<{ body: SaveTimelineShift; preview: TimelinePreview } | null>(null);
  // The student select offers the students matching the search (the first hundred when it is empty),
  // and keeps the one chosen while the search changes.
  const { search, setSearch, term } = useSearchTerm();
  const [chosen, setChosen] = useState<Student | null>(null);
  const students = useRouteQuery(
    'adminCohortStudents',
    { params, query: { page: 1, page_size: STUDENT_CHOICES, search_query: term || undefined } },
    { enabled: admin, select: (r) => r.data },
  );
  const offered =
    chosen && !students.data?.some((s) => s.id_slug === chosen.id_slug) ? [chosen, ...(students.data ?? [])] : (students.data ?? []);
  const preview = useRouteMutation('adminPreviewTimelineShift', { invalidates: invalidations.adminPreviewTimelineShift });
  const save = useRouteMutation('adminSaveTimelineShift', { invalidates: invalidations.adminSaveTimelineShift });
  const failed = (err: unknown) => !isApiError(err) && notify.error(ADMIN_MESSAGES.genericFailure);
  const err = save.error ?? preview.error;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setPending(null);
    setDraft((d) => ({ ...d, [key]: value }));
  };

  const onPreview = (e: FormEvent) => {
    e.preventDefault();
    save.reset();
    setPending(null);
    const body: SaveTimelineShift = {
      user_id_slug: draft.student,
      phase: draft.phase,
      days: draft.days.trim() === '' ? Number.NaN : Number(draft.days),
      reason: draft.reason.trim(),
    };
    preview.mutate({ params, body }, { onSuccess: (r) => setPending({ body, preview: r.data }), onError: failed });
  };
  const who = (id: string) => {
    const s = offered.find((x) => x.id_slug === id) ?? timeline.shifts.find((x) => x.user_id_slug === id);
    return s ? nameOf(s) : 'The student';
  };
  const onSave = () => {
    if (!pending) return;
    const { body } = pending;
    save.mutate(
      { params, body },
      {
        onSuccess: (r) => {
          notify.success(savedText(r, `${who(body.user_id_slug)}'s ${phaseTitle(body.phase)} is ${formatCount(body.days, 'day')} longer`));
          setPending(null);
          setDraft(empty);
          setChosen(null);
        },
        onError: (e) => {
          setPending(null);
          failed(e);
        },
      },
    );
  };
  const onRemove = async (s: TimelineShift) => {
    const ok = await confirm({
      title: `Take back ${nameOf(s)}'s longer ${phaseTitle(s.phase)}?`,
      message: `Their dates after ${phaseTitle(s.phase)} go back to the cohort's, and they get one email listing the changes.`,
      confirmLabel: 'Remove',
    });
    if (!ok) return;
    save.mutate(
      { params, body: { user_id_slug: s.user_id_slug, phase: s.phase, days: 0, reason: s.reason } },
      {
        onSuccess: (r) => notify.success(savedText(r, `${nameOf(s)}'s ${phaseTitle(s.phase)} is as the cohort's again`)),
        onError: (e) => notify.error(isApiError(e) ? e.message : ADMIN_MESSAGES.genericFailure),
      },
    );
  };

  return (
    <section aria-labelledby="timeline-shifts" className="admin-card ui-stack">
      <h2 id="timeline-shifts" className="admin-section-title">
        Longer phases
      </h2>
      {timeline.shifts.length === 0 ? (
        <p className="ui-empty ui-empty--quiet">Every student follows the cohort's phases.</p>
      ) : (
        <ul className="admin-sessions" aria-label="Longer phases">
          {timeline.shifts.map((s) => (
            <li key={`${s.user_id_slug}:${s.phase}`} className="admin-sessions__item">
              <div>
                <strong>{nameOf(s)}</strong>: {phaseTitle(s.phase)} + {formatCount(s.days + s.break_days, 'day')}
                {s.reason && <div className="admin-sessions__sub">“{s.reason}”</div>}
                {s.break_days > 0 && (
                  <div className="admin-sessions__sub">
                    {s.days > 0 && `${formatCount(s.days, 'day')} given here, `}
                    {formatCount(s.break_days, 'day')} of breaks in the placement (recorded on the trainee's page)
                  </div>
                )}
              </div>
              {admin && s.days > 0 && (
                <div className="admin-sessions__actions">
                  <Button
                    size="sm"
                    variant="ghost"
                    className="admin-danger-text"
                    aria-label={`Remove ${nameOf(s)}'s longer ${phaseTitle(s.phase)}`}
                    disabled={save.isPending}
                    onClick={() => onRemove(s)}
                  >
                    Remove
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {admin && (
        <form className="ui-stack" aria-labelledby="timeline-shift-form" onSubmit={onPreview} noValidate>
          <h3 id="timeline-shift-form" className="admin-section-title">
            Give one student a longer phase
          </h3>
          {otherError(err, SHIFT_FIELDS) && <p role="alert">{otherError(err, SHIFT_FIELDS)}</p>}
          <TextField
            label="Find a student"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            hint={`By name or email; the student list below offers the first ${STUDENT_CHOICES} matching.`}
          />
          <SelectField
            label="Student"
            required
            placeholder={
              students.isPending ? 'Loading the students…' : offered.length ? 'Choose a student' : 'No student matches the search'
            }
            options={offered.map((s) => ({ value: s.id_slug, label: `${nameOf(s)} (${s.email})` }))}
            value={draft.student}
            onChange={(e) => {
              setChosen(offered.find((s) => s.id_slug === e.target.value) ?? null);
              set('student', e.target.value);
            }}
            error={fieldError(err, 'user_id_slug')}
          />
          <SelectField
            label="Phase"
            options={timeline.phases.map((p) => ({ value: p.key, label: p.title }))}
            value={draft.phase}
            onChange={(e) => set('phase', e.target.value as PhaseKey)}
            error={fieldError(err, 'phase')}
          />
          <TextField
            label="Days longer"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            required
            value={draft.days}
            onChange={(e) => set('days', e.target.value)}
            error={fieldError(err, 'days')}
          />
          <TextAreaField
            label="Reason"
            required
            value={draft.reason}
            onChange={(e) => set('reason', e.target.value)}
            error={fieldError(err, 'reason')}
            hint="Shown beside the longer phase in this list"
          />
          <div className="admin-sessions__actions">
            <Button type="submit" disabled={preview.isPending || save.isPending}>
              Preview changes
            </Button>
          </div>
        </form>
      )}
      {pending && (
        <PreviewPanel
          label={`Preview for ${who(pending.body.user_id_slug)}`}
          preview={pending.preview}
          saving={save.isPending}
          onSave={onSave}
          onCancel={() => {
            setPending(null);
            preview.reset();
          }}
        />
      )}
      {dialog}
    </section>
  );
}

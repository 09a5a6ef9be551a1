import {
  ADMIN_MESSAGES,
  type AdminCohort,
  isApiError,
  type Placement,
  PLACEMENT_CSV_COLUMNS,
  type PlacementCsvPreview,
  type PlacementPerson,
} from '@school/contracts';
import { CohortReviewsSummary } from './cohort-reviews-summary';
import { AppLink, Button, LoadingIndicator, SelectField, TextField, useRouteMutation, useRouteQuery } from '@school/ui';
import { coachPaths } from '../../../lib/paths';
import { type FormEvent, useId, useState } from 'react';
import { fieldError } from '../../../lib/api-errors';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';
import { formatSchoolDate } from '../../../lib/school-time';
import { UnsignedWeeks } from '../../../components/unsigned-weeks';
import { breakText } from '../../../lib/placement-breaks';
import { EvidencePackPanel } from './evidence-pack-panel';
import { TraineePackButtons } from '../../../components/evidence-pack-buttons';
import './cohort-placements.css';

interface Draft {
  trainee: string;
  host: string;
  site: string;
  supervisorName: string;
  supervisorEmail: string;
  supervisorPhone: string;
  hours: string;
  coach: string;
}
const EMPTY: Draft = {
  trainee: '',
  host: '',
  site: '',
  supervisorName: '',
  supervisorEmail: '',
  supervisorPhone: '',
  hours: '40',
  coach: '',
};
const draftOf = (p: Placement): Draft => ({
  trainee: p.trainee.id_slug,
  host: p.host_company.id_slug,
  site: p.site,
  supervisorName: p.supervisor_name,
  supervisorEmail: p.supervisor_email,
  supervisorPhone: p.supervisor_phone,
  hours: String(p.weekly_hours_target),
  coach: p.coach?.id_slug ?? '',
});
const nameOf = (p: PlacementPerson) => `${p.first_name} ${p.last_name}`.trim() || p.email;
const personOption = (p: PlacementPerson) => ({ value: p.id_slug, label: `${nameOf(p)} (${p.email})` });

/**
 * The cohort's on-the-job training placements: each trainee's host, site, supervisor, OJT dates
 * (from the Timeline) and weekly hours target; a form to place one trainee or edit a placement, and
 * placing many from a CSV, previewed with every row's problems before anything is written.
 */
export function CohortPlacementsTab({ cohort }: { cohort: AdminCohort }) {
  const params = { cohortId: cohort.id_slug };
  const placements = useRouteQuery('adminCohortPlacements', { params });
  const unsigned = useRouteQuery('adminCohortUnsignedWeeks', { params });
  const hosts = useRouteQuery('adminHostCompanies', { query: { page_size: 100, order_by: 'name' } }, { select: (r) => r.data });
  const notify = useNotify();
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const reset = () => {
    setEditing(null);
    setDraft(EMPTY);
  };
  const create = useRouteMutation('adminCreatePlacement', {
    invalidates: invalidations.adminCreatePlacement,
    onSuccess: (r) => notify.success(`${nameOf(r.data.trainee)} is placed with ${r.data.host_company.name}.`),
  });
  const update = useRouteMutation('adminUpdatePlacement', {
    invalidates: invalidations.adminUpdatePlacement,
    onSuccess: (r) => notify.success(`The placement of ${nameOf(r.data.trainee)} is saved.`),
  });
  const saving = editing ? update : create;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const host = hosts.data?.find((h) => h.id_slug === draft.host);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      host_company_id_slug: draft.host,
      site: draft.site,
      supervisor_name: draft.supervisorName,
      supervisor_email: draft.supervisorEmail,
      supervisor_phone: draft.supervisorPhone,
      weekly_hours_target: draft.hours,
      coach_id_slug: draft.coach || null,
    };
    const done = { onSuccess: reset, onError: (err: unknown) => !isApiError(err) && notify.error(ADMIN_MESSAGES.genericFailure) };
    if (editing) update.mutate({ params: { ...params, placementId: editing }, body }, done);
    else create.mutate({ params, body: { ...body, user_id_slug: draft.trainee } }, done);
  };

  const err = saving.error;
  if (placements.isPending) return <LoadingIndicator />;
  if (placements.isError) return <p role="alert">The placements could not be loaded. {ADMIN_MESSAGES.genericFailure}</p>;
  const { data, unplaced, coaches, ojt } = placements.data;
  const editedTrainee = editing ? data.find((p) => p.id_slug === editing)?.trainee : undefined;
  return (
    <div className="ui-stack">
      <section aria-labelledby="cohort-placements" className="ui-stack">
        <h2 id="cohort-placements" className="admin-section-title">
          Placements
        </h2>
        <p>
          On-the-job training runs from {formatSchoolDate(ojt.starts_on)} to {formatSchoolDate(ojt.ends_on)} (the OJT phase on the Timeline
          tab; a trainee with a longer phase or a break has their own dates, and breaks are recorded on the trainee's page). {data.length}{' '}
          placed, {unplaced.length} not placed yet.
        </p>
        <p>
          <AppLink className="ui-link" to={coachPaths('/admin').careerPipeline(cohort.id_slug)}>
            Career pipeline of this cohort
          </AppLink>{' '}
          (after OJT: each trainee's applications, interviews this month and the host's offer)
        </p>
        {data.length === 0 ? (
          <p className="ui-empty ui-empty--quiet">No trainee is placed yet. Place one below or upload a CSV.</p>
        ) : (
          <ul className="admin-placements" aria-label="Placements">
            {data.map((p) => (
              <li key={p.id_slug} className="admin-placements__item">
                <div>
                  <strong>{nameOf(p.trainee)}</strong> · {p.host_company.name}, {p.site}
                  <div className="admin-placements__sub">
                    {formatSchoolDate(p.starts_on)} – {formatSchoolDate(p.ends_on)} · {p.weekly_hours_target} h a week · {p.hours_logged} h
                    logged of {p.hours_due} h due
                  </div>
                  {p.breaks.some((b) => !b.withdrawn) && (
                    <div className="admin-placements__sub">
                      Breaks:{' '}
                      {p.breaks
                        .filter((b) => !b.withdrawn)
                        .map(breakText)
                        .join('; ')}
                    </div>
                  )}
                  <div className="admin-placements__sub">
                    Supervisor {p.supervisor_name} · {p.supervisor_email} · {p.supervisor_phone}
                    {p.coach ? ` · Coach ${nameOf(p.coach)}` : ''}
                  </div>
                </div>
                <div className="admin-placements__actions">
                  <TraineePackButtons placementId={p.id_slug} name={nameOf(p.trainee)} />
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Edit the placement of ${nameOf(p.trainee)}`}
                    onClick={() => {
                      setEditing(p.id_slug);
                      setDraft(draftOf(p));
                    }}
                  >
                    Edit
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {unsigned.data && <UnsignedWeeks weeks={unsigned.data.data} showCohort={false} />}
      <EvidencePackPanel cohortId={cohort.id_slug} placed={data.length} />
      <CohortReviewsSummary cohortId={cohort.id_slug} />
      <form className="admin-card ui-stack" aria-labelledby="cohort-placement-form" onSubmit={onSubmit} noValidate>
        <h2 id="cohort-placement-form" className="admin-section-title">
          {editedTrainee ? `Edit the placement of ${nameOf(editedTrainee)}` : 'Place a trainee'}
        </h2>
        {err && isApiError(err) && <p role="alert">{err.message}</p>}
        {!editing && (
          <SelectField
            label="Trainee"
            placeholder="Choose a trainee"
            options={unplaced.map(personOption)}
            value={draft.trainee}
            onChange={(e) => set('trainee', e.target.value)}
            error={fieldError(err, 'user_id_slug')}
            hint={unplaced.length ? undefined : 'Every enrolled student is placed.'}
          />
        )}
        <SelectField
          label="Host company"
          placeholder={hosts.data?.length ? 'Choose a host company' : 'Add host companies first (Host companies in the menu)'}
          options={(hosts.data ?? []).map((h) => ({ value: h.id_slug, label: `${h.name} (${h.registration_number})` }))}
          value={draft.host}
          onChange={(e) => setDraft((d) => ({ ...d, host: e.target.value, site: '' }))}
          error={fieldError(err, 'host_company_id_slug')}
        />
        <SelectField
          label="Site"
          placeholder="Choose a site"
          options={(host?.sites ?? []).map((s) => s.name)}
          value={draft.site}
          onChange={(e) => set('site', e.target.value)}
          error={fieldError(err, 'site')}
        />
        <TextField
          label="Supervisor's name"
          required
          value={draft.supervisorName}
          onChange={(e) => set('supervisorName', e.target.value)}
          error={fieldError(err, 'supervisor_name')}
        />
        <TextField
          label="Supervisor's email"
          type="email"
          required
          value={draft.supervisorEmail}
          onChange={(e) => set('supervisorEmail', e.target.value)}
          error={fieldError(err, 'supervisor_email')}
          hint="The supervisor signs the trainee's weeks from links sent here; they need no account"
        />
        <TextField
          label="Supervisor's phone"
          type="tel"
          required
          value={draft.supervisorPhone}
          onChange={(e) => set('supervisorPhone', e.target.value)}
          error={fieldError(err, 'supervisor_phone')}
        />
        <TextField
          label="Weekly hours target"
          type="number"
          inputMode="decimal"
          min={1}
          max={60}
          step={0.5}
          required
          value={draft.hours}
          onChange={(e) => set('hours', e.target.value)}
          error={fieldError(err, 'weekly_hours_target')}
        />
        <SelectField
          label="Coach"
          placeholder="No coach yet"
          options={coaches.map(personOption)}
          value={draft.coach}
          onChange={(e) => set('coach', e.target.value)}
          error={fieldError(err, 'coach_id_slug')}
          hint="The school's staff member following the trainee"
        />
        <div className="admin-sessions__actions">
          <Button type="submit" disabled={saving.isPending}>
            {editing ? 'Save placement' : 'Place trainee'}
          </Button>
          {editing && (
            <Button type="button" variant="ghost" onClick={reset}>
              Stop editing
            </Button>
          )}
        </div>
      </form>
      <PlacementCsvImport cohortId={cohort.id_slug} />
    </div>
  );
}

/** Placing many trainees from a CSV: the file is previewed with each row's problems, then written whole or not at all. */
function PlacementCsvImport({ cohortId }: { cohortId: string }) {
  const inputId = useId();
  const notify = useNotify();
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<PlacementCsvPreview | null>(null);
  const check = useRouteMutation('adminPreviewPlacementCsv', { invalidates: invalidations.adminPreviewPlacementCsv });
  const write = useRouteMutation('adminImportPlacementCsv', { invalidates: invalidations.adminImportPlacementCsv });

  const onPreview = (e: FormEvent) => {
    e.preventDefault();
    if (!csv) return;
    setPreview(null);
    check.mutate(
      { params: { cohortId }, body: { csv } },
      { onSuccess: setPreview, onError: (err) => !isApiError(err) && notify.error(ADMIN_MESSAGES.genericFailure) },
    );
  };
  const onConfirm = () => {
    if (!csv) return;
    write.mutate(
      { params: { cohortId }, body: { csv } },
      {
        onSuccess: (r) => {
          notify.success(`${r.created} trainees placed, ${r.updated} placements replaced.`);
          setPreview(null);
          setCsv(null);
        },
        onError: (err) => !isApiError(err) && notify.error(ADMIN_MESSAGES.genericFailure),
      },
    );
  };
  const err = check.error ?? write.error;
  return (
    <section className="admin-card ui-stack" aria-labelledby="placement-csv">
      <h2 id="placement-csv" className="admin-section-title">
        Place trainees from a CSV
      </h2>
      <p>
        One row per trainee, with the columns <code>{PLACEMENT_CSV_COLUMNS.join(', ')}</code> (coach_email may be empty). A trainee already
        placed in this cohort has their placement replaced. Nothing is written until you confirm, and only when no row has a problem.
      </p>
      <form className="admin-inline-form" onSubmit={onPreview} noValidate>
        <div className="ui-field">
          <label htmlFor={inputId} className="ui-field__label">
            Placements CSV
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="admin-file-input"
            onChange={async (e) => {
              setPreview(null);
              const file = e.target.files?.[0];
              setCsv(file ? await file.text() : null);
            }}
          />
        </div>
        <Button type="submit" variant="secondary" loading={check.isPending} disabled={!csv}>
          Preview
        </Button>
      </form>
      {err && isApiError(err) && (
        <div role="alert">
          <p>{err.message}</p>
          {err.errors && (
            <ul className="admin-placements__problems">
              {Object.entries(err.errors).map(([k, v]) => (
                <li key={k}>{k === 'csv' ? v : `${k}: ${v}`}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {preview && (
        <div className="ui-stack">
          <output className="admin-placements__status">
            {preview.rows.length} rows;{' '}
            {preview.problem_rows ? `${preview.problem_rows} with problems: correct the file and preview it again.` : 'no problems.'}
          </output>
          <div className="admin-placements__table">
            <table className="admin-table">
              <caption className="ui-visually-hidden">Rows of the file</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Trainee</th>
                  <th scope="col">Host and site</th>
                  <th scope="col">Supervisor</th>
                  <th scope="col">Hours</th>
                  <th scope="col">Problems</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((r) => (
                  <tr key={r.line}>
                    <td>{r.line}</td>
                    <td>
                      {r.trainee_name ?? r.trainee_email}
                      {r.replaces ? ' (replaces their placement)' : ''}
                    </td>
                    <td>
                      {r.host_name ?? '—'}, {r.site}
                    </td>
                    <td>{r.supervisor_name}</td>
                    <td>{r.weekly_hours_target ?? '—'}</td>
                    <td>
                      {r.problems.length ? (
                        <ul className="admin-placements__problems">
                          {r.problems.map((p) => (
                            <li key={p}>{p}</li>
                          ))}
                        </ul>
                      ) : (
                        'None'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <Button onClick={onConfirm} loading={write.isPending} disabled={preview.problem_rows > 0}>
              Confirm and place {preview.rows.length} trainees
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

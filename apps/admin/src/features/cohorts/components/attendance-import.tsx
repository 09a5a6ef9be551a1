import {
  ADMIN_MESSAGES,
  ATTENDANCE_IMPORT_MESSAGES,
  ATTENDANCE_REPORT_MAX_BYTES,
  type AttendanceImportPreview,
  type AttendanceImportResult,
  type AttendanceStatus,
  type ImportReportRow,
  type ImportTrainee,
  importedStatus,
  isApiError,
  type LiveSession,
} from '@school/contracts';
import { Button, SelectField, useRouteMutation, useSession } from '@school/ui';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';

const STATUS_LABELS: Record<AttendanceStatus, string> = { PRESENT: 'Present', LATE: 'Late', EXCUSED: 'Excused', ABSENT: 'Absent' };
const nameOf = (t: Pick<ImportTrainee, 'first_name' | 'last_name'>) => `${t.first_name} ${t.last_name}`.trim();
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const PROTECTED_LABELS = { EXCUSED: 'excused', SET_BY_HAND: 'set by hand after the session' } as const;

/** Each trainee's total from the rows given to them (matched, or resolved by the facilitator). */
function totals(preview: AttendanceImportPreview, resolved: Record<string, string>) {
  const byTrainee = new Map(preview.trainees.map((t) => [t.id_slug, { minutes: 0, first: null as string | null }]));
  for (const row of preview.rows) {
    const slug = row.trainee_id_slug ?? resolved[row.key];
    const t = slug ? byTrainee.get(slug) : undefined;
    if (!t) continue;
    t.minutes = Math.min(24 * 60, t.minutes + row.minutes);
    if (row.first_join_at && (!t.first || Date.parse(row.first_join_at) < Date.parse(t.first))) t.first = row.first_join_at;
  }
  return byTrainee;
}

/** What the import did, in a sentence: '12 marks imported; 2 rows ignored'. */
export function importNotice(r: AttendanceImportResult, ignored: number): string {
  // In a closed month nothing is imported: each mark waits for a second staff member's approval.
  const parts = r.held
    ? [`${count(r.held, 'mark', 'marks')} held for a second staff member's approval (the month is closed)`]
    : [`${count(r.imported, 'mark', 'marks')} imported`];
  if (ignored) parts.push(`${count(ignored, 'row', 'rows')} ignored`);
  if (r.unchanged) parts.push(`${count(r.unchanged, 'mark', 'marks')} already so`);
  if (r.skipped.length) parts.push(`kept: ${r.skipped.map((s) => `${s.name} (${PROTECTED_LABELS[s.reason]})`).join(', ')}`);
  return `${parts.join('; ')}.`;
}

/**
 * Importing an online session's participant report (Zoom, Google Meet or Microsoft Teams CSV): the
 * file is read and matched on the server, the facilitator resolves the rows that matched no single
 * trainee (or ignores them), sees each trainee's minutes and mark, ticks the excused or hand-set
 * marks to replace, and confirms.
 */
export function AttendanceImport({ cohortId, session }: { cohortId: string; session: LiveSession }) {
  const params = { cohortId, sessionId: session.id_slug };
  const { client } = useSession();
  const notify = useNotify();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<AttendanceImportPreview | null>(null);
  const [resolved, setResolved] = useState<Record<string, string>>({});
  const [replace, setReplace] = useState<string[]>([]);
  const apply = useRouteMutation('adminConfirmAttendanceImport', { invalidates: invalidations.adminConfirmAttendanceImport });

  const reset = () => {
    setPreview(null);
    setResolved({});
    setReplace([]);
    setFile(null);
    setError(null);
  };

  const onRead = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!file) return setError('Choose the participant report (CSV) to import.');
    if (file.size > ATTENDANCE_REPORT_MAX_BYTES) return setError(ATTENDANCE_IMPORT_MESSAGES.tooLarge);
    const form = new FormData();
    form.append('file', file);
    setReading(true);
    try {
      setPreview(await client.upload('adminPreviewAttendanceImport', form, { params }));
      setResolved({});
      setReplace([]);
    } catch (err) {
      setError(isApiError(err) ? err.message : ADMIN_MESSAGES.genericFailure);
    } finally {
      setReading(false);
    }
  };

  const byTrainee = useMemo(
    () => (preview ? totals(preview, resolved) : new Map<string, { minutes: number; first: string | null }>()),
    [preview, resolved],
  );

  if (!preview)
    return (
      <form className="admin-card ui-stack" onSubmit={onRead} aria-label={`Import attendance report for ${session.title}`} noValidate>
        <h4 className="admin-section-title">Import attendance report</h4>
        <p className="ui-muted">
          The participant report of Zoom, Google Meet or Microsoft Teams (CSV). People are matched by email, then by name; minutes present
          decide the mark (present from {session.attendance_threshold_percent}% of the session, late after joining more than 10 minutes in).
        </p>
        <div className="ui-stack">
          <label htmlFor={fileId}>Participant report (CSV)</label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-describedby={error ? `${fileId}-error` : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          {error && (
            <p id={`${fileId}-error`} role="alert">
              {error}
            </p>
          )}
        </div>
        <div>
          <Button type="submit" size="sm" disabled={reading}>
            {reading ? 'Reading the report…' : 'Read the report'}
          </Button>
        </div>
      </form>
    );

  const unmatched = preview.rows.filter((r) => !r.trainee_id_slug);
  const ignored = unmatched.filter((r) => !resolved[r.key]).length;
  const statusOf = (slug: string) => {
    const t = byTrainee.get(slug)!;
    return { ...t, status: importedStatus(t.minutes, t.first, preview.rule) };
  };
  const onConfirm = () =>
    apply.mutate(
      {
        params,
        body: {
          provider: preview.provider,
          marks: preview.trainees.map((t) => ({
            user_id_slug: t.id_slug,
            minutes: byTrainee.get(t.id_slug)!.minutes,
            first_join_at: byTrainee.get(t.id_slug)!.first,
          })),
          replace_user_id_slugs: replace,
        },
      },
      {
        onSuccess: (r) => {
          notify.success(importNotice(r, ignored));
          reset();
        },
        onError: (err) => setError(isApiError(err) ? err.message : ADMIN_MESSAGES.genericFailure),
      },
    );
  const options = (row: ImportReportRow) => [
    { value: '', label: 'Ignore this row' },
    ...preview.trainees
      .filter((t) => row.candidates.length === 0 || row.candidates.includes(t.id_slug))
      .map((t) => ({ value: t.id_slug, label: nameOf(t) })),
  ];

  return (
    <section className="admin-card ui-stack" aria-labelledby={`import-${session.id_slug}`}>
      <h4 id={`import-${session.id_slug}`} className="admin-section-title">
        {preview.provider_label} report: check before importing
      </h4>
      <p className="ui-muted">
        Present from {preview.rule.threshold_minutes} minutes ({preview.rule.threshold_percent}% of {preview.rule.duration_minutes}); late
        when first joined more than {preview.rule.late_after_minutes} minutes after the start; absent below. Trainees not in the report
        count 0 minutes.
      </p>
      {error && <p role="alert">{error}</p>}
      {unmatched.length > 0 && (
        <fieldset className="ui-stack admin-import__resolve">
          <legend>Rows to resolve ({unmatched.length})</legend>
          <p className="ui-muted">These rows match no single trainee. Pick who each one is, or leave it ignored.</p>
          {unmatched.map((row) => (
            <div key={row.key} className="admin-import__row">
              <div>
                <strong>{row.name}</strong>
                {row.email ? ` · ${row.email}` : ''} · {count(row.minutes, 'minute', 'minutes')}
                <div className="admin-sessions__sub">
                  Line {row.line}: {row.problem === 'SEVERAL' ? 'the name of several trainees' : 'matches no trainee'}
                </div>
              </div>
              <SelectField
                label={`Trainee for ${row.name} (line ${row.line})`}
                options={options(row)}
                value={resolved[row.key] ?? ''}
                onChange={(e) => setResolved((r) => ({ ...r, [row.key]: e.target.value }))}
              />
            </div>
          ))}
        </fieldset>
      )}
      {/* On a narrow screen the table scrolls: keyboard users reach the scroll by focusing it (WCAG 2.1.1). */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <section className="admin-import__table" tabIndex={0} aria-label="Marks to import">
        <table className="admin-table">
          <caption>Marks to import</caption>
          <thead>
            <tr>
              <th scope="col">Trainee</th>
              <th scope="col">Minutes</th>
              <th scope="col">Mark</th>
              <th scope="col">Now</th>
            </tr>
          </thead>
          <tbody>
            {preview.trainees.map((t) => {
              const s = statusOf(t.id_slug);
              return (
                <tr key={t.id_slug}>
                  <th scope="row">{nameOf(t)}</th>
                  <td>{s.minutes}</td>
                  <td>{STATUS_LABELS[s.status]}</td>
                  <td>
                    {t.current_status ? STATUS_LABELS[t.current_status] : 'Not marked'}
                    {t.protected && (
                      <label className="admin-sessions__check">
                        <input
                          type="checkbox"
                          checked={replace.includes(t.id_slug)}
                          onChange={(e) =>
                            setReplace((all) => (e.target.checked ? [...all, t.id_slug] : all.filter((x) => x !== t.id_slug)))
                          }
                        />
                        Replace the {PROTECTED_LABELS[t.protected]} mark of {nameOf(t)}
                      </label>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <div className="admin-sessions__actions">
        <Button type="button" onClick={onConfirm} disabled={apply.isPending || preview.trainees.length === 0}>
          Import {count(preview.trainees.length, 'mark', 'marks')}
        </Button>
        <Button type="button" variant="ghost" onClick={reset}>
          Choose another file
        </Button>
      </div>
    </section>
  );
}

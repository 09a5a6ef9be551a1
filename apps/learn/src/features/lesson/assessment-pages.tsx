import { ApiError, gradeDisplayStatus, type ProjectView } from '@school/contracts';
import {
  Button,
  formatDateTime,
  formatFileSize,
  invalidateKeys,
  routeKey,
  routeQueryKey,
  TextField,
  useRouteQuery,
  useSession,
} from '@school/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { retryServerErrors } from '../../lib/retry';
import { fetchWithUploadProgress } from '../../lib/upload-progress';
import { usePageTitle } from '../../lib/use-page-title';
import { ExtensionNotice, extensionText, LateNotice } from './components/deadline-notices';

export const UPLOAD_FAILED_MESSAGE = 'Something went wrong with the file upload... Please try again.';
export const SUBMITTED_MESSAGE = 'Your project has been handed in.';
export const SERVER_UPLOAD_FAILED_MESSAGE =
  'The server could not store your file, so nothing was handed in. Please try again in a moment; if it keeps failing, tell your instructor.';

/** What a failed hand-in says: the API's reason for a refused file, a sentence (never a status code) for a server failure. */
export function uploadErrorText(error: unknown): string {
  if (!error) return '';
  if (!(error instanceof ApiError)) return UPLOAD_FAILED_MESSAGE;
  if (error.status >= 500) return SERVER_UPLOAD_FAILED_MESSAGE;
  return error.errors?.file ?? error.message;
}

/**
 * .../project/{sessionId}: the project's brief, rubric and status, the student's hand-in (its
 * files as the server read them from the zip) and, once released, the grade and feedback.
 * Upload hands the file in (again, until the deadline): a zip or another type the project accepts.
 */
export function ProjectPage() {
  const { cohortId = '', lessonId = '' } = useParams();
  const { client } = useSession();
  const queryClient = useQueryClient();
  const inputs = { params: { cohortId, lessonId } };
  const query = useRouteQuery('projectView', inputs, { select: (r) => r.data, retry: retryServerErrors });
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const upload = useMutation({
    mutationFn: (f: File) => {
      const form = new FormData();
      form.append('file', f);
      setPercent(0);
      return client
        .upload('submitProject', form, { params: { cohortId, lessonId }, fetch: fetchWithUploadProgress(setPercent) })
        .then((r) => r.data);
    },
    onSuccess: (data) => {
      queryClient.setQueryData(routeQueryKey('projectView', inputs), { data });
      // The hand-in completed the project lesson: the lesson menu, class and dashboard figures change.
      void invalidateKeys(queryClient, [
        routeKey('userCourseView', { params: { cohortId } }),
        routeKey('userCohortView', { params: { cohortId } }),
        routeKey('userCohorts'),
      ]);
      setFile(null);
    },
  });
  usePageTitle(query.data ? query.data.lesson_title : 'Project submission');
  if (query.isPending) return <div className="ui-page ui-page--padded ui-page--narrow" aria-busy="true" />;
  if (query.isError)
    return (
      <div className="ui-page ui-page--padded ui-page--narrow">
        <p role="alert">This content is not available right now.</p>
      </div>
    );
  const p: ProjectView = query.data;
  const item = p.grade_item;
  const error = uploadErrorText(upload.error);
  return (
    <div className="ui-page ui-page--padded ui-page--narrow">
      <p className="learn-eyebrow">Project submission</p>
      <h1>{p.lesson_title}</h1>
      <dl className="learn-grade__facts">
        <div>
          <dt>Weight</dt>
          <dd>
            {item.grade_percentage}%{item.is_mandatory ? ' (mandatory)' : ''}
          </dd>
        </div>
        <div>
          <dt>Deadline</dt>
          <dd>{item.deadline_datetime ? formatDateTime(item.deadline_datetime) : 'None'}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{gradeDisplayStatus({ user_submission_status: item.user_submission_status, cohort_grade_info: item })}</dd>
        </div>
      </dl>
      <ExtensionNotice text={extensionText(item.extension, item.deadline_datetime, item.late_deadline_datetime)} />
      {p.project.instructions && <p className="learn-prewrap">{p.project.instructions}</p>}
      {p.project.instructions_files.length > 0 && (
        <ul>
          {p.project.instructions_files.map((f) => (
            <li key={f.url}>
              <a href={f.url}>{f.name}</a>
            </li>
          ))}
        </ul>
      )}
      {p.project.rubric.length > 0 && (
        <section aria-label="Rubric">
          <h2>Rubric</h2>
          <ul>
            {p.project.rubric.map((c) => (
              <li key={c.id}>
                <strong>{c.title}</strong>: {c.levels.map((l) => `${l.title} (${l.points})`).join(', ')}
                {c.levels.some((l) => l.description) && (
                  <ul>
                    {c.levels
                      .filter((l) => l.description)
                      .map((l, i) => (
                        <li key={i}>
                          {l.title}: {l.description}
                        </li>
                      ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {p.submission && (
        <section aria-label="Your submission">
          <h2>Your submission</h2>
          <p>
            <a href={p.submission.download_url}>{p.submission.file_name}</a> ({formatFileSize(p.submission.size_bytes)}), handed in{' '}
            {formatDateTime(p.submission.submitted_at)}
            {p.submission.is_late ? ' (late)' : ''}
          </p>
          <ul className="learn-files">
            {p.submission.files.map((f) => (
              <li key={f.path}>
                {f.path} <span className="ui-muted">({formatFileSize(f.size)})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {p.result && (
        <section aria-label="Result">
          <h2>Result</h2>
          <p>
            Grade: {p.result.user_grade === null ? '-' : `${p.result.user_grade}%`}
            {p.result.set_by_hand && ' (grade set by your instructor)'}
            {!p.result.set_by_hand && p.result.original_grade !== null && p.result.original_grade !== p.result.user_grade
              ? ` (${p.result.original_grade}% before the late penalty: ${p.result.days_late} ${p.result.days_late === 1 ? 'day' : 'days'} late)`
              : ''}
          </p>
          {p.result.rubric_scores.map((s) => {
            const c = p.project.rubric.find((r) => r.id === s.criterion_id);
            return (
              <p key={s.criterion_id}>
                <strong>{c?.title ?? s.criterion_id}</strong>: {c?.levels[s.level_index]?.title ?? ''}
                {s.comment ? ` - ${s.comment}` : ''}
              </p>
            );
          })}
          {p.result.feedback && <p className="learn-prewrap">{p.result.feedback}</p>}
        </section>
      )}
      {!item.can_submit && item.submission_status === 'NOT_OPEN' && (
        <output className="learn-notice">
          {item.open_datetime ? `Hand-ins open on ${formatDateTime(item.open_datetime)}.` : 'Hand-ins are not open yet.'}
        </output>
      )}
      {item.can_submit && (
        <form
          className="ui-stack ui-stack--loose"
          onSubmit={(e) => {
            e.preventDefault();
            if (file) upload.mutate(file);
          }}
        >
          <TextField
            label={`Project file (${p.project.accepted_types.join(', ')})`}
            type="file"
            accept={p.project.accepted_types.join(',')}
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              // Another file is another try: the last failure no longer applies.
              upload.reset();
            }}
          />
          <p className="ui-muted">At most {formatFileSize(p.project.max_size_bytes)}.</p>
          {item.submit_is_late && <LateNotice policy={item.late_policy} />}
          {file && <p className="ui-muted">Selected: {file.name}</p>}
          {upload.isPending && (
            <p className="ui-muted">
              <progress aria-label="Uploading" max={100} value={percent} /> {percent}%
            </p>
          )}
          <div>
            <Button type="submit" disabled={!file || upload.isPending}>
              Upload
            </Button>
          </div>
        </form>
      )}
      <output className={upload.isSuccess || error ? 'learn-notice' : 'learn-live'}>
        {error || (upload.isSuccess ? SUBMITTED_MESSAGE : '')}
      </output>
    </div>
  );
}

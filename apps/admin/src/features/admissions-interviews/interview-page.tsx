import { type InterviewDetail, isApiError } from '@school/contracts';
import { Button, routeKey, routeQueryKey, TextAreaField, TextField, useRouteMutation, useRouteQuery, useSession } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { DeclarationForm } from '../../components/admissions/declaration-form';
import { InterviewFacts, InterviewScores } from '../../components/admissions/interview-summary';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { useNotify } from '../../lib/notice';
import { gradingRoot, interviewPaths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import '../../components/admissions/admissions.css';
import './admissions-interviews.css';

export const INTERVIEW_SCORED_MESSAGE = 'Interview scores saved';
export const NO_SHOW_RECORDED_MESSAGE = 'No-show recorded';

/**
 * /admin/interviews/:id and /instructor/interviews/:id: one applicant's interview, the panel member's
 * score form and the no-show. A panel member first declares whether they have a conflict of
 * interest with the applicant (admins read every interview; on a panel they declare before scoring).
 */
export function InterviewPage() {
  const { id = '' } = useParams();
  const root = gradingRoot(useLocation().pathname);
  const { user } = useSession();
  const admin = user?.role === 'ADMIN';
  const declaration = useRouteQuery(
    'admissionsInterviewDeclaration',
    { params: { applicationId: id } },
    { select: (r) => r.data, retry: false, enabled: !admin },
  );
  const back = interviewPaths(root).list;
  if (!admin && !declaration.data?.declared)
    return (
      <div className="ui-page ui-page--narrow ui-stack ui-stack--loose">
        <PageHeader title="Interview" back={{ to: back, label: 'My interviews' }} />
        <QueryView query={declaration} label="the interview" homePath={back}>
          {(d) => <DeclarationForm kind="interview" applicationId={id} applicantName={d.applicant_name} queuePath={back} />}
        </QueryView>
      </div>
    );
  return <Interview id={id} back={back} />;
}

function Interview({ id, back }: { id: string; back: string }) {
  const query = useRouteQuery('admissionsInterview', { params: { applicationId: id } }, { select: (r) => r.data });
  return (
    <QueryView query={query} label="the interview" homePath={back}>
      {(d) => <InterviewView detail={d} back={back} />}
    </QueryView>
  );
}

function InterviewView({ detail, back }: { detail: InterviewDetail; back: string }) {
  usePageTitle(`Interview: ${detail.application.full_name}`);
  const { user } = useSession();
  const mine = detail.scores.find((s) => s.interviewer.id_slug === user?.id_slug);
  // The moment the page opened: a no-show is offered once the interview has started (the API checks again).
  const [openedAt] = useState(() => Date.now());
  const started = detail.booking ? new Date(detail.booking.slot.starts_at).getTime() <= openedAt : false;
  return (
    <div className="ui-page ui-page--narrow ui-stack ui-stack--loose">
      <PageHeader
        title={`Interview: ${detail.application.full_name}`}
        subtitle={`${detail.application.course} · ${detail.application.intake}`}
        back={{ to: back, label: 'My interviews' }}
      />
      <section className="admin-card ui-stack" aria-labelledby="interview-facts-title">
        <h2 id="interview-facts-title" className="admin-section-title">
          Booking
        </h2>
        <InterviewFacts detail={detail} />
        {detail.booking && !detail.booking.no_show_at && detail.application.status === 'SHORTLISTED' && (
          <NoShow applicationId={detail.application.id_slug} started={started} />
        )}
      </section>
      {detail.on_panel && (
        <section className="admin-card ui-stack" aria-labelledby="interview-score-title">
          <h2 id="interview-score-title" className="admin-section-title">
            Your scores
          </h2>
          {!detail.declared ? (
            <DeclarationForm
              kind="interview"
              applicationId={detail.application.id_slug}
              applicantName={detail.application.full_name}
              queuePath={back}
            />
          ) : detail.can_score ? (
            <ScoreForm key={mine?.submitted_at ?? 'new'} detail={detail} />
          ) : (
            <p className="admin-admissions-note">
              {detail.rubric.length === 0
                ? 'This intake has no interview rubric yet: an admin defines it before interviewers score.'
                : 'Scoring is closed for this interview.'}
            </p>
          )}
        </section>
      )}
      {detail.scores.length > 0 && (
        <section className="admin-card ui-stack" aria-labelledby="interview-scores-title">
          <h2 id="interview-scores-title" className="admin-section-title">
            Scores
          </h2>
          <InterviewScores detail={detail} />
        </section>
      )}
    </div>
  );
}

function ScoreForm({ detail }: { detail: InterviewDetail }) {
  const notify = useNotify();
  const { user } = useSession();
  const mine = detail.scores.find((s) => s.interviewer.id_slug === user?.id_slug);
  const [points, setPoints] = useState<Record<string, string>>(() =>
    Object.fromEntries(detail.rubric.map((c) => [c.id, mine ? String(mine.scores[c.id] ?? '') : ''])),
  );
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const params = { applicationId: detail.application.id_slug };
  const save = useRouteMutation('admissionsScoreInterview', {
    invalidates: () => [routeKey('admissionsMyInterviews')],
    onSuccess: (answer, _v, qc) => {
      qc.setQueryData(routeQueryKey('admissionsInterview', { params }), answer);
      notify.success(INTERVIEW_SCORED_MESSAGE);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const missing = detail.rubric.filter((c) => points[c.id] === '');
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((c) => [`scores.${c.id}`, 'Give this criterion its points'])));
      setFailure('Score every criterion.');
      return;
    }
    save.mutate(
      { params, body: { scores: Object.fromEntries(detail.rubric.map((c) => [c.id, Number(points[c.id])])), comment } },
      {
        onSuccess: () => setErrors({}),
        onError: (error) => {
          setErrors(isApiError(error) ? (error.errors ?? {}) : {});
          setFailure(isApiError(error) ? error.message : 'Your scores could not be saved. Please try again.');
        },
      },
    );
  };
  const total = detail.rubric.reduce((n, c) => n + (Number(points[c.id]) || 0), 0);
  return (
    <form className="ui-stack" onSubmit={submit} noValidate>
      {detail.rubric.map((c) => (
        <TextField
          key={c.id}
          label={`${c.title} (0 to ${c.max_points})`}
          type="number"
          min={0}
          max={c.max_points}
          value={points[c.id]}
          onChange={(e) => setPoints((p) => ({ ...p, [c.id]: e.target.value }))}
          error={errors[`scores.${c.id}`]}
          required
        />
      ))}
      <p className="admin-interviews__score-total">
        Total: {total} of {detail.max_total}
      </p>
      <TextAreaField label="Comment" value={comment} onChange={(e) => setComment(e.target.value)} rows={4} />
      {failure && (
        <p className="admin-admissions-alert" role="alert">
          {failure}
        </p>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {detail.scores.some((s) => s.interviewer.id_slug === user?.id_slug) ? 'Update my scores' : 'Submit my scores'}
        </Button>
      </div>
    </form>
  );
}

function NoShow({ applicationId, started }: { applicationId: string; started: boolean }) {
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const params = { applicationId };
  const record = useRouteMutation('admissionsInterviewNoShow', {
    invalidates: () => [routeKey('admissionsMyInterviews'), routeKey('admissionsInterviewSlots')],
    onSuccess: (answer, _v, qc) => {
      qc.setQueryData(routeQueryKey('admissionsInterview', { params }), answer);
      notify.success(NO_SHOW_RECORDED_MESSAGE);
    },
  });
  if (!started) return <p className="ui-muted ui-muted--small">A no-show can be recorded once the interview’s time has come.</p>;
  return (
    <div className="ui-stack">
      {failure && (
        <p className="admin-admissions-alert" role="alert">
          {failure}
        </p>
      )}
      {confirming ? (
        <div className="admin-interviews__actions">
          <Button
            variant="danger"
            disabled={record.isPending}
            onClick={() =>
              record.mutate(
                { params },
                { onError: (e) => setFailure(isApiError(e) ? e.message : 'The no-show could not be recorded. Please try again.') },
              )
            }
          >
            Yes, the applicant did not come
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Record a no-show
          </Button>
        </div>
      )}
    </div>
  );
}

import { type AdmissionDetail, isApiError, type MyScoreResponse, SCORE_FINAL_MESSAGE } from '@school/contracts';
import {
  Button,
  cx,
  ErrorView,
  formatDateTime,
  LoadingIndicator,
  routeKey,
  routeQueryKey,
  TextAreaField,
  useRouteMutation,
  useRouteQuery,
} from '@school/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { applicationTitle } from '../../components/admissions/reference';
import { formatScore } from '../../components/admissions/scores';
import { PageHeader } from '../../components/page-header';
import { LoadError } from '../../components/query-view';
import { useNotify } from '../../lib/notice';
import { gradingRoot, reviewPaths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { DeclarationForm } from '../../components/admissions/declaration-form';
import { HIDDEN_TEXT, isHidden, REVIEW_GROUPS } from './review-fields';
import '../../components/admissions/admissions.css';
import './admissions-review.css';

export const SCORES_SUBMITTED_MESSAGE = 'Your scores are submitted.';
export const NO_RUBRIC_TEXT = 'This intake has no rubric yet: an admin defines it before reviewers score.';
export const SCORING_CLOSED_TEXT = 'Scoring is closed for this application.';
export const CHOOSE_LEVEL_MESSAGE = 'Choose a level from 1 to 5';
const LEVELS = [1, 2, 3, 4, 5] as const;

type MyScore = MyScoreResponse['data'];

/**
 * /admin/reviews/:id and /instructor/reviews/:id: the reviewer first declares whether they have a
 * conflict of interest with the applicant; then the assigned application, as blind review lets
 * its reviewer see it, and their scores.
 */
export function ReviewPage() {
  const { id = '' } = useParams();
  const root = gradingRoot(useLocation().pathname);
  const to = reviewPaths(root);
  const declaration = useRouteQuery(
    'admissionsReviewDeclaration',
    { params: { applicationId: id } },
    { select: (r) => r.data, retry: false },
  );
  if (declaration.data?.declared) return <Review id={id} root={root} />;
  return (
    <div className={cx('ui-page ui-stack ui-stack--loose admin-review', root === '/instructor' && 'admin-review-page--instructor')}>
      <DeclarationTitle id={id} />
      <PageHeader title={applicationTitle(id)} back={{ to: to.queue, label: 'Reviews' }} />
      <Loaded query={declaration} label="the application" home={to.queue}>
        {(d) => <DeclarationForm applicationId={id} applicantName={d.applicant_name} queuePath={to.queue} />}
      </Loaded>
    </div>
  );
}

function DeclarationTitle({ id }: { id: string }) {
  usePageTitle(`Review · ${applicationTitle(id)}`);
  return null;
}

function Review({ id, root }: { id: string; root: ReturnType<typeof gradingRoot> }) {
  const to = reviewPaths(root);
  const params = { applicationId: id };
  // Document links are signed for minutes only, and what is hidden changes with the scores: never kept.
  const detail = useRouteQuery('admissionsDetail', { params }, { select: (r) => r.data, staleTime: 0, gcTime: 0, retry: false });
  // The applicant's name once blind review shows it, else the application's short reference.
  const title = applicationTitle(id, detail.data?.application.full_name);
  usePageTitle(`Review · ${title}`);
  const mine = useRouteQuery('admissionsMyScore', { params }, { select: (r) => r.data, retry: false });
  return (
    <div className={cx('ui-page ui-stack ui-stack--loose admin-review', root === '/instructor' && 'admin-review-page--instructor')}>
      <PageHeader
        title={title}
        subtitle={detail.data ? `${detail.data.application.course} · ${detail.data.intake}` : undefined}
        back={{ to: to.queue, label: 'Reviews' }}
      />
      <Loaded query={mine} label="your scores" home={to.queue}>
        {(score) => (
          <Loaded query={detail} label="the application" home={to.queue}>
            {(d) => (
              <div className="admin-review__layout">
                <ApplicationView detail={d} />
                <ScoresPanel id={id} score={score} />
              </div>
            )}
          </Loaded>
        )}
      </Loaded>
    </div>
  );
}

/** A read's data, its loading state, or why it failed: a 403 or 409 says it in the API's words. */
function Loaded<T>({
  query,
  label,
  home,
  children,
}: {
  query: UseQueryResult<T>;
  label: string;
  home: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingIndicator />;
  if (query.isError) {
    const e = query.error;
    if (isApiError(e) && e.status === 404) return <ErrorView homePath={home} />;
    if (isApiError(e) && (e.status === 403 || e.status === 409))
      return (
        <p role="alert" className="admin-admissions-alert">
          {e.message}
        </p>
      );
    return <LoadError label={label} onRetry={() => query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}

function ApplicationView({ detail }: { detail: AdmissionDetail }) {
  const a = detail.application;
  const blind = detail.hidden_fields.length > 0;
  return (
    <section className="ui-stack admin-review__application" aria-labelledby="admin-review-application">
      <h2 id="admin-review-application" className="admin-section-title">
        Application
      </h2>
      {blind && (
        <p className="admin-admissions-note" role="note">
          Blind review: who the applicant is (name, age, gender, ethnicity, marital status, contact details and documents) is hidden until
          you submit your scores.
        </p>
      )}
      {REVIEW_GROUPS.map((group) => {
        const hidden = group.fields.map((field) => isHidden(field, detail));
        return (
          <section key={group.title} className="admin-review__group" aria-label={group.title}>
            <h3 className="admin-subtitle">{group.title}</h3>
            {hidden.every(Boolean) ? (
              <p className="admin-review__hidden">{HIDDEN_TEXT}</p>
            ) : (
              <dl>
                {group.fields.map((field, i) => {
                  const value = hidden[i] ? null : field.value(a);
                  return (
                    <div key={field.label}>
                      <dt>{field.label}</dt>
                      <dd>
                        {hidden[i] ? (
                          <span className="admin-review__hidden">{HIDDEN_TEXT}</span>
                        ) : field.link && value ? (
                          <a href={value} target="_blank" rel="noreferrer">
                            Open {field.label.toLowerCase()}
                          </a>
                        ) : (
                          value || '–'
                        )}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            )}
          </section>
        );
      })}
    </section>
  );
}

function ScoresPanel({ id, score }: { id: string; score: MyScore }) {
  const [editing, setEditing] = useState(false);
  let body: ReactNode;
  if (score.rubric.length === 0) body = <p className="admin-admissions-note">{NO_RUBRIC_TEXT}</p>;
  // A submitted score is final (the reviewer has seen the applicant since); only an admin's reopening lets it change.
  else if (score.score && !editing)
    body = <SubmittedScores score={score} onChange={score.can_score && score.score.reopened_at ? () => setEditing(true) : undefined} />;
  else if (!score.can_score) body = <p className="admin-admissions-note">{SCORING_CLOSED_TEXT}</p>;
  else
    body = (
      <ScoreForm id={id} score={score} onDone={() => setEditing(false)} onCancel={score.score ? () => setEditing(false) : undefined} />
    );
  return (
    <section className="ui-stack admin-review__scores" aria-labelledby="admin-review-scores">
      <h2 id="admin-review-scores" className="admin-section-title">
        Your scores
      </h2>
      {body}
    </section>
  );
}

function SubmittedScores({ score, onChange }: { score: MyScore; onChange?: () => void }) {
  const s = score.score!;
  return (
    <div className="ui-stack">
      <p className="ui-muted">
        Submitted {formatDateTime(s.submitted_at)} · weighted score <strong>{formatScore(s.weighted)}</strong> of 5
      </p>
      <dl className="admin-review__given">
        {score.rubric.map((c) => {
          const level = s.scores[c.id];
          return (
            <div key={c.id}>
              <dt>{c.title}</dt>
              <dd>
                <strong>{level ?? '–'}</strong>
                {level ? ` – ${c.levels[level - 1]}` : ''}
              </dd>
            </div>
          );
        })}
        <div>
          <dt>Comment</dt>
          <dd className="admin-review__comment">{s.comment || '–'}</dd>
        </div>
      </dl>
      {s.reopened_at ? (
        <p className="admin-admissions-note" role="note">
          An admin reopened your scores on {formatDateTime(s.reopened_at)}: you may score this application again.
        </p>
      ) : (
        <p className="admin-admissions-note" role="note">
          {SCORE_FINAL_MESSAGE}
        </p>
      )}
      {onChange && (
        <p>
          <Button variant="secondary" onClick={onChange}>
            Score again
          </Button>
        </p>
      )}
    </div>
  );
}

function ScoreForm({ id, score, onDone, onCancel }: { id: string; score: MyScore; onDone: () => void; onCancel?: () => void }) {
  const notify = useNotify();
  const [levels, setLevels] = useState<Record<string, number>>(() => ({ ...(score.score?.scores ?? {}) }));
  const [comment, setComment] = useState(score.score?.comment ?? '');
  const [missing, setMissing] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const formId = useId();
  const params = { applicationId: id };
  const submit = useRouteMutation('admissionsSubmitScore', {
    // Scoring reveals the blind fields: the application is read again, as are the queue and the ranking.
    invalidates: () => [
      routeKey('admissionsDetail', { params }),
      routeKey('admissionsReviewQueue'),
      routeKey('admissionsRanking'),
      routeKey('admissionsScores', { params }),
    ],
    onSuccess: (answer, _v, qc) => qc.setQueryData(routeQueryKey('admissionsMyScore', { params }), answer),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const unscored = score.rubric.filter((c) => !levels[c.id]).map((c) => c.id);
    setMissing(unscored);
    setFailure(null);
    if (unscored.length) {
      setFailure(`Score every criterion: ${unscored.length} ${unscored.length === 1 ? 'is' : 'are'} still without a level.`);
      return;
    }
    const scores = Object.fromEntries(score.rubric.map((c) => [c.id, levels[c.id]]));
    submit.mutate(
      { params, body: { scores, comment } },
      {
        onSuccess: () => {
          notify.success(SCORES_SUBMITTED_MESSAGE);
          onDone();
        },
        onError: (error) => setFailure(isApiError(error) ? error.message : 'Your scores could not be saved. Please try again.'),
      },
    );
  };

  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate aria-label="Score the application">
      <p className="ui-muted">Choose a level from 1 (lowest) to 5 (highest) for each criterion.</p>
      {score.rubric.map((c) => {
        const invalid = missing.includes(c.id) && !levels[c.id];
        const errorId = `${formId}-${c.id}-error`;
        return (
          <fieldset
            key={c.id}
            className="admin-admissions-criterion"
            aria-describedby={invalid ? errorId : undefined}
            aria-invalid={invalid || undefined}
          >
            <legend className="admin-review__legend">
              {c.title} <span className="ui-muted ui-muted--small">(weight {c.weight})</span>
            </legend>
            {c.description && <p className="ui-muted admin-review__description">{c.description}</p>}
            <div className="admin-review__levels">
              {LEVELS.map((level) => (
                <label key={level} className="admin-review__level">
                  <input
                    type="radio"
                    name={`${formId}-${c.id}`}
                    value={level}
                    checked={levels[c.id] === level}
                    onChange={() => setLevels((l) => ({ ...l, [c.id]: level }))}
                  />
                  <span>
                    <strong>{level}</strong> {c.levels[level - 1]}
                  </span>
                </label>
              ))}
            </div>
            {invalid && (
              <p id={errorId} className="ui-field__error">
                {CHOOSE_LEVEL_MESSAGE}
              </p>
            )}
          </fieldset>
        );
      })}
      <TextAreaField
        label="Comment"
        rows={5}
        maxLength={5000}
        value={comment}
        hint="Read by the admins who decide."
        onChange={(e) => setComment(e.target.value)}
      />
      {failure && (
        <p role="alert" className="admin-admissions-alert">
          {failure}
        </p>
      )}
      <div className="admin-form__actions">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={submit.isPending}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={submit.isPending}>
          {submit.isPending ? 'Submitting...' : 'Submit scores'}
        </Button>
      </div>
    </form>
  );
}

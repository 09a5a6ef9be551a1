import {
  ADMISSION_DECISIONS,
  type AdmissionDetail,
  APPLICATION_STATUS_LABELS,
  canMove,
  type ApplicationScoresResponse,
  REOPEN_REASON_MESSAGE,
  type Transition,
} from '@school/contracts';
import {
  Button,
  formatDate,
  formatDateTime,
  LoadingIndicator,
  Modal,
  TextAreaField,
  useConfirm,
  useRouteMutation,
  useRouteQuery,
} from '@school/ui';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { applicationsChanged } from '../../components/admissions/application-keys';
import { InterviewSummary } from '../../components/admissions/interview-summary';
import { formatScore } from '../../components/admissions/scores';
import { PageHeader } from '../../components/page-header';
import { LoadError, QueryView } from '../../components/query-view';
import { errorMessage, fieldError } from '../../lib/api-errors';
import { useNotify } from '../../lib/notice';
import { paths } from '../../lib/paths';
import { formatMalaysiaTime } from '../../lib/school-time';
import { usePageTitle } from '../../lib/use-page-title';
import { DETAIL_GROUPS } from './application-fields';
import { Conflicts } from './components/conflicts';
import { ExtendOfferDialog } from './components/extend-offer-dialog';
import { type PipelineAction, PipelineActions } from './components/pipeline-actions';
import { ReopenScreeningForm } from './components/reopen-screening-form';
import { ScreeningDetails } from './components/screening-details';
import { ScreeningForm } from './components/screening-form';
import { screeningLabel, viewPlace } from './pipeline-labels';
import './admissions-pipeline.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-card ui-stack admin-pipeline-section" aria-labelledby={id}>
      <h2 id={id} className="admin-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A list of terms and their values. */
function Facts({ items }: { items: [term: string, value: ReactNode][] }) {
  return (
    <dl className="admin-pipeline-facts">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const person = (p: { first_name: string; last_name: string } | null, none: string) => (p ? `${p.first_name} ${p.last_name}`.trim() : none);

/** Which actions an application's state allows: reviewers while screened eligible or in review, and each legal decision. */
function allowedFor(d: AdmissionDetail) {
  const status = d.application.status;
  // The page screens through its own form (with a reason when not eligible).
  return (action: PipelineAction) =>
    action === 'SCREEN'
      ? false
      : action === 'ASSIGN'
        ? status === 'IN_REVIEW' || (status === 'SCREENED' && d.screening?.eligible !== false)
        : canMove(status, ADMISSION_DECISIONS[action]);
}

type Reviewer = { id_slug: string; first_name: string; last_name: string; scored_at: string | null };
type Scores = ApplicationScoresResponse['data'];
/** Scores may be reopened while reviewers may still score (the API's SCORING_STATUSES). */
const REOPENABLE = new Set(['IN_REVIEW', 'SHORTLISTED']);

function Reviewers({ detail, scores }: { detail: AdmissionDetail; scores: Scores | undefined }) {
  const id = detail.application.id_slug;
  const notify = useNotify();
  const { confirm, dialog } = useConfirm();
  const [reopening, setReopening] = useState<Reviewer | null>(null);
  const reviewers = detail.reviewers ?? [];
  const remove = useRouteMutation('admissionsUnassignReviewer', { invalidates: () => applicationsChanged([id]) });

  const onRemove = async (reviewer: Reviewer) => {
    const name = person(reviewer, '');
    const ok = await confirm({
      title: 'Remove reviewer',
      message: reviewer.scored_at
        ? `Remove ${name}? Their scores of this application are removed too.`
        : `Remove ${name} from this application?`,
      confirmLabel: 'Remove',
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate(
      { params: { applicationId: id }, body: { reviewer_id: reviewer.id_slug } },
      {
        onSuccess: () => notify.success(`${name} no longer reviews this application.`),
        onError: (e) => notify.error(errorMessage(e)),
      },
    );
  };

  return (
    <>
      {reviewers.length === 0 ? (
        <p className="ui-muted ui-muted--small">No reviewer is assigned yet.</p>
      ) : (
        <ul className="ui-plain-list admin-pipeline-reviewers">
          {reviewers.map((r) => {
            const review = scores?.reviews.find((x) => x.reviewer.id_slug === r.id_slug);
            return (
              <li key={r.id_slug} className="admin-pipeline-reviewers__item">
                <span>
                  <span className="admin-table__title">{person(r, '')}</span>
                  <span className="admin-table__sub">
                    {r.scored_at ? `Scored on ${formatDateTime(r.scored_at)}` : 'Not scored yet'}
                    {review && ` · weighted score ${formatScore(review.weighted)}`}
                    {review?.reopened_at && ` · reopened on ${formatDateTime(review.reopened_at)}, waiting for a new score`}
                  </span>
                </span>
                <span className="admin-pipeline-reviewers__actions">
                  {review && !review.reopened_at && REOPENABLE.has(detail.application.status) && (
                    <Button size="sm" variant="ghost" onClick={() => setReopening(r)} aria-label={`Reopen score of ${person(r, '')}`}>
                      Reopen score
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" onClick={() => onRemove(r)} aria-label={`Remove ${person(r, '')}`}>
                    Remove
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <ReopenDialog applicationId={id} reviewer={reopening} onClose={() => setReopening(null)} />
      {dialog}
    </>
  );
}

/** An admin reopens a reviewer's final score, with the reason the API records. */
function ReopenDialog({ applicationId, reviewer, onClose }: { applicationId: string; reviewer: Reviewer | null; onClose: () => void }) {
  const notify = useNotify();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reopen = useRouteMutation('admissionsReopenScore', { invalidates: () => applicationsChanged([applicationId]) });
  const close = () => {
    setReason('');
    setMissing(false);
    reopen.reset();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reviewer) return;
    setMissing(!reason.trim());
    if (!reason.trim()) return;
    reopen.mutate(
      { params: { applicationId }, body: { reviewer_id: reviewer.id_slug, reason: reason.trim() } },
      {
        onSuccess: () => {
          notify.success(`The score of ${person(reviewer, '')} is reopened: they may score this application again.`);
          close();
        },
      },
    );
  };
  const apiError = reopen.isError ? reopen.error : null;
  return (
    <Modal
      open={reviewer !== null}
      onClose={close}
      title="Reopen score"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={reopen.isPending}>
            {reopen.isPending ? 'Saving...' : 'Reopen'}
          </Button>
        </>
      }
    >
      <form id={formId} className="admin-form" noValidate onSubmit={submit}>
        <p className="ui-muted ui-muted--small">
          {reviewer ? person(reviewer, '') : ''} may then score this application again. The reopening and any change of score are kept on
          this page.
        </p>
        <TextAreaField
          label="Reason"
          required
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={(missing ? REOPEN_REASON_MESSAGE : undefined) ?? fieldError(apiError, 'reason')}
        />
        {apiError && !fieldError(apiError, 'reason') && (
          <p role="alert" className="admin-admissions-alert">
            {errorMessage(apiError)}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** Reopenings and changes of scores, oldest first: who, when, why, and the old and new score. */
function ScoreHistory({ history }: { history: Scores['history'] }) {
  if (history.length === 0) return null;
  return (
    <div className="ui-stack">
      <h3 className="admin-subtitle">Reopened and changed scores</h3>
      <ol className="ui-plain-list admin-pipeline-timeline" aria-label="Reopened and changed scores">
        {history.map((h, i) => (
          <li key={`${h.at}-${i}`} className="admin-pipeline-timeline__item">
            <span className="admin-table__title">
              {h.kind === 'REOPENED'
                ? `Score of ${person(h.reviewer, 'a former reviewer')} reopened (was ${formatScore(h.old_weighted)})`
                : `${person(h.reviewer, 'A former reviewer')} changed their score from ${formatScore(h.old_weighted)} to ${formatScore(h.new_weighted)}`}
            </span>
            <span className="admin-table__sub">
              {person(h.actor, 'A former staff member')} · <time dateTime={h.at}>{formatDateTime(h.at)}</time>
            </span>
            {h.reason && <span className="admin-pipeline-timeline__reason">{h.reason}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}

function Timeline({ applicationId }: { applicationId: string }) {
  const timeline = useRouteQuery('admissionsTimeline', { params: { applicationId } }, { select: (r) => r.data });
  if (timeline.isPending) return <LoadingIndicator />;
  if (timeline.isError) return <LoadError label="the timeline" onRetry={() => timeline.refetch()} />;
  const step = (t: Transition) =>
    t.from_status
      ? `${APPLICATION_STATUS_LABELS[t.from_status]} → ${APPLICATION_STATUS_LABELS[t.to_status]}`
      : APPLICATION_STATUS_LABELS[t.to_status];
  return (
    <ol className="ui-plain-list admin-pipeline-timeline">
      {timeline.data.map((t, i) => (
        <li key={`${t.at}-${i}`} className="admin-pipeline-timeline__item">
          <span className="admin-table__title">{step(t)}</span>
          <span className="admin-table__sub">
            {person(t.actor, 'Applicant or system')} · <time dateTime={t.at}>{formatDateTime(t.at)}</time>
          </span>
          {t.reason && <span className="admin-pipeline-timeline__reason">{t.reason}</span>}
        </li>
      ))}
    </ol>
  );
}

function Views({ applicationId }: { applicationId: string }) {
  const views = useRouteQuery('admissionsViews', { params: { applicationId } }, { select: (r) => r.data });
  if (views.isPending) return <LoadingIndicator />;
  if (views.isError) return <LoadError label="the audit log" onRetry={() => views.refetch()} />;
  if (views.data.length === 0) return <p className="ui-muted ui-muted--small">No one has viewed this application yet.</p>;
  return (
    <div className="admin-pipeline-table">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Who</th>
            <th scope="col">Seen in</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {views.data.map((v, i) => (
            <tr key={`${v.at}-${i}`}>
              <td data-label="Who">
                {v.viewer ? (
                  <>
                    <span>{person(v.viewer, '')}</span>
                    <span className="admin-table__sub">{v.viewer.role === 'ADMIN' ? 'Admin' : 'Instructor'}</span>
                  </>
                ) : (
                  'Applicant (private link)'
                )}
              </td>
              <td data-label="Seen in">{viewPlace(v.call)}</td>
              <td data-label="When">{formatDateTime(v.at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The offer's cohort and dates, its accept-by moment in Malaysia time (as the applicant reads it), and while open, more time. */
function Offer({ detail, offer }: { detail: AdmissionDetail; offer: NonNullable<AdmissionDetail['offer']> }) {
  const [extending, setExtending] = useState(false);
  const open = detail.application.status === 'OFFERED';
  return (
    <Section title="Offer">
      <Facts
        items={[
          ['Cohort', offer.cohort_title],
          ['Cohort dates', `${formatDate(offer.start_date)} – ${formatDate(offer.end_date)}`],
          ['Accept by', formatMalaysiaTime(offer.accept_by)],
          ['Offered', formatDateTime(offer.offered_at)],
        ]}
      />
      {open && (
        <div>
          <Button variant="secondary" onClick={() => setExtending(true)}>
            Extend accept-by
          </Button>
          <ExtendOfferDialog
            applicationId={detail.application.id_slug}
            acceptBy={offer.accept_by}
            open={extending}
            onClose={() => setExtending(false)}
          />
        </div>
      )}
    </Section>
  );
}

function ApplicationView({ detail }: { detail: AdmissionDetail }) {
  const a = detail.application;
  usePageTitle(a.full_name ?? 'Application');
  const screening = detail.screening;
  const score = detail.score;
  const allowed = allowedFor(detail);
  const scores = useRouteQuery('admissionsScores', { params: { applicationId: a.id_slug } }, { select: (r) => r.data });
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader
        title={a.full_name ?? 'Application'}
        subtitle={`${a.course} · ${detail.intake} · submitted ${formatDateTime(a.created_date)}`}
        back={{ to: paths.applications, label: 'Applications' }}
      />
      <Section title="Status">
        <Facts
          items={[
            ['Status', APPLICATION_STATUS_LABELS[a.status]],
            ['Since', formatDateTime(detail.status_changed_at)],
          ]}
        />
        {detail.anonymised_at && (
          <p role="note" className="admin-admissions-alert">
            Personal data erased on {formatDateTime(detail.anonymised_at)}: the answers, name, email, phones, date of birth and documents
            are gone; the reference, state and dates stay for the figures.
          </p>
        )}
        <PipelineActions
          ids={[a.id_slug]}
          track={{ intake: detail.intake, course: a.course }}
          label="Actions on this application"
          allowed={allowed}
        />
      </Section>
      <div className="admin-pipeline-columns">
        <Section title="Screening">
          {screening && <ScreeningDetails screening={screening} intake={detail.intake} />}
          <Facts
            items={[
              ['Confirmation', screening ? screeningLabel(screening.eligible) : '–'],
              ...(screening?.confirmed_at ? ([['Confirmed', formatDateTime(screening.confirmed_at)]] as [string, ReactNode][]) : []),
              ...(screening?.reason ? ([['Reason', screening.reason]] as [string, ReactNode][]) : []),
            ]}
          />
          {a.status === 'SUBMITTED' && <ScreeningForm applicationId={a.id_slug} />}
          {(a.status === 'SCREENED' || (a.status === 'REJECTED' && screening?.eligible === false)) && (
            <ReopenScreeningForm key={a.status} applicationId={a.id_slug} />
          )}
        </Section>
        <Section title="Reviewers and scores">
          <Reviewers detail={detail} scores={scores.data} />
          {scores.isError && <LoadError label="the reviewers' scores" onRetry={() => scores.refetch()} />}
          {score && (
            <Facts
              items={[
                ['Mean score', formatScore(score.mean)],
                ['Lowest', formatScore(score.min)],
                ['Highest', formatScore(score.max)],
                ['Scored', `${score.reviews} of ${score.assigned}`],
                ['Disagreement', score.disagreement ? <span className="admin-pipeline-flag">Reviewers disagree</span> : 'No'],
              ]}
            />
          )}
          {scores.data && <ScoreHistory history={scores.data.history} />}
          <Conflicts applicationId={a.id_slug} />
        </Section>
      </div>
      {!['SUBMITTED', 'SCREENED', 'IN_REVIEW'].includes(a.status) && (
        <Section title="Interview">
          <InterviewSummary applicationId={a.id_slug} />
        </Section>
      )}
      {detail.offer && <Offer detail={detail} offer={detail.offer} />}
      <Section title="Application">
        {DETAIL_GROUPS.map(([title, fields]) => (
          <div key={title} className="ui-stack admin-pipeline-group">
            <h3 className="admin-subtitle">{title}</h3>
            <Facts items={fields.map(([label, value]) => [label, value(a) || '–'])} />
          </div>
        ))}
        <div className="ui-stack admin-pipeline-group">
          <h3 className="admin-subtitle">Documents</h3>
          <ul className="ui-plain-list">
            <li>{a.resume ? <a href={a.resume}>Download resume</a> : 'No resume uploaded'}</li>
            <li>{a.transcript ? <a href={a.transcript}>Download transcript</a> : 'No transcript uploaded'}</li>
          </ul>
        </div>
      </Section>
      <Section title="Timeline">
        <Timeline applicationId={a.id_slug} />
      </Section>
      <Section title="Audit log">
        <p className="ui-muted ui-muted--small">
          Every time staff or the applicant saw this application: who, where, and when (newest first).
        </p>
        <Views applicationId={a.id_slug} />
      </Section>
    </div>
  );
}

/** /admin/applications/:id: one application, its screening, reviewers, scores, offer, decisions, timeline and audit log. */
export function ApplicationPage() {
  const { id = '' } = useParams();
  // File links in the answer are signed for a few minutes only, so the detail is never cached long.
  const query = useRouteQuery('admissionsDetail', { params: { applicationId: id } }, { select: (r) => r.data, staleTime: 0, gcTime: 0 });
  return (
    <QueryView query={query} homePath={paths.applications} label="this application">
      {(detail) => <ApplicationView detail={detail} />}
    </QueryView>
  );
}

import {
  OJT_RATING_LABELS,
  OJT_REVIEW_PARTY_LABELS,
  OJT_REVIEW_STATE_LABELS,
  type OjtReview,
  type OjtReviewParty,
  type LogbookFile,
  type OjtReviewState,
} from '@school/contracts';
import { Button } from '../button/button';
import { formatDate, formatDateTime, formatFileSize } from '../format/format';
import { StatusChip, type StatusTone } from '../status-chip/status-chip';
import './ojt-review.css';

const TONE: Record<OjtReviewState, StatusTone> = { NOT_OPEN: 'neutral', OPEN: 'neutral', OVERDUE: 'danger', COMPLETE: 'success' };

/** A review's state as a chip: not open, open, overdue or signed by all. */
export function OjtReviewStateChip({ state }: { state: OjtReviewState }) {
  return <StatusChip tone={TONE[state]}>{OJT_REVIEW_STATE_LABELS[state]}</StatusChip>;
}

/** Who signed the party's section and when, or that it is not signed yet. */
export function OjtSignatureLine({ review, party }: { review: OjtReview; party: OjtReviewParty }) {
  const s = review.signatures.find((x) => x.party === party);
  return (
    <p className="ui-ojt-review__signature">
      {s ? `Signed by ${s.by}, ${formatDateTime(s.at)}` : `Not signed by the ${OJT_REVIEW_PARTY_LABELS[party].toLowerCase()} yet`}
    </p>
  );
}

const text = (v: string) => (v ? v : '–');

/** The sections of a review as read by everyone who may see it; `omit` leaves out the one the page shows as a form. */
export function OjtReviewSections({ review: r, omit }: { review: OjtReview; omit?: OjtReviewParty }) {
  return (
    <div className="ui-ojt-review">
      {omit !== 'TRAINEE' && (
        <section className="ui-ojt-review__section" aria-label="Trainee’s self-assessment">
          <h3>Trainee’s self-assessment</h3>
          <dl>
            <dt>Progress</dt>
            <dd>{text(r.trainee.progress)}</dd>
            <dt>Competencies practised</dt>
            <dd>{r.trainee.competencies.length ? r.trainee.competencies.join('; ') : '–'}</dd>
            <dt>Goals</dt>
            <dd>{text(r.trainee.goals)}</dd>
          </dl>
          <OjtSignatureLine review={r} party="TRAINEE" />
        </section>
      )}
      {omit !== 'SUPERVISOR' && (
        <section className="ui-ojt-review__section" aria-label="Supervisor’s assessment">
          <h3>Supervisor’s assessment</h3>
          <dl>
            <dt>Overall rating</dt>
            <dd>{r.supervisor.rating ? OJT_RATING_LABELS[r.supervisor.rating] : '–'}</dd>
            <dt>Comments</dt>
            <dd>{text(r.supervisor.comments)}</dd>
          </dl>
          <OjtSignatureLine review={r} party="SUPERVISOR" />
        </section>
      )}
      {omit !== 'COACH' && (
        <section className="ui-ojt-review__section" aria-label="Coach’s review">
          <h3>Coach’s review</h3>
          <dl>
            <dt>Comments</dt>
            <dd>{text(r.coach.comments)}</dd>
            <dt>Actions</dt>
            <dd>{text(r.coach.actions)}</dd>
          </dl>
          <OjtSignatureLine review={r} party="COACH" />
        </section>
      )}
    </div>
  );
}

/** The review's heading line: week, dates and state. */
export function OjtReviewDates({ review: r }: { review: OjtReview }) {
  return (
    <p className="ui-ojt-review__dates">
      Due {formatDate(`${r.due_on}T00:00:00`)} (opens {formatDate(`${r.opens_on}T00:00:00`)}) <OjtReviewStateChip state={r.state} />
    </p>
  );
}

/**
 * A logbook week's files, each opening in a new tab through its short-lived link; with `onRemove`
 * each has a Remove button (the trainee, while the week can change).
 */
export function LogbookFileList({
  files,
  onRemove,
  removing,
}: {
  files: LogbookFile[];
  onRemove?: (file: LogbookFile) => void;
  /** The file whose removal is under way. */
  removing?: string | null;
}) {
  if (!files.length) return null;
  return (
    <ul className="ui-logbook-files" aria-label="Files">
      {files.map((f) => (
        <li key={f.id_slug}>
          <a href={f.url} target="_blank" rel="noreferrer">
            {f.name}
          </a>
          <span className="ui-logbook-files__meta">
            {formatFileSize(f.size_bytes)} · added {formatDateTime(f.added_at)}
          </span>
          {onRemove && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => onRemove(f)}
              loading={removing === f.id_slug}
              aria-label={`Remove ${f.name}`}
            >
              Remove
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

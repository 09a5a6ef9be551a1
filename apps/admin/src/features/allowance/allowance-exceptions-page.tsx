import { ALLOWANCE_OUTCOME_LABELS, type AllowanceDispute, type AllowanceOverride, OVERRIDE_KIND_LABELS } from '@school/contracts';
import { AppLink, Button, TextAreaField, useRouteMutation, useRouteQuery } from '@school/ui';
import { useState } from 'react';
import { monthLabel } from '../../components/allowance-text';
import { PageHeader } from '../../components/page-header';
import { ProposeExceptionDialog, type ProposeExceptionTarget } from '../../components/propose-exception-dialog';
import { QueryView } from '../../components/query-view';
import { errorMessage } from '../../lib/api-errors';
import { invalidations } from '../../lib/invalidations';
import { useNotify } from '../../lib/notice';
import { allowancePaths, COHORT_TABS, paths } from '../../lib/paths';
import { formatMalaysiaDateTime } from '../../lib/school-time';
import { usePageTitle } from '../../lib/use-page-title';
import '../../components/allowance.css';

const traineeName = (t: { first_name: string; last_name: string }) => `${t.first_name} ${t.last_name}`;

/** One pending exception with its decision: approve or reject, with an optional note. */
function PendingException({ o }: { o: AllowanceOverride }) {
  const notify = useNotify();
  const [note, setNote] = useState('');
  const name = traineeName(o.trainee);
  // Said by the hook, not by mutate's own callback: the decided exception leaves the list (and this
  // card unmounts) as soon as the queue is read again.
  const decide = useRouteMutation('adminDecideOverride', {
    invalidates: invalidations.adminDecideOverride,
    onSuccess: ({ data }) =>
      notify.success(
        `${data.state === 'APPROVED' ? 'Approved' : 'Rejected'}: ${OVERRIDE_KIND_LABELS[data.kind]} for ${traineeName(data.trainee)}, ${monthLabel(data.month)}.`,
      ),
  });
  const onDecide = (approve: boolean) => decide.mutate({ params: { overrideId: o.id_slug }, body: { approve, note } });
  return (
    <li className="admin-card ui-stack" aria-labelledby={`x-${o.id_slug}`}>
      <h3 id={`x-${o.id_slug}`} className="admin-subtitle">
        {name}: {OVERRIDE_KIND_LABELS[o.kind]}
      </h3>
      <dl className="admin-allowance__facts">
        <dt>Cohort</dt>
        <dd>
          <AppLink className="ui-link" to={paths.cohort(o.cohort.id_slug, COHORT_TABS.allowance)}>
            {o.cohort.title}
          </AppLink>
        </dd>
        <dt>Month</dt>
        <dd>{monthLabel(o.month)}</dd>
        <dt>Reason</dt>
        <dd>{o.reason}</dd>
        {o.dispute && (
          <>
            <dt>The trainee's dispute</dt>
            <dd>{o.dispute.reason}</dd>
          </>
        )}
        <dt>Attachment</dt>
        <dd>
          {o.attachment?.url ? (
            <a className="ui-link" href={o.attachment.url} target="_blank" rel="noreferrer">
              {o.attachment.name}
            </a>
          ) : (
            (o.attachment?.name ?? 'None')
          )}
        </dd>
        <dt>Proposed by</dt>
        <dd>
          {o.proposed_by}, {formatMalaysiaDateTime(o.proposed_at)}
        </dd>
      </dl>
      {o.mine && <p className="ui-muted">You proposed this exception: a second admin must decide it.</p>}
      <TextAreaField
        label={`Note on the decision for ${name} (optional)`}
        rows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {decide.error && (
        <p className="admin-danger-text" role="alert">
          {errorMessage(decide.error)}
        </p>
      )}
      <div className="admin-form__actions">
        <Button onClick={() => onDecide(true)} disabled={decide.isPending}>
          Approve
        </Button>
        <Button variant="danger" onClick={() => onDecide(false)} disabled={decide.isPending}>
          Reject
        </Button>
      </div>
    </li>
  );
}

/** One open dispute: the trainee's reason, and its answer (an exception) proposed or waiting. */
function OpenDispute({ d, onAnswer }: { d: AllowanceDispute; onAnswer: (d: AllowanceDispute) => void }) {
  const name = traineeName(d.trainee);
  return (
    <li className="admin-card ui-stack" aria-labelledby={`d-${d.id_slug}`}>
      <h3 id={`d-${d.id_slug}`} className="admin-subtitle">
        {name}, {monthLabel(d.month)}: {ALLOWANCE_OUTCOME_LABELS[d.outcome]}
      </h3>
      <p className="ui-muted ui-muted--small">
        {d.cohort.title} · disputed {formatMalaysiaDateTime(d.created_at)}
      </p>
      <p>{d.reason}</p>
      {d.proposal ? (
        <p className="ui-muted">
          Answer proposed by {d.proposal.proposed_by} ({OVERRIDE_KIND_LABELS[d.proposal.kind]}): waiting for a second admin above.
        </p>
      ) : (
        <div>
          <Button size="sm" onClick={() => onAnswer(d)} aria-label={`Answer the dispute of ${name}`}>
            Answer
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * /admin/allowance/exceptions: exceptions waiting for a second admin (oldest first), approved or
 * rejected here by anyone but their proposer, and the trainees' open disputes, each answered by an
 * exception (keep the decision, pay in full, or excuse the absences).
 */
export function AllowanceExceptionsPage() {
  usePageTitle('Allowance exceptions');
  const pending = useRouteQuery('adminAllowanceOverrides', { query: { state: 'PENDING' } }, { select: (r) => r.data });
  const disputes = useRouteQuery('adminAllowanceDisputes', {}, { select: (r) => r.data });
  const [answering, setAnswering] = useState<ProposeExceptionTarget | null>(null);
  const onAnswer = (d: AllowanceDispute) =>
    setAnswering({
      cohortId: d.cohort.id_slug,
      month: d.month,
      disputeId: d.id_slug,
      trainee: { id_slug: d.trainee.id_slug, name: traineeName(d.trainee) },
    });
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader
        title="Allowance exceptions"
        subtitle="Each exception is decided by a second admin, never by the one who proposed it; an approved one corrects a decided month."
        back={{ to: allowancePaths.programmes, label: 'Allowance' }}
      />
      <section className="ui-stack" aria-labelledby="pending-title">
        <h2 id="pending-title" className="admin-section-title">
          Waiting for a decision
        </h2>
        <QueryView query={pending} label="the exceptions">
          {(list) =>
            list.length ? (
              <ul className="admin-allowance__cards" aria-label="Exceptions waiting for a decision">
                {list.map((o) => (
                  <PendingException key={o.id_slug} o={o} />
                ))}
              </ul>
            ) : (
              <p className="ui-muted">No exception is waiting.</p>
            )
          }
        </QueryView>
      </section>
      <section className="ui-stack" aria-labelledby="disputes-title">
        <h2 id="disputes-title" className="admin-section-title">
          Open disputes
        </h2>
        <QueryView query={disputes} label="the disputes">
          {(list) =>
            list.length ? (
              <ul className="admin-allowance__cards" aria-label="Open disputes">
                {list.map((d) => (
                  <OpenDispute key={d.id_slug} d={d} onAnswer={onAnswer} />
                ))}
              </ul>
            ) : (
              <p className="ui-muted">No open dispute.</p>
            )
          }
        </QueryView>
      </section>
      {answering && <ProposeExceptionDialog target={answering} onClose={() => setAnswering(null)} />}
    </div>
  );
}

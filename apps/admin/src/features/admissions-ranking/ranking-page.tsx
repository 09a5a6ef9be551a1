import { intakeOptions } from '@school/catalogue/data';
import {
  type AdmissionDecision,
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  type RankingItem,
} from '@school/contracts';
import { AppLink, Button, ButtonLink, SelectField, StatusChip, useRouteQuery } from '@school/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DecisionDialog } from '../../components/admissions/decision-dialog';
import { DECISION_LABELS } from '../../components/admissions/decisions';
import { applicationReference, applicationTitle } from '../../components/admissions/reference';
import { formatScore } from '../../components/admissions/scores';
import { type Column, ListTable } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { useIntakeParam } from '../../lib/intakes';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { CohortSeats } from './cohort-seats';
import './admissions-ranking.css';

/** The bulk decisions the ranking offers, in this order. */
const RANKING_DECISIONS = ['SHORTLIST', 'OFFER', 'WAITLIST', 'REJECT'] as const satisfies readonly AdmissionDecision[];

/** The state filter from the address (`?status=`), when it is a state. */
function useStatusParam(): [ApplicationStatus | undefined, (s: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status = APPLICATION_STATUSES.find((s) => s === asked);
  const set = (next: string) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next) p.set('status', next);
        else p.delete('status');
        return p;
      },
      { replace: true },
    );
  return [status, set];
}

/** /admin/applications/ranking?intake=&status=: the scored applications by weighted mean score, decided in bulk. */
export function RankingPage() {
  const [intake, setIntake] = useIntakeParam();
  const [status, setStatus] = useStatusParam();
  usePageTitle('Ranking');
  const intakes = intakeOptions();
  const query = useRouteQuery('admissionsRanking', { params: { intake }, query: status ? { status } : {} });
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader
        title="Ranking"
        subtitle="Applications with at least one review, best weighted mean score first."
        back={{ to: paths.applications, label: 'Applications' }}
        actions={
          <ButtonLink variant="secondary" to={paths.admissionsRubric(intake)}>
            Rubric
          </ButtonLink>
        }
      />
      <div className="admin-inline-form">
        {intakes.length > 1 && <SelectField label="Intake" options={intakes} value={intake} onChange={(e) => setIntake(e.target.value)} />}
        <SelectField
          label="State"
          options={[
            { value: '', label: 'All states' },
            ...APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS[s] })),
          ]}
          value={status ?? ''}
          onChange={(e) => setStatus(e.target.value)}
        />
      </div>
      <QueryView query={query} label="the ranking" homePath={paths.applications}>
        {(ranking) => (
          <RankingTable key={`${intake}:${status ?? ''}`} intake={intake} rows={ranking.data} threshold={ranking.disagreement_threshold} />
        )}
      </QueryView>
      <CohortSeats intake={intake} />
    </div>
  );
}

function RankingTable({ intake, rows, threshold }: { intake: string; rows: RankingItem[]; threshold: number }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [decision, setDecision] = useState<AdmissionDecision | null>(null);
  // Rows that left the list (decided away from the filtered state) drop out of the selection.
  const chosen = rows.filter((r) => selected.has(r.id_slug)).map((r) => r.id_slug);
  // Chosen applications of one course track: an offer lists that track's cohorts with seats.
  const chosenCourses = [...new Set(rows.filter((r) => selected.has(r.id_slug)).map((r) => r.course))];
  const chosenTrack = intake && chosenCourses.length === 1 ? { intake, course: chosenCourses[0] } : undefined;
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = rows.length > 0 && chosen.length === rows.length;

  if (rows.length === 0) return <p className="ui-empty ui-empty--quiet">No application here has been scored yet.</p>;

  const columns: Column<RankingItem>[] = [
    {
      label: 'Select',
      hideLabel: true,
      className: 'admin-ranking__select',
      render: (r) => (
        <input
          type="checkbox"
          className="admin-ranking__check"
          checked={selected.has(r.id_slug)}
          onChange={() => toggle(r.id_slug)}
          aria-label={`Select ${applicationTitle(r.id_slug, r.full_name)}`}
        />
      ),
    },
    { label: 'Rank', render: (r) => <span className="admin-ranking__rank">{r.rank}</span> },
    {
      label: 'Application',
      render: (r) => (
        <>
          <AppLink to={paths.application(r.id_slug)} className="admin-table__title">
            {applicationTitle(r.id_slug, r.full_name)}
          </AppLink>
          <span className="admin-table__sub admin-ranking__ref">
            Ref. {applicationReference(r.id_slug)} · {r.course}
          </span>
        </>
      ),
    },
    { label: 'State', render: (r) => APPLICATION_STATUS_LABELS[r.status] },
    { label: 'Mean score', render: (r) => <span className="admin-ranking__score">{formatScore(r.score.mean)}</span> },
    { label: 'Reviews', render: (r) => `${r.score.reviews} of ${r.score.assigned}` },
    { label: 'Lowest – highest', render: (r) => `${formatScore(r.score.min)} – ${formatScore(r.score.max)}` },
    {
      label: 'Disagreement',
      render: (r) =>
        r.score.disagreement ? (
          <StatusChip tone="warning">
            Disagreement
            <span className="ui-visually-hidden">: scores differ by {formatScore((r.score.max ?? 0) - (r.score.min ?? 0))}</span>
          </StatusChip>
        ) : (
          <span className="ui-muted">–</span>
        ),
    },
    {
      label: 'Reviewers',
      render: (r) => (
        <details className="admin-ranking__reviews">
          <summary>
            {r.reviews.length} {r.reviews.length === 1 ? 'review' : 'reviews'}
            <span className="ui-visually-hidden"> of {applicationTitle(r.id_slug, r.full_name)}</span>
          </summary>
          <ul className="ui-plain-list ui-stack">
            {r.reviews.map((v) => (
              <li key={v.reviewer.id_slug}>
                <strong>
                  {v.reviewer.first_name} {v.reviewer.last_name}
                </strong>
                : {formatScore(v.weighted)}
                {v.comment && <p className="admin-ranking__comment">{v.comment}</p>}
              </li>
            ))}
          </ul>
        </details>
      ),
    },
  ];

  return (
    <section className="ui-stack" aria-label="Ranked applications">
      <p className="ui-muted" id="admin-ranking-threshold">
        Scores are weighted means on the 1 to 5 scale. <strong>Disagreement</strong> flags an application whose reviewers’ weighted scores
        differ by more than {threshold} {threshold === 1 ? 'point' : 'points'}: read the reviews before deciding.
      </p>
      <div className="admin-ranking__bulk">
        <label className="admin-ranking__all">
          <input
            type="checkbox"
            checked={allChosen}
            onChange={() => setSelected(allChosen ? new Set() : new Set(rows.map((r) => r.id_slug)))}
          />
          Select all
        </label>
        <span aria-live="polite" className="admin-ranking__count">
          {chosen.length} selected
        </span>
        <span className="admin-ranking__actions">
          {RANKING_DECISIONS.map((d) => (
            <Button
              key={d}
              size="sm"
              variant={d === 'REJECT' ? 'danger' : d === 'OFFER' ? 'primary' : 'secondary'}
              disabled={chosen.length === 0}
              onClick={() => setDecision(d)}
            >
              {DECISION_LABELS[d]}
            </Button>
          ))}
        </span>
      </div>
      <div className="admin-ranking__table">
        <ListTable columns={columns} rows={rows} rowKey={(r) => r.id_slug} />
      </div>
      <DecisionDialog
        decision={decision}
        applicationIds={chosen}
        track={chosenTrack}
        onClose={() => setDecision(null)}
        onDone={() => {
          setDecision(null);
          setSelected(new Set());
        }}
      />
    </section>
  );
}

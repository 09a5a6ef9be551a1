import type { AdmissionDecision, AdmissionSelection } from '@school/contracts';
import { Button } from '@school/ui';
import { useState } from 'react';
import { DecisionDialog } from '../../../components/admissions/decision-dialog';
import { DECISION_LABELS, DECISIONS } from '../../../components/admissions/decisions';
import { AssignReviewersDialog } from './assign-reviewers-dialog';
import { BulkScreeningDialog } from './bulk-screening-dialog';

export type PipelineAction = AdmissionDecision | 'ASSIGN' | 'SCREEN';

export interface PipelineActionsProps {
  /** The applications the actions apply to. */
  ids: string[];
  /** Instead: every application matching the list's filter, across pages. */
  matching?: { filter: AdmissionSelection; count: number };
  /** The applications' intake and course track, when they share one (an offer lists that track's cohorts). */
  track?: { intake: string; course: string };
  /** Accessible name of the group of buttons. */
  label: string;
  /** Which actions to offer (default: all; the API refuses what a state does not allow). */
  allowed?: (action: PipelineAction) => boolean;
  /** After an action succeeded. */
  onDone?: () => void;
}

/** 'Confirm eligible' (bulk screening), 'Assign reviewers' and the decisions (shortlist, offer, waitlist, reject, withdraw), each through its dialog. */
export function PipelineActions({ ids, matching, track, label, allowed = () => true, onDone }: PipelineActionsProps) {
  const [assigning, setAssigning] = useState(false);
  const [screening, setScreening] = useState(false);
  const [decision, setDecision] = useState<AdmissionDecision | null>(null);
  const decisions = DECISIONS.filter(allowed);
  return (
    <>
      <fieldset className="admin-pipeline-actions">
        <legend className="ui-visually-hidden">{label}</legend>
        {allowed('SCREEN') && (
          <Button size="sm" variant="secondary" onClick={() => setScreening(true)}>
            Confirm eligible
          </Button>
        )}
        {allowed('ASSIGN') && (
          <Button size="sm" variant="secondary" onClick={() => setAssigning(true)}>
            Assign reviewers
          </Button>
        )}
        {decisions.map((d) => (
          <Button key={d} size="sm" variant={d === 'REJECT' || d === 'WITHDRAW' ? 'ghost' : 'secondary'} onClick={() => setDecision(d)}>
            {DECISION_LABELS[d]}
          </Button>
        ))}
      </fieldset>
      <BulkScreeningDialog open={screening} applicationIds={ids} matching={matching} onClose={() => setScreening(false)} onDone={onDone} />
      <AssignReviewersDialog
        open={assigning}
        applicationIds={ids}
        matching={matching}
        onClose={() => setAssigning(false)}
        onDone={onDone}
      />
      <DecisionDialog
        decision={decision}
        applicationIds={ids}
        matching={matching}
        track={track}
        onClose={() => setDecision(null)}
        onDone={onDone}
      />
    </>
  );
}

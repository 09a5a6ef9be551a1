import type { AdmissionDecision } from '@school/contracts';
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
  /** Accessible name of the group of buttons. */
  label: string;
  /** Which actions to offer (default: all; the API refuses what a state does not allow). */
  allowed?: (action: PipelineAction) => boolean;
  /** After an action succeeded. */
  onDone?: () => void;
}

/** 'Confirm eligible' (bulk screening), 'Assign reviewers' and the decisions (shortlist, offer, waitlist, reject, withdraw), each through its dialog. */
export function PipelineActions({ ids, label, allowed = () => true, onDone }: PipelineActionsProps) {
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
      <BulkScreeningDialog open={screening} applicationIds={ids} onClose={() => setScreening(false)} onDone={onDone} />
      <AssignReviewersDialog open={assigning} applicationIds={ids} onClose={() => setAssigning(false)} onDone={onDone} />
      <DecisionDialog decision={decision} applicationIds={ids} onClose={() => setDecision(null)} onDone={onDone} />
    </>
  );
}

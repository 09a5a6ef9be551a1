import { type AdmissionSelection, type BulkScreeningInput } from '@school/contracts';
import { Button, Modal, TextAreaField, useRouteMutation } from '@school/ui';
import { type FormEvent, useId, useState } from 'react';
import { applicationsChanged } from '../../../components/admissions/application-keys';
import { useNotify } from '../../../lib/notice';
import '../../../components/admissions/admissions.css';
import { RefusedApplications } from './refused-applications';

export interface BulkScreeningDialogProps {
  open: boolean;
  applicationIds: string[];
  /** Instead of the ids: every application matching the pipeline's filter, `count` of them now. */
  matching?: { filter: AdmissionSelection; count: number };
  onClose: () => void;
  onDone?: () => void;
}

/**
 * Confirms the selected applications eligible in one action (all or none). A refusal names each
 * application that cannot be screened (by its reference) and why.
 */
export function BulkScreeningDialog({ open, applicationIds, matching, onClose, onDone }: BulkScreeningDialogProps) {
  const notify = useNotify();
  const formId = useId();
  const [note, setNote] = useState('');
  // Told from the mutation itself: the rows (and this dialog with them) may leave a filtered list once screened.
  const screen = useRouteMutation('admissionsBulkScreening', {
    invalidates: (v) => applicationsChanged(v.body.application_ids ?? 'all'),
    onSuccess: (answer) => {
      const n = answer.data.screened;
      notify.success(`${n === 1 ? '1 application' : `${n} applications`} confirmed eligible: now Screened.`);
    },
  });
  const close = () => {
    setNote('');
    screen.reset();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: BulkScreeningInput = {
      ...(matching ? { matching: matching.filter } : { application_ids: applicationIds }),
      eligible: true,
      reason: note.trim(),
    };
    screen.mutate(
      { body },
      {
        onSuccess: () => {
          close();
          onDone?.();
        },
      },
    );
  };
  const count = matching ? matching.count : applicationIds.length;
  return (
    <Modal
      open={open}
      onClose={close}
      title="Confirm eligible"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={screen.isPending}>
            {screen.isPending ? 'Saving...' : 'Confirm'}
          </Button>
        </>
      }
    >
      <form id={formId} className="admin-form" noValidate onSubmit={submit}>
        <p className="ui-muted ui-muted--small">
          {count === 1 ? '1 application' : `${count} applications`} will be confirmed eligible and become Screened, ready for reviewers.
          Check their flags first: a rule not met or a warning is for you to judge.
        </p>
        <TextAreaField label="Note (optional)" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
        {screen.isError && <RefusedApplications error={screen.error} />}
      </form>
    </Modal>
  );
}

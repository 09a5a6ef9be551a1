import { isApiError, OVERRIDE_KIND_LABELS, type OverrideKind, ProposeOverrideSchema } from '@school/contracts';
import { Button, Modal, SelectField, TextAreaField, useRouteMutation, useSession } from '@school/ui';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../lib/api-errors';
import { invalidations } from '../lib/invalidations';
import { useNotify } from '../lib/notice';
import { monthLabel, PROPOSABLE_KINDS } from './allowance-text';

export interface ProposeExceptionTarget {
  cohortId: string;
  trainee: { id_slug: string; name: string };
  month: string;
  /** Answering a trainee's dispute: keeping the decision becomes a choice. */
  disputeId?: string;
}

const ATTACHMENT_TYPES = 'application/pdf,image/jpeg,image/png';

/**
 * "Propose an exception" for a trainee's month: the kind, the reason and an optional file (a medical
 * certificate), uploaded first; a second admin decides it on the exceptions queue.
 */
export function ProposeExceptionDialog({ target, onClose }: { target: ProposeExceptionTarget; onClose: () => void }) {
  const { client } = useSession();
  const notify = useNotify();
  const formId = useId();
  const kinds: OverrideKind[] = target.disputeId ? ['UPHOLD', ...PROPOSABLE_KINDS] : PROPOSABLE_KINDS;
  const [kind, setKind] = useState<OverrideKind>(kinds[0]);
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const propose = useRouteMutation('adminProposeOverride', { invalidates: invalidations.adminProposeOverride });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const draft = {
      user_id_slug: target.trainee.id_slug,
      month: target.month,
      kind,
      reason,
      attachment_id_slug: null,
      dispute_id_slug: target.disputeId ?? null,
    };
    const checked = ProposeOverrideSchema.safeParse(draft);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[issue.path.join('.')] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    let attachment: string | null = null;
    if (file) {
      const form = new FormData();
      form.append('file', file);
      setUploading(true);
      try {
        attachment = (await client.upload('adminUploadOverrideAttachment', form, { params: { cohortId: target.cohortId } })).id_slug;
      } catch (err) {
        return setErrors({ file: errorMessage(err) });
      } finally {
        setUploading(false);
      }
    }
    propose.mutate(
      { params: { cohortId: target.cohortId }, body: { ...checked.data, attachment_id_slug: attachment } },
      {
        onSuccess: () => {
          notify.success(`Exception proposed for ${target.trainee.name}: a second admin decides it.`);
          onClose();
        },
        onError: (err) => setErrors(isApiError(err) && err.errors ? err.errors : { form: errorMessage(err) }),
      },
    );
  };

  const busy = uploading || propose.isPending;
  return (
    <Modal
      open
      onClose={onClose}
      title={`${target.disputeId ? 'Answer the dispute' : 'Propose an exception'}: ${target.trainee.name}, ${monthLabel(target.month)}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? 'Sending…' : 'Propose'}
          </Button>
        </>
      }
    >
      <form id={formId} className="ui-stack" onSubmit={submit} noValidate>
        <SelectField
          label="Kind"
          value={kind}
          onChange={(e) => setKind(e.target.value as OverrideKind)}
          options={kinds.map((k) => ({ value: k, label: OVERRIDE_KIND_LABELS[k] }))}
          error={errors.kind}
        />
        <TextAreaField label="Reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} required />
        <div className="ui-stack">
          <label htmlFor={`${formId}-file`}>Attachment (PDF, JPEG or PNG, optional)</label>
          <input
            id={`${formId}-file`}
            type="file"
            accept={ATTACHMENT_TYPES}
            aria-describedby={errors.file ? `${formId}-file-error` : undefined}
            aria-invalid={errors.file ? true : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          {errors.file && (
            <p id={`${formId}-file-error`} className="admin-danger-text">
              {errors.file}
            </p>
          )}
        </div>
        {(errors.form || errors.attachment_id_slug || errors.month || errors.user_id_slug) && (
          <p className="admin-danger-text" role="alert">
            {errors.form ?? errors.attachment_id_slug ?? errors.month ?? errors.user_id_slug}
          </p>
        )}
      </form>
    </Modal>
  );
}

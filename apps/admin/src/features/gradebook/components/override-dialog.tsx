import { ADMIN_MESSAGES, type Gradebook, isApiError, OVERRIDE_REASON_REQUIRED } from '@school/contracts';
import { Button, Modal, routeKey, TextAreaField, TextField, useRouteMutation } from '@school/ui';
import { useState } from 'react';
import { useNotify } from '../../../lib/notice';
import { computedText } from '../computed-grade';

type Cell = Gradebook['students'][number]['grades'][number];

/** A grade typed by hand: 0-100 with at most two decimals, else null. */
export function parseOverride(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n <= 100 ? n : null;
}

/**
 * Sets a student's grade for an item by hand, or clears the one set, each with a required reason.
 * The computed grade is shown beside it; the change is logged by the API.
 */
export function OverrideDialog({
  cohortId,
  itemId,
  itemTitle,
  student,
  cell,
  onClose,
}: {
  cohortId: string;
  itemId: string;
  itemTitle: string;
  student: { id_slug: string; name: string };
  cell: Cell;
  onClose: () => void;
}) {
  const notify = useNotify();
  const [grade, setGrade] = useState(cell.override ? String(cell.override.grade) : '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ grade?: string; reason?: string }>({});
  const save = useRouteMutation('gradeOverride', {
    invalidates: () => [routeKey('gradebook', { params: { cohortId } }), routeKey('gradeOverrideLog', { params: { cohortId } })],
  });

  const send = (value: number | null) => {
    const next: typeof errors = {};
    if (!reason.trim()) next.reason = OVERRIDE_REASON_REQUIRED;
    setErrors(next);
    if (next.reason) return;
    save.mutate(
      { params: { gradeItemId: itemId, userId: student.id_slug }, body: { grade: value, reason: reason.trim() } },
      {
        onSuccess: () => {
          notify.success(value === null ? `Override cleared for ${student.name}.` : `Grade set to ${value} for ${student.name}.`);
          onClose();
        },
        onError: (err) => {
          if (isApiError(err))
            setErrors({ grade: err.errors?.grade, reason: err.errors?.reason ?? (err.errors ? undefined : err.message) });
          else notify.error(ADMIN_MESSAGES.genericFailure);
        },
      },
    );
  };

  const onSet = () => {
    const value = parseOverride(grade);
    if (value === null) {
      setErrors({
        grade: 'Give a grade from 0 to 100 (at most two decimals)',
        reason: reason.trim() ? undefined : OVERRIDE_REASON_REQUIRED,
      });
      return;
    }
    send(value);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Set grade by hand · ${itemTitle}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {cell.override && (
            <Button variant="secondary" onClick={() => send(null)} loading={save.isPending}>
              Clear override
            </Button>
          )}
          <Button onClick={onSet} loading={save.isPending}>
            Set grade
          </Button>
        </>
      }
    >
      <div className="ui-stack">
        <p>
          {student.name} · computed grade: {computedText(cell)}
          {cell.override ? ` · set by hand: ${cell.override.grade}` : ''}
        </p>
        <TextField
          label="Grade (0-100)"
          type="number"
          min={0}
          max={100}
          step="0.01"
          value={grade}
          onChange={(e) => setGrade(e.target.value)}
          error={errors.grade}
          data-autofocus
        />
        <TextAreaField
          label="Reason"
          required
          hint="Kept in the log with your name and the time."
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
        />
      </div>
    </Modal>
  );
}

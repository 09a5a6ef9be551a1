import { ADMIN_MESSAGES, isApiError, type TimelineChange, type TimelinePreview, type TimelineSavedResponse } from '@school/contracts';
import { Button, formatCount, useRouteMutation } from '@school/ui';
import { useState } from 'react';
import { fieldError } from '../../../lib/api-errors';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';
import { moveText } from '../timeline';

/** The API's message when it names none of the form's fields (a loop of rules, a 409), else nothing. */
export function otherError(error: unknown, fields: string[]): string | undefined {
  // Anything but the API's answer is told in a notice.
  if (!isApiError(error)) return undefined;
  return fields.some((f) => fieldError(error, f)) ? undefined : error.message;
}

/** 'Timeline saved: 12 dates moved, 30 students told.' */
export const savedText = (r: Pick<TimelineSavedResponse, 'moved' | 'students_told'>, what = 'Timeline saved') =>
  `${what}: ${formatCount(r.moved, 'date')} moved, ${formatCount(r.students_told, 'student')} told.`;

/** What a change would move, and who would be told, with its Save and Cancel. */
export function PreviewPanel({
  preview,
  label,
  saving,
  onSave,
  onCancel,
}: {
  preview: TimelinePreview;
  label: string;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  const nothing = preview.moves.length === 0;
  return (
    <section className="admin-card ui-stack" aria-label={label}>
      <h3 className="admin-section-title">{label}</h3>
      {nothing ? (
        <p>Nothing moves.</p>
      ) : (
        <>
          <p className="ui-muted ui-muted--small">Dates and times in Malaysia time.</p>
          <ul className="admin-timeline__moves" aria-label="Dates that move">
            {preview.moves.map((m) => (
              <li key={m.item_key}>{moveText(m)}</li>
            ))}
          </ul>
          <p>
            {preview.students_to_tell === 0
              ? 'No student will get an email.'
              : `${formatCount(preview.students_to_tell, 'student')} will get one email listing their changes.`}
          </p>
        </>
      )}
      <div className="admin-sessions__actions">
        <Button type="button" onClick={onSave} disabled={saving}>
          Save changes
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

/**
 * A change to the cohort's timeline: previewed first (nothing saved), then saved as previewed or
 * cancelled. The API's refusals stay in `error` for the form's fields.
 */
export function useTimelineChange(cohortId: string, { onSaved }: { onSaved?: () => void } = {}) {
  const notify = useNotify();
  const [pending, setPending] = useState<{ body: TimelineChange; preview: TimelinePreview } | null>(null);
  const preview = useRouteMutation('adminPreviewTimeline', { invalidates: invalidations.adminPreviewTimeline });
  const save = useRouteMutation('adminSaveTimeline', {
    invalidates: invalidations.adminSaveTimeline,
    onSuccess: (r) => notify.success(savedText(r)),
  });
  const failed = (err: unknown) => !isApiError(err) && notify.error(ADMIN_MESSAGES.genericFailure);
  const params = { cohortId };
  return {
    pending,
    busy: preview.isPending || save.isPending,
    saving: save.isPending,
    error: save.error ?? preview.error,
    ask: (body: TimelineChange) => {
      save.reset();
      setPending(null);
      preview.mutate({ params, body }, { onSuccess: (r) => setPending({ body, preview: r.data }), onError: failed });
    },
    save: () => {
      if (!pending) return;
      save.mutate(
        { params, body: pending.body },
        {
          onSuccess: () => {
            setPending(null);
            onSaved?.();
          },
          onError: (err) => {
            setPending(null);
            failed(err);
          },
        },
      );
    },
    cancel: () => {
      setPending(null);
      preview.reset();
      save.reset();
    },
  };
}

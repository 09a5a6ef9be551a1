import type { GradeExtension, GradeExtensions } from '@school/contracts';
import { Button, formatDateTime, TextField, useConfirm, useRouteMutation, useRouteQuery } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { QueryView } from '../../../components/query-view';
import { errorMessage, fieldError } from '../../../lib/api-errors';
import { fromLocalInput } from '../../../lib/dates';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';

const fullName = (s: { first_name: string; last_name: string; email: string }) => `${s.first_name} ${s.last_name}`.trim() || s.email;

/**
 * A grade item's per-student extensions: who has one (a later deadline, a late deadline of their
 * own, extra quiz attempts), given by whom and why, each removable; and the form that gives one
 * student or several the same extension.
 */
export function ExtensionsPanel({ itemId }: { itemId: string }) {
  const query = useRouteQuery('gradeExtensions', { params: { gradeItemId: itemId } }, { select: (r) => r.data });
  const [adding, setAdding] = useState(false);
  return (
    <section className="admin-grading__panel ui-stack" aria-labelledby="extensions-title">
      <div className="admin-row admin-extensions__head">
        <h2 id="extensions-title" className="admin-section-title">
          Extensions
        </h2>
        {!adding && (
          <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
            Give an extension
          </Button>
        )}
      </div>
      <QueryView query={query} label="the extensions">
        {(x) => (
          <>
            {adding && <ExtensionForm itemId={itemId} extensions={x} onDone={() => setAdding(false)} />}
            {x.data.length === 0 ? (
              <p className="ui-empty ui-empty--quiet">No student has an extension on this item.</p>
            ) : (
              <ul className="ui-plain-list ui-stack" aria-label="Extensions given">
                {x.data.map((e) => (
                  <ExtensionRow key={e.id_slug} extension={e} />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}

function ExtensionRow({ extension: e }: { extension: GradeExtension }) {
  const notify = useNotify();
  const { confirm, dialog } = useConfirm();
  const name = fullName(e.student);
  // Told from the mutation itself: the row is gone (unmounted) once the list reloads without it.
  const remove = useRouteMutation('removeGradeExtension', {
    invalidates: invalidations.removeGradeExtension,
    onSuccess: () => notify.success(`${name}'s extension was removed.`),
  });
  const what = [
    e.deadline_datetime && `deadline ${formatDateTime(e.deadline_datetime)}`,
    e.late_deadline_datetime && `late until ${formatDateTime(e.late_deadline_datetime)}`,
    e.extra_attempts > 0 && `${e.extra_attempts} extra attempt${e.extra_attempts === 1 ? '' : 's'}`,
  ].filter(Boolean);
  const onRemove = async () => {
    const ok = await confirm({
      title: 'Remove this extension?',
      message: `${name} will have the item's own deadline and attempts again.`,
      confirmLabel: 'Remove extension',
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate({ params: { extensionId: e.id_slug } }, { onError: (err) => notify.error(errorMessage(err)) });
  };
  return (
    <li className="admin-extensions__row">
      <div>
        <p className="admin-table__title">{name}</p>
        <p className="admin-table__sub">{what.join(' · ')}</p>
        <p className="ui-muted ui-muted--small">
          {e.reason ? `${e.reason} · ` : ''}Given {e.granted_by ? `by ${e.granted_by} ` : ''}on {formatDateTime(e.created_date)}
        </p>
      </div>
      <Button size="sm" variant="ghost" onClick={onRemove} loading={remove.isPending} aria-label={`Remove ${name}'s extension`}>
        Remove
      </Button>
      {dialog}
    </li>
  );
}

function ExtensionForm({ itemId, extensions, onDone }: { itemId: string; extensions: GradeExtensions; onDone: () => void }) {
  const notify = useNotify();
  const { item, students } = extensions;
  const isQuiz = item.lesson_type === 'QUIZ';
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [deadline, setDeadline] = useState('');
  const [late, setLate] = useState('');
  const [extra, setExtra] = useState('0');
  const [reason, setReason] = useState('');
  const grant = useRouteMutation('grantGradeExtension', { invalidates: invalidations.grantGradeExtension });
  const error = grant.error;
  const toggle = (id: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    grant.mutate(
      {
        params: { gradeItemId: itemId },
        body: {
          user_id_slugs: [...chosen],
          deadline_datetime: deadline ? fromLocalInput(deadline) : null,
          late_deadline_datetime: late ? fromLocalInput(late) : null,
          extra_attempts: isQuiz ? Number(extra) || 0 : 0,
          reason,
        },
      },
      {
        onSuccess: () => {
          notify.success(`Extension given to ${chosen.size} student${chosen.size === 1 ? '' : 's'}.`);
          onDone();
        },
      },
    );
  };
  return (
    <form className="ui-stack" onSubmit={onSubmit} noValidate aria-label="Give an extension">
      <p className="ui-muted ui-muted--small">
        The item's deadline is {item.deadline_datetime ? formatDateTime(item.deadline_datetime) : 'not set'}
        {item.late_deadline_datetime ? `, late hand-ins until ${formatDateTime(item.late_deadline_datetime)}` : ''}
        {isQuiz ? `, ${item.attempts_allowed} attempt${item.attempts_allowed === 1 ? '' : 's'}` : ''}. An extension replaces any the student
        already has on this item.
      </p>
      <fieldset className="admin-extensions__students">
        <legend>Students</legend>
        {students.length === 0 ? (
          <p className="ui-empty ui-empty--quiet">The cohort has no students.</p>
        ) : (
          students.map((s) => (
            <label key={s.id_slug} className="admin-extensions__student">
              <input type="checkbox" checked={chosen.has(s.id_slug)} onChange={() => toggle(s.id_slug)} />
              {fullName(s)}
            </label>
          ))
        )}
        {fieldError(error, 'user_id_slugs') && <p className="admin-danger-text">{fieldError(error, 'user_id_slugs')}</p>}
      </fieldset>
      <div className="admin-extensions__fields">
        <TextField
          label="New deadline"
          type="datetime-local"
          value={deadline}
          onChange={(e) => setDeadline(e.target.value)}
          error={fieldError(error, 'deadline_datetime')}
        />
        <TextField
          label="Late deadline"
          type="datetime-local"
          value={late}
          onChange={(e) => setLate(e.target.value)}
          hint="Late hand-ins are taken until then, marked late."
          error={fieldError(error, 'late_deadline_datetime')}
        />
        {isQuiz && (
          <TextField
            label="Extra attempts"
            type="number"
            min={0}
            max={20}
            value={extra}
            onChange={(e) => setExtra(e.target.value)}
            error={fieldError(error, 'extra_attempts')}
          />
        )}
        <TextField label="Reason (optional)" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
      </div>
      {error && (
        <p className="admin-danger-text" role="alert">
          {errorMessage(error)}
        </p>
      )}
      <div className="admin-form__actions">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={grant.isPending} disabled={chosen.size === 0}>
          Give extension
        </Button>
      </div>
    </form>
  );
}

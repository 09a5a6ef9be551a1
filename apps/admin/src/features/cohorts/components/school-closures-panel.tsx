import { ADMIN_MESSAGES, isApiError, type SchoolClosureItem } from '@school/contracts';
import { Button, LoadingIndicator, TextField, useConfirm, useRouteMutation, useRouteQuery } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/api-errors';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';
import { formatSchoolDate } from '../../../lib/school-time';
import { otherError } from './timeline-preview';

const EMPTY = { from: '', to: '', title: '' };
const when = (c: SchoolClosureItem) =>
  c.from === c.to ? formatSchoolDate(c.from) : `${formatSchoolDate(c.from)} – ${formatSchoolDate(c.to)}`;

/** The school's own closures, which dates counted in school days skip in every cohort; admins add and delete them. */
export function SchoolClosuresPanel({ admin }: { admin: boolean }) {
  const closures = useRouteQuery('adminSchoolClosures', {}, { select: (r) => r.data });
  const notify = useNotify();
  const { confirm, dialog } = useConfirm();
  const [draft, setDraft] = useState(EMPTY);
  const add = useRouteMutation('adminAddSchoolClosure', {
    invalidates: invalidations.adminAddSchoolClosure,
    onSuccess: (_r, vars) => notify.success(`${vars.body.title} is added. Dates counted in school days move in every cohort.`),
  });
  const remove = useRouteMutation('adminDeleteSchoolClosure', { invalidates: invalidations.adminDeleteSchoolClosure });
  const set = (key: keyof typeof EMPTY, value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      { body: { from: draft.from, to: draft.to, title: draft.title } },
      { onSuccess: () => setDraft(EMPTY), onError: (err) => !isApiError(err) && notify.error(ADMIN_MESSAGES.genericFailure) },
    );
  };
  const onDelete = async (c: SchoolClosureItem) => {
    const ok = await confirm({
      title: `Delete ${c.title}?`,
      message: `${when(c)} counts as school days again: dates counted in school days move back in every cohort.`,
      confirmLabel: 'Delete closure',
      tone: 'danger',
    });
    if (ok)
      remove.mutate(
        { params: { closureId: c.id_slug } },
        {
          onSuccess: () => notify.success(`${c.title} is deleted. Dates counted in school days move back in every cohort.`),
          onError: (err) => notify.error(isApiError(err) ? err.message : ADMIN_MESSAGES.genericFailure),
        },
      );
  };

  const err = add.error;
  return (
    <section aria-labelledby="school-closures" className="admin-card ui-stack">
      <h2 id="school-closures" className="admin-section-title">
        School closures (all cohorts)
      </h2>
      {closures.isPending ? (
        <LoadingIndicator />
      ) : closures.isError ? (
        <p role="alert">The closures could not be loaded. {ADMIN_MESSAGES.genericFailure}</p>
      ) : closures.data.length === 0 ? (
        <p className="ui-empty ui-empty--quiet">No closure: school days are weekdays that are not public holidays.</p>
      ) : (
        <ul className="admin-sessions" aria-label="School closures">
          {closures.data.map((c) => (
            <li key={c.id_slug} className="admin-sessions__item">
              <div>
                <strong>{c.title}</strong>
                <div className="admin-sessions__sub">{when(c)}</div>
              </div>
              {admin && (
                <div className="admin-sessions__actions">
                  <Button
                    size="sm"
                    variant="ghost"
                    className="admin-danger-text"
                    aria-label={`Delete ${c.title}`}
                    disabled={remove.isPending}
                    onClick={() => onDelete(c)}
                  >
                    Delete
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {admin && (
        <form className="ui-stack" aria-label="Add a closure" onSubmit={onAdd} noValidate>
          {otherError(err, ['from', 'to', 'title']) && <p role="alert">{otherError(err, ['from', 'to', 'title'])}</p>}
          <TextField
            label="From"
            type="date"
            required
            value={draft.from}
            onChange={(e) => set('from', e.target.value)}
            error={fieldError(err, 'from')}
          />
          <TextField
            label="To"
            type="date"
            required
            value={draft.to}
            onChange={(e) => set('to', e.target.value)}
            error={fieldError(err, 'to')}
          />
          <TextField
            label="Title"
            required
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
            error={fieldError(err, 'title')}
            hint="Such as Staff retreat"
          />
          <div className="admin-sessions__actions">
            <Button type="submit" disabled={add.isPending}>
              Add closure
            </Button>
          </div>
        </form>
      )}
      {dialog}
    </section>
  );
}

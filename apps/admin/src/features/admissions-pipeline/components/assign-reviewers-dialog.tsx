import { type AdmissionSelection, type StaffMember } from '@school/contracts';
import { Button, LoadingIndicator, Modal, TextField, useRouteMutation, useRouteQuery } from '@school/ui';
import { useEffect, useId, useState } from 'react';
import { applicationsChanged } from '../../../components/admissions/application-keys';
import { errorMessage } from '../../../lib/api-errors';
import { useNotify } from '../../../lib/notice';
import '../../../components/admissions/admissions.css';
import { RefusedApplications } from './refused-applications';

export interface AssignReviewersDialogProps {
  open: boolean;
  /** The applications every chosen reviewer is assigned to. */
  applicationIds: string[];
  /** Instead of the ids: every application matching the pipeline's filter, `count` of them now. */
  matching?: { filter: AdmissionSelection; count: number };
  onClose: () => void;
  /** After the assignment succeeded (the dialog is closed). */
  onDone?: () => void;
}

const SEARCH_DELAY_MS = 300;
const fullName = (s: { first_name: string; last_name: string }) => `${s.first_name} ${s.last_name}`.trim();

/** Search staff (admins and instructors), pick one or more, and assign each to every application. */
export function AssignReviewersDialog({ open, applicationIds, matching, onClose, onDone }: AssignReviewersDialogProps) {
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<StaffMember[]>([]);
  const [missing, setMissing] = useState(false);
  const legendId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const staff = useRouteQuery('admissionsStaff', { query: { search_query: query || undefined } }, { enabled: open });
  // Told from the mutation itself: assigned applications may leave a list filtered by status, and
  // the bulk bar holding this dialog with them.
  const assign = useRouteMutation('admissionsAssignReviewers', {
    invalidates: (v) => applicationsChanged(v.body.application_ids ?? 'all'),
    onSuccess: (answer, v) => {
      const reviewers = v.body.reviewer_ids.length;
      const { applications } = answer.data;
      notify.success(
        `${reviewers === 1 ? '1 reviewer' : `${reviewers} reviewers`} assigned to ${
          applications === 1 ? '1 application' : `${applications} applications`
        }.`,
      );
      onDone?.();
    },
  });

  const close = () => {
    setSearch('');
    setQuery('');
    setChosen([]);
    setMissing(false);
    assign.reset();
    onClose();
  };

  const toggle = (member: StaffMember, on: boolean) =>
    setChosen((list) => (on ? [...list, member] : list.filter((m) => m.id_slug !== member.id_slug)));

  const submit = () => {
    if (chosen.length === 0) {
      setMissing(true);
      return;
    }
    const reviewer_ids = chosen.map((m) => m.id_slug);
    assign.mutate(
      { body: matching ? { matching: matching.filter, reviewer_ids } : { application_ids: applicationIds, reviewer_ids } },
      { onSuccess: close },
    );
  };

  const count = matching ? matching.count : applicationIds.length;
  return (
    <Modal
      open={open}
      onClose={close}
      title="Assign reviewers"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} loading={assign.isPending}>
            {assign.isPending ? 'Assigning...' : 'Assign reviewers'}
          </Button>
        </>
      }
    >
      <div className="ui-stack">
        <p className="ui-muted ui-muted--small">
          Each reviewer you choose is assigned to {count === 1 ? 'this application' : `the ${count} selected applications`}.
        </p>
        <TextField
          label="Search staff"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Name or email"
        />
        {chosen.length > 0 && (
          <p className="admin-pipeline-chosen">
            <span className="ui-muted">Chosen: </span>
            {chosen.map(fullName).join(', ')}
          </p>
        )}
        <fieldset className="admin-pipeline-staff" aria-describedby={missing ? `${legendId}-error` : undefined}>
          <legend id={legendId}>Staff</legend>
          {staff.isPending ? (
            <LoadingIndicator />
          ) : staff.isError ? (
            <p role="alert">{errorMessage(staff.error)}</p>
          ) : staff.data.data.length === 0 ? (
            <p className="ui-muted ui-muted--small">No staff account matches your search.</p>
          ) : (
            <ul className="ui-plain-list admin-pipeline-staff__list">
              {staff.data.data.map((m) => (
                <li key={m.id_slug}>
                  <label className="admin-pipeline-option">
                    <input
                      type="checkbox"
                      checked={chosen.some((c) => c.id_slug === m.id_slug)}
                      onChange={(e) => {
                        setMissing(false);
                        toggle(m, e.target.checked);
                      }}
                    />
                    {fullName(m)}
                    <span className="admin-table__sub">
                      {m.email} · {m.role === 'ADMIN' ? 'Admin' : 'Instructor'}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        {missing && (
          <p id={`${legendId}-error`} className="admin-danger-text" role="alert">
            Choose at least one reviewer
          </p>
        )}
        {assign.isError && <RefusedApplications error={assign.error} listFrom={2} />}
      </div>
    </Modal>
  );
}

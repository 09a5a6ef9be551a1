import {
  ADMIN_MESSAGES,
  type AdminCohort,
  ApiError,
  type CertificateRulesResponse,
  type IssuedCertificate,
  type IssuedCertificateState,
  REASON_REQUIRED,
} from '@school/contracts';
import { Button, formatDate, Modal, SelectField, TextAreaField, TextField, useRouteMutation, useRouteQuery, useSession } from '@school/ui';
import { useState } from 'react';
import { ListTable, type Column } from '../../../components/list-table';
import { QueryView } from '../../../components/query-view';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';
import { saveCsv } from '../../../lib/save-csv';

const failure = (e: unknown) => (e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : ADMIN_MESSAGES.genericFailure);

/** The completion rules of one certificate of the cohort: lessons completed, mandatory items graded, a minimum weighted total. */
function RulesForm({ cohortId, rules }: { cohortId: string; rules: CertificateRulesResponse }) {
  const [lessons, setLessons] = useState(String(rules.min_lessons_percent));
  const [mandatory, setMandatory] = useState(rules.require_mandatory_graded);
  const [total, setTotal] = useState(String(rules.min_weighted_total));
  const save = useRouteMutation('adminUpdateCertificateRules', { invalidates: invalidations.adminUpdateCertificateRules });
  const notify = useNotify();
  const valid = (v: string) => v.trim() !== '' && Number(v) >= 0 && Number(v) <= 100;
  const id = `rules-${rules.certificate_id_slug}`;
  return (
    <form
      className="admin-certificate-rules"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid(lessons) || !valid(total)) return;
        save.mutate(
          {
            params: { cohortId, certificateId: rules.certificate_id_slug },
            body: { min_lessons_percent: Number(lessons), require_mandatory_graded: mandatory, min_weighted_total: Number(total) },
          },
          { onSuccess: () => notify.success('Completion rules saved.'), onError: (err) => notify.error(failure(err)) },
        );
      }}
    >
      <h3 id={`${id}-title`} className="admin-certificate-rules__title">
        {rules.certificate_title}
      </h3>
      <TextField
        label="Lessons completed (%)"
        type="number"
        min={0}
        max={100}
        step="any"
        value={lessons}
        onChange={(e) => setLessons(e.target.value)}
        error={valid(lessons) ? undefined : 'Enter a percentage from 0 to 100'}
        hint="100 means every lesson"
      />
      <label className="admin-certificate-rules__check">
        <input type="checkbox" checked={mandatory} onChange={(e) => setMandatory(e.target.checked)} />
        Every mandatory grade item graded
      </label>
      <TextField
        label="Minimum weighted total (%)"
        type="number"
        min={0}
        max={100}
        step="any"
        value={total}
        onChange={(e) => setTotal(e.target.value)}
        error={valid(total) ? undefined : 'Enter a percentage from 0 to 100'}
      />
      <Button type="submit" size="sm" loading={save.isPending}>
        Save rules
      </Button>
    </form>
  );
}

/** Asks for the reason of a revocation or a reissue, then runs it. */
function ReasonDialog({
  title,
  action,
  busy,
  onClose,
  onSubmit,
}: {
  title: string;
  action: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = () => (reason.trim() ? onSubmit(reason.trim()) : setError(REASON_REQUIRED));
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={busy}>
            {action}
          </Button>
        </>
      }
    >
      <TextAreaField label="Reason" required value={reason} onChange={(e) => setReason(e.target.value)} error={error} rows={3} />
    </Modal>
  );
}

/** Issues a certificate of the cohort to one of its students by hand, with a reason. */
function IssueDialog({ cohort, onClose }: { cohort: AdminCohort; onClose: () => void }) {
  const students = useRouteQuery('adminCohortStudents', { params: { cohortId: cohort.id_slug }, query: { page: 1, page_size: 100 } });
  const [certificate, setCertificate] = useState(cohort.certificates[0]?.id_slug ?? '');
  const [student, setStudent] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const issue = useRouteMutation('adminIssueCertificate', { invalidates: invalidations.adminIssueCertificate });
  const notify = useNotify();
  const submit = () => {
    if (!student || !certificate) return setError('Choose a student and a certificate');
    if (!reason.trim()) return setError(REASON_REQUIRED);
    issue.mutate(
      { params: { cohortId: cohort.id_slug, certificateId: certificate }, body: { user_id_slug: student, reason: reason.trim() } },
      {
        onSuccess: () => {
          notify.success('Certificate issued.');
          onClose();
        },
        onError: (err) => setError(failure(err)),
      },
    );
  };
  return (
    <Modal
      open
      onClose={onClose}
      title="Issue a certificate"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={issue.isPending}>
            Issue
          </Button>
        </>
      }
    >
      <div className="ui-stack">
        <SelectField
          label="Certificate"
          value={certificate}
          onChange={(e) => setCertificate(e.target.value)}
          options={cohort.certificates.map((c) => ({ value: c.id_slug, label: c.title }))}
        />
        <SelectField
          label="Student"
          value={student}
          placeholder="Choose a student"
          onChange={(e) => setStudent(e.target.value)}
          options={(students.data?.data ?? []).map((s) => ({ value: s.id_slug, label: `${s.first_name} ${s.last_name} (${s.email})` }))}
        />
        <TextAreaField label="Reason" required value={reason} onChange={(e) => setReason(e.target.value)} rows={3} />
        {error && (
          <p role="alert" className="ui-field__error">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}

const STATE_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'ISSUED', label: 'Issued' },
  { value: 'REVOKED', label: 'Revoked' },
];

/** Fetches the CSV export (it needs the bearer token, so a plain link cannot do) and saves it. */
async function exportCsv(client: ReturnType<typeof useSession>['client'], cohortId: string, state?: IssuedCertificateState) {
  const csv = await client.call('adminIssuedCertificatesExport', { params: { cohortId }, query: { state } });
  saveCsv(csv, `certificates-${cohortId}.csv`);
}

/** The cohort's issued and revoked certificates: filter by state, revoke, reissue, issue by hand, export. */
export function IssuedCertificates({ cohort }: { cohort: AdminCohort }) {
  const cohortId = cohort.id_slug;
  const { client } = useSession();
  const [state, setState] = useState<IssuedCertificateState | ''>('');
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<IssuedCertificate | null>(null);
  const [reissuing, setReissuing] = useState<IssuedCertificate | null>(null);
  const [issuing, setIssuing] = useState(false);
  const notify = useNotify();
  const rules = useRouteQuery('adminCertificateRules', { params: { cohortId } });
  const list = useRouteQuery('adminIssuedCertificates', {
    params: { cohortId },
    query: { page, page_size: 20, ...(state ? { state } : {}) },
  });
  const revoke = useRouteMutation('adminRevokeCertificate', { invalidates: invalidations.adminRevokeCertificate });
  const reissue = useRouteMutation('adminIssueCertificate', { invalidates: invalidations.adminIssueCertificate });

  const columns: Column<IssuedCertificate>[] = [
    {
      label: 'Student',
      render: (c) => (
        <>
          <span className="admin-table__title">
            {c.first_name} {c.last_name}
          </span>
          <span className="admin-table__sub">{c.email}</span>
        </>
      ),
    },
    { label: 'Certificate', render: (c) => c.certificate_title },
    { label: 'Credential ID', render: (c) => <code className="admin-credential-id">{c.credential_id}</code> },
    {
      label: 'State',
      render: (c) =>
        c.state === 'ISSUED' ? (
          'Issued'
        ) : (
          <>
            Revoked on {formatDate(c.revoked_at)}
            <span className="admin-table__sub">{c.revoke_reason}</span>
          </>
        ),
    },
    {
      label: 'Issued',
      render: (c) => (
        <>
          {formatDate(c.issued_at)}
          <span className="admin-table__sub">{c.issue_reason ?? 'Completion rules met'}</span>
        </>
      ),
    },
    {
      label: 'Actions',
      hideLabel: true,
      render: (c) =>
        c.state === 'ISSUED' ? (
          <Button size="sm" variant="secondary" onClick={() => setRevoking(c)} aria-label={`Revoke ${c.credential_id}`}>
            Revoke
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setReissuing(c)} aria-label={`Reissue ${c.credential_id}`}>
            Reissue
          </Button>
        ),
    },
  ];

  return (
    <div className="ui-stack">
      <section className="admin-card ui-stack" aria-labelledby="rules-title">
        <h2 id="rules-title" className="admin-section-title">
          Completion rules
        </h2>
        <p className="ui-muted ui-muted--small">A certificate is issued automatically to each student who meets all of its rules.</p>
        <QueryView query={rules} label="the completion rules">
          {(r) => (
            <div className="admin-certificate-rules-list">
              {r.data.map((x) => (
                <RulesForm
                  key={`${x.certificate_id_slug}:${x.min_lessons_percent}:${x.require_mandatory_graded}:${x.min_weighted_total}`}
                  cohortId={cohortId}
                  rules={x}
                />
              ))}
            </div>
          )}
        </QueryView>
      </section>
      <section className="admin-card ui-stack" aria-labelledby="issued-title">
        <div className="admin-row">
          <h2 id="issued-title" className="admin-section-title">
            Issued certificates
          </h2>
          <div className="admin-row">
            <Button size="sm" variant="secondary" onClick={() => setIssuing(true)} disabled={cohort.certificates.length === 0}>
              Issue a certificate
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => exportCsv(client, cohortId, state || undefined).catch(() => notify.error(ADMIN_MESSAGES.genericFailure))}
            >
              Export CSV
            </Button>
          </div>
        </div>
        <SelectField
          label="State"
          value={state}
          onChange={(e) => {
            setState(e.target.value as IssuedCertificateState | '');
            setPage(1);
          }}
          options={STATE_OPTIONS}
        />
        <QueryView query={list} label="the issued certificates">
          {(l) =>
            l.count === 0 ? (
              <p className="ui-empty ui-empty--quiet">No certificates {state === 'REVOKED' ? 'revoked' : 'issued'} yet.</p>
            ) : (
              <>
                <ListTable columns={columns} rows={l.data} rowKey={(c) => c.credential_id} />
                {l.num_pages > 1 && (
                  <div className="admin-row">
                    <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                      Previous
                    </Button>
                    <span className="ui-muted">
                      Page {page} of {l.num_pages}
                    </span>
                    <Button size="sm" variant="secondary" disabled={page >= l.num_pages} onClick={() => setPage(page + 1)}>
                      Next
                    </Button>
                  </div>
                )}
              </>
            )
          }
        </QueryView>
      </section>
      {revoking && (
        <ReasonDialog
          title={`Revoke the certificate of ${revoking.first_name} ${revoking.last_name}`}
          action="Revoke"
          busy={revoke.isPending}
          onClose={() => setRevoking(null)}
          onSubmit={(reason) =>
            revoke.mutate(
              { params: { credentialId: revoking.credential_id }, body: { reason } },
              {
                onSuccess: () => {
                  notify.success('Certificate revoked.');
                  setRevoking(null);
                },
                onError: (err) => notify.error(failure(err)),
              },
            )
          }
        />
      )}
      {reissuing && (
        <ReasonDialog
          title={`Reissue the certificate of ${reissuing.first_name} ${reissuing.last_name}`}
          action="Reissue"
          busy={reissue.isPending}
          onClose={() => setReissuing(null)}
          onSubmit={(reason) =>
            reissue.mutate(
              {
                params: { cohortId, certificateId: reissuing.certificate_id_slug },
                body: { user_id_slug: reissuing.user_id_slug, reason },
              },
              {
                onSuccess: () => {
                  notify.success('Certificate reissued.');
                  setReissuing(null);
                },
                onError: (err) => notify.error(failure(err)),
              },
            )
          }
        />
      )}
      {issuing && <IssueDialog cohort={cohort} onClose={() => setIssuing(false)} />}
    </div>
  );
}

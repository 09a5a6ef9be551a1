import { getInitiative, intakeOptions } from '@school/catalogue/data';
import { APPLICATION_STATUS_LABELS, type ErasureRequest, type ErasureStatus } from '@school/contracts';
import {
  Button,
  formatDate,
  Modal,
  Pagination,
  routeKey,
  routeQueryKey,
  SelectField,
  TextAreaField,
  TextField,
  useConfirm,
  useRouteMutation,
  useRouteQuery,
} from '@school/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { applicationTitle } from '../../components/admissions/reference';
import { type Column, ListTable } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { errorMessage, fieldError } from '../../lib/api-errors';
import { useIntakeParam } from '../../lib/intakes';
import { useNotify } from '../../lib/notice';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import '../../components/admissions/admissions.css';
import './admissions-records.css';

const REQUEST_STATUS: Record<ErasureStatus, string> = { PENDING: 'Waiting for a decision', CONFIRMED: 'Erased', REFUSED: 'Refused' };

/**
 * /admin/applications/records?intake=: how long the intake keeps unsuccessful applications before
 * their personal data is erased, and the applicants' requests to erase theirs (confirm or refuse).
 */
export function RecordsPage() {
  const [intake, setIntake] = useIntakeParam();
  usePageTitle('Records and erasure');
  const intakes = intakeOptions();
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader
        title="Records and erasure"
        subtitle="How long unsuccessful applications are kept, and applicants' requests to erase their data."
        back={{ to: paths.applications, label: 'Applications' }}
      />
      {intakes.length > 1 && (
        <SelectField
          label="Intake"
          options={intakes}
          value={intake}
          onChange={(e) => setIntake(e.target.value)}
          className="admin-records__intake"
        />
      )}
      <RetentionForm key={intake} intake={intake} />
      <ErasureRequests />
    </div>
  );
}

/** The intake's retention period in months (the default until an admin sets one). */
function RetentionForm({ intake }: { intake: string }) {
  const notify = useNotify();
  const params = { intake };
  const query = useRouteQuery('admissionsRetention', { params }, { select: (r) => r.data });
  const [months, setMonths] = useState<string | null>(null);
  const save = useRouteMutation('admissionsSetRetention', {
    invalidates: () => [],
    onSuccess: (answer, _v, qc) => {
      qc.setQueryData(routeQueryKey('admissionsRetention', { params }), answer);
      setMonths(null);
      notify.success(`Retention saved: unsuccessful applications are anonymised ${answer.data.months} months after they end.`);
    },
  });
  const title = getInitiative(intake)?.title ?? intake;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ params, body: { months: Number(months ?? query.data?.months) } });
  };
  const error = save.isError ? save.error : null;
  return (
    <section className="ui-stack" aria-labelledby="retention-title">
      <h2 id="retention-title">Retention</h2>
      <QueryView query={query} label="the retention period" homePath={paths.applications}>
        {(r) => (
          <>
            <p className="ui-muted ui-muted--small">
              The personal data of an unsuccessful application to {title} (rejected, not eligible, declined, withdrawn or expired) is erased
              by a daily job {r.months} months after it ended{r.set ? '' : ' (the default)'}: answers, name, email, phones, date of birth
              and documents. Its reference, state and dates stay for the figures.
            </p>
            <form className="admin-inline-form" noValidate onSubmit={submit} aria-label="Set the retention period">
              <TextField
                label="Retention (months)"
                type="number"
                inputMode="numeric"
                min={1}
                max={120}
                value={months ?? String(r.months)}
                onChange={(e) => setMonths(e.target.value)}
                error={error ? (fieldError(error, 'months') ?? errorMessage(error)) : undefined}
              />
              <Button type="submit" disabled={save.isPending}>
                Save
              </Button>
            </form>
          </>
        )}
      </QueryView>
    </section>
  );
}

/** The applicants' erasure requests: pending ones first, each confirmed (erased at once) or refused with a reason. */
function ErasureRequests() {
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const query = useRouteQuery('admissionsErasureRequests', { query: { page } });
  const { confirm, dialog } = useConfirm();
  const [refusing, setRefusing] = useState<ErasureRequest | null>(null);
  const invalidates = () => [routeKey('admissionsErasureRequests'), routeKey('admissionsList'), routeKey('admissionsDetail')];
  const confirmErasure = useRouteMutation('admissionsConfirmErasure', {
    invalidates,
    onSuccess: () => notify.success('The application’s personal data is erased, and the applicant is told by email.'),
  });

  const ask = async (r: ErasureRequest) => {
    const ok = await confirm({
      title: 'Erase this applicant’s data?',
      message: `${r.full_name}'s answers, name, email, phones, date of birth and documents are erased now${
        r.application_status === 'REJECTED' ||
        r.application_status === 'DECLINED' ||
        r.application_status === 'WITHDRAWN' ||
        r.application_status === 'OFFER_EXPIRED'
          ? ''
          : ', and the application is withdrawn'
      }. This cannot be undone.`,
      confirmLabel: 'Erase',
      tone: 'danger',
    });
    if (ok) confirmErasure.mutate({ params: { applicationId: r.id_slug } });
  };

  const columns: Column<ErasureRequest>[] = [
    {
      label: 'Applicant',
      render: (r) =>
        r.anonymised_at ? (
          applicationTitle(r.id_slug)
        ) : (
          <>
            <Link to={`/admin/applications/${r.id_slug}`}>{applicationTitle(r.id_slug, r.full_name)}</Link>
            <br />
            <span className="ui-muted ui-muted--small">{r.email}</span>
          </>
        ),
    },
    { label: 'Intake', render: (r) => getInitiative(r.intake)?.title ?? r.intake },
    { label: 'Application', render: (r) => APPLICATION_STATUS_LABELS[r.application_status] },
    { label: 'Asked on', render: (r) => formatDate(r.requested_at) },
    {
      label: 'Request',
      render: (r) => (
        <>
          {REQUEST_STATUS[r.status]}
          {r.decided_at && ` on ${formatDate(r.decided_at)}`}
          {r.decided_by && ` by ${r.decided_by.first_name} ${r.decided_by.last_name}`}
          {r.status === 'REFUSED' && <span className="admin-records__reason">{r.reason}</span>}
        </>
      ),
    },
    {
      label: 'Actions',
      hideLabel: true,
      render: (r) =>
        r.status === 'PENDING' && (
          <div className="admin-records__actions">
            <Button size="sm" variant="danger" disabled={confirmErasure.isPending} onClick={() => void ask(r)}>
              Erase data
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setRefusing(r)}>
              Refuse
            </Button>
          </div>
        ),
    },
  ];

  return (
    <section className="ui-stack" aria-labelledby="erasure-title">
      <h2 id="erasure-title">Erasure requests</h2>
      <p className="ui-muted ui-muted--small">
        Applicants ask through their private link. An applicant holding an open offer or a place cannot ask until it ends.
      </p>
      {confirmErasure.isError && <p role="alert">{errorMessage(confirmErasure.error)}</p>}
      <QueryView query={query} label="the erasure requests" homePath={paths.applications}>
        {(result) =>
          result.count === 0 ? (
            <p>No applicant has asked for their data to be erased.</p>
          ) : (
            <>
              <p className="ui-muted ui-muted--small">{result.count === 1 ? '1 request' : `${result.count} requests`}</p>
              <div className="admin-records__table">
                <ListTable columns={columns} rows={result.data} rowKey={(r) => r.id_slug} />
              </div>
              <Pagination page={page} numPages={result.num_pages} onChange={setPage} label="Erasure request pages" />
            </>
          )
        }
      </QueryView>
      {refusing && <RefuseDialog request={refusing} onClose={() => setRefusing(null)} />}
      {dialog}
    </section>
  );
}

function RefuseDialog({ request, onClose }: { request: ErasureRequest; onClose: () => void }) {
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const refuse = useRouteMutation('admissionsRefuseErasure', {
    invalidates: () => [routeKey('admissionsErasureRequests')],
    onSuccess: () => notify.success('The request is refused, and the applicant is told why by email.'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    refuse.mutate({ params: { applicationId: request.id_slug }, body: { reason } }, { onSuccess: onClose });
  };
  const error = refuse.isError ? refuse.error : null;
  return (
    <Modal
      open
      onClose={onClose}
      title="Refuse the erasure request"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="refuse-erasure" disabled={refuse.isPending}>
            Refuse the request
          </Button>
        </>
      }
    >
      <form id="refuse-erasure" noValidate onSubmit={submit} className="ui-stack">
        <p>{applicationTitle(request.id_slug, request.full_name)} is emailed the reason.</p>
        <TextAreaField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={error ? (fieldError(error, 'reason') ?? errorMessage(error)) : undefined}
        />
      </form>
    </Modal>
  );
}

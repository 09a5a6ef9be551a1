import { type StudentSummary } from '@school/contracts';
import { AppLink, Button, Card, LoadingIndicator, PaymentDetailsForm, routeQueryKey, useRouteMutation, useRouteQuery } from '@school/ui';
import { useState } from 'react';
import { LoadError } from '../../../components/query-view';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';
import { paths } from '../../../lib/paths';
import './payment-details-panel.css';

/**
 * A trainee's allowance payment details in full, for finance staff: opening the panel is a read the
 * audit log records (the API records it with the answer), as is every correction.
 */
export function PaymentDetailsPanel({ student }: { student: StudentSummary }) {
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  // Never kept in the cache after the page: each view is a read of its own, and recorded.
  const query = useRouteQuery(
    'adminStudentPaymentDetails',
    { params: { userIdSlug: student.id_slug } },
    { gcTime: 0, staleTime: Infinity },
  );
  const save = useRouteMutation('adminSaveStudentPaymentDetails', {
    invalidates: invalidations.adminSaveStudentPaymentDetails,
    onSuccess: (answer, _v, queryClient) =>
      queryClient.setQueryData(routeQueryKey('adminStudentPaymentDetails', { params: { userIdSlug: student.id_slug } }), answer),
  });
  const details = query.data?.details;

  return (
    <Card as="section" aria-labelledby="payment-details-title" className="admin-payment">
      <div className="admin-payment__head">
        <h2 id="payment-details-title">Allowance payment details</h2>
        <AppLink to={paths.auditLog({ subject_name: `${student.first_name} ${student.last_name}`, student: student.id_slug })}>
          Access log
        </AppLink>
      </div>
      <p className="ui-muted ui-muted--small">Visible to finance staff only. Your view of these details is recorded in the audit log.</p>
      {query.isPending ? (
        <LoadingIndicator />
      ) : query.isError ? (
        <LoadError label="the payment details" onRetry={() => query.refetch()} />
      ) : editing ? (
        <PaymentDetailsForm
          initial={details}
          submitLabel="Save payment details"
          onCancel={() => setEditing(false)}
          save={async (body) => {
            await save.mutateAsync({ params: { userIdSlug: student.id_slug }, body });
            setEditing(false);
            notify.success('Payment details saved.');
          }}
        />
      ) : (
        <>
          {details ? (
            <dl className="admin-payment__facts">
              <dt>IC or passport number</dt>
              <dd>{details.id_number ?? 'Not recorded'}</dd>
              <dt>Bank</dt>
              <dd>{details.bank_name ?? 'Not recorded'}</dd>
              <dt>Account number</dt>
              <dd>{details.account_number ?? 'Not recorded'}</dd>
              <dt>Account holder</dt>
              <dd>{details.account_holder ?? 'Not recorded'}</dd>
            </dl>
          ) : (
            <p>{student.first_name} has not entered payment details yet.</p>
          )}
          <div>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {details ? 'Correct details' : 'Enter details'}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

import { FINANCE_MESSAGES } from '@school/contracts';
import { useState } from 'react';
import { Button } from '../button/button';
import { routeKey, useRouteMutation, useRouteQuery } from '../route-query/route-query';
import { PaymentDetailsForm } from './payment-details-form';

/**
 * A trainee's own allowance payment details: entered once, then shown masked (the last 4 characters
 * of the numbers) with a way to replace them. The full values never come back to the page.
 */
export function PaymentDetailsSection() {
  const query = useRouteQuery('myPaymentDetails', {});
  const save = useRouteMutation('saveMyPaymentDetails', { invalidates: () => [routeKey('myPaymentDetails')] });
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  if (query.isPending) return <p className="ui-settings__muted">Loading...</p>;
  if (query.isError)
    return (
      <p role="alert" className="ui-settings__error">
        Your payment details could not be loaded.{' '}
        <Button size="sm" variant="ghost" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </p>
    );
  const details = query.data.details;

  if (!details || editing)
    return (
      <>
        <p className="ui-settings__muted">
          Your monthly allowance is paid into this account. Only the programme&apos;s finance staff can see these details, and every time
          they do is recorded.
        </p>
        <PaymentDetailsForm
          submitLabel={details ? 'Replace payment details' : 'Save payment details'}
          onCancel={details ? () => setEditing(false) : undefined}
          save={async (body) => {
            await save.mutateAsync({ body });
            setEditing(false);
            setSaved(true);
          }}
        />
      </>
    );

  return (
    <div className="ui-settings-form">
      {saved && <output className="ui-settings__muted">{FINANCE_MESSAGES.saved}</output>}
      <dl className="ui-settings__facts">
        <dt>IC or passport number</dt>
        <dd>ending in {details.id_number_last4}</dd>
        <dt>Bank</dt>
        <dd>{details.bank_name}</dd>
        <dt>Account number</dt>
        <dd>ending in {details.account_number_last4}</dd>
        <dt>Account holder</dt>
        <dd>{details.account_holder}</dd>
      </dl>
      <div>
        <Button
          variant="secondary"
          onClick={() => {
            setSaved(false);
            setEditing(true);
          }}
        >
          Replace payment details
        </Button>
      </div>
    </div>
  );
}

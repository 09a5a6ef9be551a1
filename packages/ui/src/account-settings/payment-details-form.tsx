import { zodResolver } from '@hookform/resolvers/zod';
import { type PaymentDetails, type PaymentDetailsInput, PaymentDetailsInputSchema } from '@school/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { applyServerErrors } from './apply-server-errors';

const FIELDS = ['id_number', 'bank_name', 'account_number', 'account_holder'] as const;

/**
 * The allowance payment details: IC or passport number, bank, account number and holder, checked
 * with the contracts' rules and the server's field messages. Used by a trainee for their own and by
 * finance staff on a student's page. Browsers are asked not to remember the values.
 */
export function PaymentDetailsForm({
  initial,
  save,
  submitLabel,
  onCancel,
}: {
  initial?: PaymentDetails | null;
  save: (values: z.output<typeof PaymentDetailsInputSchema>) => Promise<void>;
  submitLabel: string;
  onCancel?: () => void;
}) {
  const { register, handleSubmit, formState, setError } = useForm<PaymentDetailsInput, unknown, z.output<typeof PaymentDetailsInputSchema>>(
    {
      resolver: zodResolver(PaymentDetailsInputSchema),
      mode: 'onTouched',
      defaultValues: {
        id_number: initial?.id_number ?? '',
        bank_name: initial?.bank_name ?? '',
        account_number: initial?.account_number ?? '',
        account_holder: initial?.account_holder ?? '',
      },
    },
  );
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save(values);
    } catch (e) {
      applyServerErrors(e, FIELDS, setError, 'Saving payment details');
      if (!(e && typeof e === 'object' && 'errors' in e && e.errors))
        setError('root', { message: 'The details could not be saved. Please try again.' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="ui-settings-form" autoComplete="off">
      <TextField
        label="IC or passport number"
        hint="MyKad: 12 digits, with or without dashes. Passport: 6 to 12 letters and digits."
        error={errors.id_number?.message}
        autoComplete="off"
        spellCheck={false}
        {...register('id_number')}
      />
      <TextField label="Bank name" error={errors.bank_name?.message} autoComplete="off" {...register('bank_name')} />
      <TextField
        label="Account number"
        hint="Digits only, 6 to 20."
        inputMode="numeric"
        error={errors.account_number?.message}
        autoComplete="off"
        spellCheck={false}
        {...register('account_number')}
      />
      <TextField label="Account holder name" error={errors.account_holder?.message} autoComplete="off" {...register('account_holder')} />
      {errors.root?.message && (
        <p role="alert" className="ui-settings__error">
          {errors.root.message}
        </p>
      )}
      <div className="ui-settings-form__actions">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

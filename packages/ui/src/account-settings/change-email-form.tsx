import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEmail, ChangeEmailSchema, emailChangePendingMessage } from '@school/contracts';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { useForm } from 'react-hook-form';
import { useChangeEmail, usePendingEmailChange } from './settings-api';
import { applyServerErrors } from './apply-server-errors';

/**
 * Current email, password and new email. The new address takes effect once its owner follows the
 * link mailed to it (the confirmation page alerts 'Email changed successfully!'); until then the
 * form shows the address waiting for it.
 */
export function ChangeEmailForm() {
  const change = useChangeEmail();
  const pending = usePendingEmailChange();
  const { register, handleSubmit, formState, setError, reset } = useForm<ChangeEmail>({
    resolver: zodResolver(ChangeEmailSchema),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      reset();
    } catch (e) {
      applyServerErrors(e, ['current_email', 'current_password', 'new_email'], setError, 'Email change');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="ui-settings-form" aria-labelledby="change-email-title">
      <h3 id="change-email-title" className="ui-settings-form__title">
        Change email
      </h3>
      {pending.data?.pending_email && (
        <output className="ui-settings__pending">{emailChangePendingMessage(pending.data.pending_email)}</output>
      )}
      <TextField
        label="Current email"
        type="email"
        autoComplete="email"
        error={errors.current_email?.message}
        {...register('current_email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...register('current_password')}
      />
      <TextField label="New email" type="email" autoComplete="off" error={errors.new_email?.message} {...register('new_email')} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Change email'}
        </Button>
      </div>
    </form>
  );
}

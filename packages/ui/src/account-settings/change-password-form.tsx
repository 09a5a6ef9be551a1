import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePassword, ChangePasswordSchema } from '@school/contracts';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { useForm } from 'react-hook-form';
import { useChangePassword } from './settings-api';
import { PASSWORD_CHANGED_ALERT } from './settings-messages';
import { applyServerErrors } from './apply-server-errors';

/** Current, new and confirmed password; success alerts and reloads (the session continues with the new tokens). */
export function ChangePasswordForm({ reload }: { reload: () => void }) {
  const change = useChangePassword();
  const { register, handleSubmit, formState, setError } = useForm<ChangePassword>({
    resolver: zodResolver(ChangePasswordSchema),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      window.alert(PASSWORD_CHANGED_ALERT);
      reload();
    } catch (e) {
      applyServerErrors(e, ['old_password', 'new_password', 'confirm_new_password'], setError, 'Password change');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="ui-settings-form" aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="ui-settings-form__title">
        Change password
      </h3>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.old_password?.message}
        {...register('old_password')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.new_password?.message}
        {...register('new_password')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm_new_password?.message}
        {...register('confirm_new_password')}
      />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}

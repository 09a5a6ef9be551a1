import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEmail, ChangeEmailSchema } from '@school/contracts';
import { Button, TextField, useSession } from '@school/ui';
import { useForm } from 'react-hook-form';
import { useChangeEmail } from '../api/change-email';
import { reloadPage } from '../reload';
import { EMAIL_CHANGED_ALERT } from '../settings-messages';
import { applyServerErrors } from './apply-server-errors';

/** Current email, password and new email; success updates the user, alerts and reloads. */
export function ChangeEmailForm() {
  const { setUser } = useSession();
  const change = useChangeEmail();
  const { register, handleSubmit, formState, setError } = useForm<ChangeEmail>({
    resolver: zodResolver(ChangeEmailSchema),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await change.mutateAsync(values);
      setUser(user);
      window.alert(EMAIL_CHANGED_ALERT);
      reloadPage();
    } catch (e) {
      applyServerErrors(e, ['current_email', 'current_password', 'new_email'], setError, 'Email change');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="learn-form" aria-labelledby="change-email-title">
      <h3 id="change-email-title" className="learn-form__title">
        Change email
      </h3>
      <TextField label="Current email" type="email" autoComplete="email" error={errors.current_email?.message} {...register('current_email')} />
      <TextField label="Password" type="password" autoComplete="current-password" error={errors.current_password?.message} {...register('current_password')} />
      <TextField label="New email" type="email" autoComplete="off" error={errors.new_email?.message} {...register('new_email')} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Change email'}
        </Button>
      </div>
    </form>
  );
}

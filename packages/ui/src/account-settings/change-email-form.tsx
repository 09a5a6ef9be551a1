import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEmail, ChangeEmailSchema } from '@school/contracts';
import { Button } from '../button/button';
import { useSession } from '../session';
import { TextField } from '../text-field/text-field';
import { useForm } from 'react-hook-form';
import { useChangeEmail } from './settings-api';
import { EMAIL_CHANGED_ALERT } from './settings-messages';
import { applyServerErrors } from './apply-server-errors';

/** Current email, password and new email; success updates the user, alerts and reloads. */
export function ChangeEmailForm({ reload }: { reload: () => void }) {
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
      reload();
    } catch (e) {
      applyServerErrors(e, ['current_email', 'current_password', 'new_email'], setError, 'Email change');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="ui-settings-form" aria-labelledby="change-email-title">
      <h3 id="change-email-title" className="ui-settings-form__title">
        Change email
      </h3>
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

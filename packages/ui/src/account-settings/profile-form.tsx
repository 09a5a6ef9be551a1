import { zodResolver } from '@hookform/resolvers/zod';
import { type ProfileUpdate, ProfileUpdateSchema } from '@school/contracts';
import { Button } from '../button/button';
import { useSession } from '../session';
import { TextField } from '../text-field/text-field';
import { useForm } from 'react-hook-form';
import { useRouteMutation } from '../route-query/route-query';
import { PROFILE_UPDATED_ALERT } from './settings-messages';
import { applyServerErrors } from './apply-server-errors';

/** First and last name; success alerts and reloads the page. */
export function ProfileForm({ reload }: { reload: () => void }) {
  const { user, setUser } = useSession();
  // The page reloads after the change, so no read needs refreshing.
  const update = useRouteMutation('profileUpdate', { invalidates: () => [] });
  const { register, handleSubmit, formState, setError } = useForm<ProfileUpdate>({
    resolver: zodResolver(ProfileUpdateSchema),
    mode: 'onTouched',
    defaultValues: { first_name: user?.first_name ?? '', last_name: user?.last_name ?? '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { user: updated } = await update.mutateAsync({ body: values });
      setUser(updated);
      window.alert(PROFILE_UPDATED_ALERT);
      reload();
    } catch (e) {
      applyServerErrors(e, ['first_name', 'last_name'], setError, 'Profile update');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="ui-settings-form">
      <div className="ui-settings-form__row">
        <TextField label="First name" autoComplete="given-name" error={errors.first_name?.message} {...register('first_name')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.last_name?.message} {...register('last_name')} />
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}

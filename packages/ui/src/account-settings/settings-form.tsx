import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { applyServerErrors } from './apply-server-errors';

export interface SettingsField<T> {
  name: Path<T>;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
}

/**
 * A titled account-settings form: its fields checked with the schema, the submit button ("Saving..."
 * while it runs), and the server's field messages beside their fields when the save fails.
 */
export function SettingsForm<T extends FieldValues>({
  id,
  title,
  schema,
  fields,
  what,
  save,
  notice,
  resetOnSave,
}: {
  /** The form's id: its title is `${id}-title`. */
  id: string;
  /** The title, also the submit button's label. */
  title: string;
  schema: z.ZodType<T, T>;
  fields: SettingsField<T>[];
  /** What is saved, for the console when it fails (e.g. 'Email change'). */
  what: string;
  save: (values: T) => Promise<void>;
  /** Shown under the title (e.g. the address an email change waits for). */
  notice?: ReactNode;
  /** Empties the fields once saved (when the page stays as it is). */
  resetOnSave?: boolean;
}) {
  const { register, handleSubmit, formState, setError, reset } = useForm<T>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save(values);
      if (resetOnSave) reset();
    } catch (e) {
      applyServerErrors(
        e,
        fields.map((f) => f.name),
        setError,
        what,
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="ui-settings-form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="ui-settings-form__title">
        {title}
      </h3>
      {notice}
      {fields.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          type={f.type}
          autoComplete={f.autoComplete}
          error={errors[f.name]?.message as string | undefined}
          {...register(f.name)}
        />
      ))}
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : title}
        </Button>
      </div>
    </form>
  );
}

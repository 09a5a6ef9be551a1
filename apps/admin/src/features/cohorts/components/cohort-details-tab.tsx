import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES, UpdateCohortSchema, isApiError, type AdminCohort } from '@school/contracts';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fromLocalInput, toLocalInput } from '../../../lib/dates';
import { SaveButtons } from '../../../components/save-buttons';
import { useNotify } from '../../../lib/notice';
import { invalidations } from '../../../lib/invalidations';
import { useRouteMutation } from '@school/ui';
import { CohortFields } from './cohort-date-fields';

type Form = z.input<typeof UpdateCohortSchema>;

/** Edit the title and dates; Save is enabled only when something changed. */
export function CohortDetailsTab({ cohort }: { cohort: AdminCohort }) {
  const notify = useNotify();
  const update = useRouteMutation('adminCohortUpdate', { invalidates: invalidations.adminCohortUpdate });
  const values = useMemo<Form>(
    () => ({
      title: cohort.title,
      start_date: toLocalInput(cohort.start_date),
      end_date: toLocalInput(cohort.end_date),
      end_access_date: toLocalInput(cohort.end_access_date),
      result_open_date: cohort.result_open_date ? toLocalInput(cohort.result_open_date) : null,
    }),
    [cohort.title, cohort.start_date, cohort.end_date, cohort.end_access_date, cohort.result_open_date],
  );
  const form = useForm<Form, unknown, z.output<typeof UpdateCohortSchema>>({
    resolver: zodResolver(UpdateCohortSchema),
    defaultValues: values,
  });
  const { errors, isDirty } = form.formState;

  useEffect(() => form.reset(values), [values, form]);

  const onSubmit = form.handleSubmit((body) =>
    update
      .mutateAsync({
        params: { cohortId: cohort.id_slug },
        body: {
          title: body.title,
          start_date: fromLocalInput(body.start_date),
          end_date: fromLocalInput(body.end_date),
          end_access_date: fromLocalInput(body.end_access_date),
          result_open_date: body.result_open_date ? fromLocalInput(body.result_open_date) : null,
        },
      })
      .then(
        () => notify.success('Cohort updated.'),
        (err) => {
          // A refusal naming a field (a result date before an item's deadline, say) shows under that field.
          const fields = Object.entries(isApiError(err) ? (err.errors ?? {}) : {}).filter(([f]) => f in values);
          if (!fields.length) return notify.error(ADMIN_MESSAGES.genericFailure);
          for (const [f, message] of fields) form.setError(f as keyof Form, { message }, { shouldFocus: true });
        },
      ),
  );

  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate>
      <CohortFields register={form.register} errors={errors} />
      <div className="admin-form__actions">
        <SaveButtons dirty={isDirty} saving={update.isPending} onDiscard={() => form.reset(values)} />
      </div>
    </form>
  );
}

import { TextField } from '@school/ui';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

export interface CohortDatesForm {
  title: string;
  start_date: string;
  end_date: string;
  end_access_date: string;
  result_open_date?: string | null;
}

/** Title and the four dates of a cohort, entered as local date-times. */
export function CohortFields<F extends CohortDatesForm>({ register, errors }: { register: UseFormRegister<F>; errors: FieldErrors<F> }) {
  const reg = register as unknown as UseFormRegister<CohortDatesForm>;
  const err = errors as FieldErrors<CohortDatesForm>;
  return (
    <>
      <TextField label="Cohort title" required {...reg('title')} error={err.title?.message} />
      <div className="admin-form__grid">
        <TextField label="Start date" type="datetime-local" required {...reg('start_date')} error={err.start_date?.message} />
        <TextField label="End date" type="datetime-local" required {...reg('end_date')} error={err.end_date?.message} />
        <TextField
          label="End of access date"
          type="datetime-local"
          required
          {...reg('end_access_date')}
          error={err.end_access_date?.message}
        />
        <TextField
          label="Results open date"
          type="datetime-local"
          hint="Optional. Results open then for grade items without a result date of their own, and for those made when a course was linked and not changed since (which otherwise open at the cohort's end)."
          {...reg('result_open_date', { setValueAs: (v: string | null) => (v ? v : null) })}
          error={err.result_open_date?.message}
        />
      </div>
    </>
  );
}

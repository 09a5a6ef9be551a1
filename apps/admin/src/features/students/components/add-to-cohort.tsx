import type { ActiveCohort } from '@school/contracts';
import { ADMIN_MESSAGES } from '@school/contracts';
import { Button, SelectField, useRouteMutation } from '@school/ui';
import { useState } from 'react';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';

/** For a student with no enrolment: pick one of the active cohorts and add them to it. */
export function AddToCohort({
  student,
  cohorts,
}: {
  student: { id_slug: string; first_name: string; last_name: string };
  cohorts: ActiveCohort[];
}) {
  const [cohortId, setCohortId] = useState('');
  const add = useRouteMutation('adminAddStudent', { invalidates: invalidations.adminAddStudent });
  const notify = useNotify();
  const name = `${student.first_name} ${student.last_name}`;
  return (
    <div className="admin-inline-form">
      <SelectField
        label={`Cohort for ${name}`}
        hideLabel
        placeholder="Choose a cohort"
        options={cohorts.map((c) => ({ value: c.id_slug, label: c.title }))}
        value={cohortId}
        onChange={(e) => setCohortId(e.target.value)}
      />
      <Button
        size="sm"
        variant="secondary"
        disabled={!cohortId}
        loading={add.isPending}
        aria-label={`Add ${name} to the cohort`}
        onClick={() =>
          add.mutate(
            { params: { cohortId }, body: { user_id_slug: student.id_slug } },
            {
              onSuccess: () => notify.success(ADMIN_MESSAGES.studentAdded),
              onError: () => notify.error(ADMIN_MESSAGES.genericFailure),
            },
          )
        }
      >
        Add
      </Button>
    </div>
  );
}

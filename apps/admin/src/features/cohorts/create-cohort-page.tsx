import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES, CreateCohortSchema } from '@school/contracts';
import { Button, useRouteMutation, useSession } from '@school/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PageHeader } from '../../components/page-header';
import { fromLocalInput } from '../../lib/dates';
import { invalidations } from '../../lib/invalidations';
import { useNotify } from '../../lib/notice';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { CohortFields } from './components/cohort-date-fields';
import { CoursePicker, type PickedCourse } from './components/course-picker';

type Form = z.input<typeof CreateCohortSchema>;

/** /admin/create/cohort: title, dates and at least one linked course. */
export function CreateCohortPage() {
  usePageTitle('Create cohort');
  const { go } = useSession();
  const notify = useNotify();
  const create = useRouteMutation('adminCohortCreate', { invalidates: invalidations.adminCohortCreate });
  const [courses, setCourses] = useState<PickedCourse[]>([]);
  const form = useForm<Form, unknown, z.output<typeof CreateCohortSchema>>({
    resolver: zodResolver(CreateCohortSchema),
    defaultValues: { title: '', start_date: '', end_date: '', end_access_date: '', result_open_date: null, course_ids: [] },
  });
  const { errors } = form.formState;

  const pick = (course: PickedCourse) => {
    if (courses.some((c) => c.id_slug === course.id_slug)) return notify.error(ADMIN_MESSAGES.courseAlreadyAdded);
    const next = [...courses, course];
    setCourses(next);
    form.setValue(
      'course_ids',
      next.map((c) => c.id_slug),
    );
  };
  const unpick = (id: string) => {
    const next = courses.filter((c) => c.id_slug !== id);
    setCourses(next);
    form.setValue(
      'course_ids',
      next.map((c) => c.id_slug),
    );
  };

  const onSubmit = form.handleSubmit(
    (body) =>
      create
        .mutateAsync({
          body: {
            ...body,
            start_date: fromLocalInput(body.start_date),
            end_date: fromLocalInput(body.end_date),
            end_access_date: fromLocalInput(body.end_access_date),
            result_open_date: body.result_open_date ? fromLocalInput(body.result_open_date) : null,
          },
        })
        .then(
          (cohort) => {
            // The notice belongs to the new cohort's page; this page's notices go with it.
            notify.success('Cohort created.', { page: paths.cohort(cohort.id_slug) });
            go(paths.cohort(cohort.id_slug));
          },
          () => notify.error(ADMIN_MESSAGES.genericFailure),
        ),
    (invalid) => {
      if (invalid.course_ids) notify.error(ADMIN_MESSAGES.linkCourseRequired);
    },
  );

  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader title="Create cohort" back={{ to: paths.cohorts, label: 'Cohorts' }} />
      <form id="create-cohort-form" className="admin-form admin-card" onSubmit={onSubmit} noValidate>
        <CohortFields register={form.register} errors={errors} />
        <section aria-labelledby="linked-courses" className="ui-stack">
          <h2 id="linked-courses" className="admin-section-title">
            Courses
          </h2>
          {courses.length === 0 ? (
            <p className="ui-muted ui-muted--small">No course linked yet. Add at least one from the search below.</p>
          ) : (
            <ul className="admin-pick-list" aria-label="Linked courses">
              {courses.map((c) => (
                <li key={c.id_slug} className="admin-pick-list__item">
                  <span className="admin-table__title">{c.title}</span>
                  <Button size="sm" variant="ghost" onClick={() => unpick(c.id_slug)} aria-label={`Remove ${c.title}`}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </form>
      {/* The search has a form of its own, so it sits outside the cohort form; the submit button points back at it. */}
      <CoursePicker
        picked={new Set(courses.map((c) => c.id_slug))}
        onPick={pick}
        heading={<h2 className="admin-section-title">Link courses</h2>}
      />
      <div className="admin-form__actions">
        <Button type="submit" form="create-cohort-form" loading={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create cohort'}
        </Button>
      </div>
    </div>
  );
}

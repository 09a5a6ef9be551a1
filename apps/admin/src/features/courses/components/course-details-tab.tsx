import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES, UpdateCourseSchema, type AdminCourse } from '@school/contracts';
import { formatDateTime, TextAreaField, TextField, useRouteMutation } from '@school/ui';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { invalidations } from '../../../lib/invalidations';
import { SaveButtons } from '../../../components/save-buttons';
import { useNotify } from '../../../lib/notice';
import '../courses.css';

type Form = z.input<typeof UpdateCourseSchema>;

/** Edit the title and description; Save is enabled only when something changed. */
export function CourseDetailsTab({ course }: { course: AdminCourse }) {
  const notify = useNotify();
  const update = useRouteMutation('adminCourseUpdate', { invalidates: invalidations.adminCourseUpdate });
  const form = useForm<Form, unknown, z.output<typeof UpdateCourseSchema>>({
    resolver: zodResolver(UpdateCourseSchema),
    defaultValues: { title: course.title, description: course.description },
  });
  const { errors, isDirty } = form.formState;

  // A saved (or elsewhere changed) course becomes the new starting point.
  useEffect(() => form.reset({ title: course.title, description: course.description }), [course.title, course.description, form]);

  const onSubmit = form.handleSubmit((body) =>
    update.mutateAsync({ params: { courseId: course.id_slug }, body }).then(
      () => notify.success('Course updated.'),
      () => notify.error(ADMIN_MESSAGES.genericFailure),
    ),
  );

  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate>
      <TextField label="Course title" required {...form.register('title')} error={errors.title?.message} />
      <TextAreaField label="Description" rows={6} {...form.register('description')} error={errors.description?.message} />
      <p className="ui-muted ui-muted--small">
        Created {formatDateTime(course.created_date)} · Last changed {formatDateTime(course.modified_date)}
      </p>
      <div className="admin-form__actions">
        <SaveButtons dirty={isDirty} saving={update.isPending} onDiscard={() => form.reset()} />
      </div>
    </form>
  );
}

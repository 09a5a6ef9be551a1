import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES, CreateCourseSchema } from '@school/contracts';
import { Button, TextAreaField, TextField, useRouteMutation, useSession } from '@school/ui';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PageHeader } from '../../components/page-header';
import { invalidations } from '../../lib/invalidations';
import { useNotify } from '../../lib/notice';
import { COURSE_TABS, paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';

type Form = z.input<typeof CreateCourseSchema>;

/** /admin/create/course: title (required) and description; then on to the new course's curriculum. */
export function CreateCoursePage() {
  usePageTitle('Create course');
  const { go } = useSession();
  const notify = useNotify();
  const create = useRouteMutation('adminCourseCreate', { invalidates: invalidations.adminCourseCreate });
  const form = useForm<Form, unknown, z.output<typeof CreateCourseSchema>>({
    resolver: zodResolver(CreateCourseSchema),
    defaultValues: { title: '', description: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    create.mutateAsync({ body }).then(
      (course) => {
        const next = paths.course(course.id_slug, COURSE_TABS.curriculum);
        notify.success(ADMIN_MESSAGES.courseCreated, { page: next });
        go(next);
      },
      () => notify.error(ADMIN_MESSAGES.genericFailure),
    ),
  );

  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader title="Create course" back={{ to: paths.courses, label: 'Courses' }} />
      <form className="admin-form admin-card" onSubmit={onSubmit} noValidate>
        <TextField label="Course title" required {...form.register('title')} error={errors.title?.message} />
        <TextAreaField label="Description" rows={5} {...form.register('description')} error={errors.description?.message} />
        <div className="admin-form__actions">
          <Button type="submit" loading={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create course'}
          </Button>
        </div>
      </form>
    </div>
  );
}

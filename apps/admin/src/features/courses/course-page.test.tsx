import type { AdminCourse } from '@school/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byPath, mockRoutes, reply, type RouteHandler, type RouteHandlers } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { CoursePage } from './course-page';

const lesson = (id: string, title: string, order: number) => ({
  id_slug: id,
  title,
  description: '',
  order,
  lesson_type: 'READING' as const,
  video_lecture_id_slug: null,
  video_duration_seconds: null,
  reading_pdf_id_slugs: [],
  link_urls: [],
  quiz_group: null,
  project_group: null,
  cohort_grade: null,
});

const course = (): AdminCourse => ({
  id_slug: 'c1',
  title: 'Digital IC Design',
  description: '',
  created_date: '2025-09-01T09:00:00.000Z',
  modified_date: '2025-09-02T09:00:00.000Z',
  modules: [{ id_slug: 'm1', title: 'RTL design', order: 0, lessons: [lesson('l1', 'Logic reading', 0)], lessons_count: 1 }],
  cohorts: [],
  engagement: { active_students: 0, total_students: 0, total_dropped: 0, course_completion_percentage: 0, modules_engagement: [] },
});

afterEach(() => vi.unstubAllGlobals());
// The whole course page renders in each test: on a shared, busy machine that takes more than 5 s.

const openCourse = (tab = 1) => renderWithApi(<CoursePage />, `/admin/courses/c1?tab=${tab}`, '/admin/courses/:id');

async function deleteLesson(title: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Delete lesson ${title}` }));
  await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete this lesson?' })).getByRole('button', { name: 'Delete lesson' }));
}

describe('course page', () => {
  it("counts a module added with 'Add module' in its header, and names one lesson in the singular", async () => {
    mockRoutes(
      {
        adminCourseDetail: () => ({ data: course() }),
        adminAddModule: () => ({ id_slug: 'm2' }),
      },
      { user: ADMIN },
    );
    openCourse();
    expect(await screen.findByText('1 module · 1 lesson · 0 cohorts')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Module title'), 'Timing');
    await userEvent.click(screen.getByRole('button', { name: 'Add module' }));
    expect(await screen.findByText('2 modules · 1 lesson · 0 cohorts')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Module 2: Timing' })).toBeInTheDocument();
    expect(screen.getByText('Module added: Timing.')).toBeInTheDocument();
    // The new module is on the server already: nothing is left to save.
    expect(screen.getByRole('button', { name: 'Save curriculum' })).toBeDisabled();
  });

  it('keeps unsaved curriculum edits across tab switches', async () => {
    mockRoutes({ adminCourseDetail: () => ({ data: course() }) }, { user: ADMIN });
    openCourse();
    await deleteLesson('Logic reading');
    expect(screen.getByRole('button', { name: 'Save curriculum' })).toBeEnabled();
    await userEvent.click(screen.getByRole('tab', { name: 'Details' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Curriculum' }));
    expect(screen.getByRole('button', { name: 'Save curriculum' })).toBeEnabled();
    expect(screen.queryByText('Logic reading')).toBeNull();
    expect(screen.getByText('No lessons yet.')).toBeInTheDocument();
  });

  it('counts lessons in the header as the curriculum is edited, before it is saved', async () => {
    mockRoutes({ adminCourseDetail: () => ({ data: course() }) }, { user: ADMIN });
    openCourse();
    expect(await screen.findByText('1 module · 1 lesson · 0 cohorts')).toBeInTheDocument();
    await deleteLesson('Logic reading');
    expect(screen.getByText('1 module · 0 lessons · 0 cohorts · changes not saved')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByText('1 module · 1 lesson · 0 cohorts')).toBeInTheDocument();
  });

  it('asks before leaving the page with unsaved edits, and lets the user stay or leave', async () => {
    mockRoutes({ adminCourseDetail: () => ({ data: course() }) }, { user: ADMIN });
    const { router } = openCourse();
    await deleteLesson('Logic reading');

    await act(() => router.navigate('/admin/courses'));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/admin/courses/c1');
    expect(screen.getByRole('button', { name: 'Save curriculum' })).toBeEnabled();

    await act(() => router.navigate('/admin/courses'));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave page' }),
    );
    expect(await screen.findByText('Another page')).toBeInTheDocument();
  });

  it('asks the browser to confirm closing the tab only while edits are unsaved', async () => {
    mockRoutes({ adminCourseDetail: () => ({ data: course() }) }, { user: ADMIN });
    openCourse();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await screen.findByRole('button', { name: 'Delete lesson Logic reading' });
    expect(unload()).toBe(false);
    await deleteLesson('Logic reading');
    // The listener follows the draft in an effect, after the render that shows the edit.
    await waitFor(() => expect(unload()).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(unload()).toBe(false));
  });

  it('starts from what was saved after a save', async () => {
    let saved = course();
    const api = mockRoutes(
      {
        adminCourseDetail: () => ({ data: saved }),
        adminModulesUpdate: () => {
          saved = {
            ...saved,
            modified_date: '2025-09-03T09:00:00.000Z',
            modules: [{ ...saved.modules[0], lessons: [], lessons_count: 0 }],
          };
          return { id_slug: 'c1', modules: saved.modules };
        },
      },
      { user: ADMIN },
    );
    openCourse();
    await deleteLesson('Logic reading');
    await userEvent.click(screen.getByRole('button', { name: 'Save curriculum' }));
    expect(await screen.findByText('Curriculum saved.')).toBeInTheDocument();
    expect(await screen.findByText('1 module · 0 lessons · 0 cohorts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save curriculum' })).toBeDisabled();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it("replaces an existing lesson's video (with captions) and readings from the curriculum, sent when saved", async () => {
    const withMedia = course();
    withMedia.modules[0].lessons = [
      { ...lesson('l1', 'Logic reading', 0), reading_pdf_id_slugs: ['old-pdf'] },
      { ...lesson('l2', 'Logic video', 1), lesson_type: 'VIDEO', video_lecture_id_slug: 'old-vid', video_duration_seconds: 30 },
      { ...lesson('l3', 'Logic quiz', 2), lesson_type: 'QUIZ' },
    ];
    withMedia.modules[0].lessons_count = 3;
    const uploads: Record<string, { kind: 'video' | 'captions' | 'reading'; file: string }> = {
      video: { kind: 'video', file: 'new-vid' },
      captions: { kind: 'captions', file: 'new-cap' },
      reading: { kind: 'reading', file: 'new-pdf' },
    };
    const chunks: Record<string, RouteHandler<'lessonUploadChunk'>> = {};
    const handlers: RouteHandlers = {
      adminCourseDetail: () => ({ data: withMedia }),
      lessonUploadStart: (c) => {
        const kind = (c.body as { kind: string }).kind;
        return reply(201, { id_slug: `up-${kind}`, kind, size_bytes: 1, chunk_size: 8, offset: 0, file: null });
      },
      adminModulesUpdate: () => ({ id_slug: 'c1', modules: withMedia.modules }),
    };
    for (const { kind, file } of Object.values(uploads)) {
      chunks[`lessons/media/uploads/up-${kind}/chunks/0`] = () => ({
        id_slug: `up-${kind}`,
        kind,
        size_bytes: 1,
        chunk_size: 8,
        offset: 1,
        file: { id_slug: file, original_name: file, duration_seconds: kind === 'video' ? 12 : null },
      });
    }
    handlers.lessonUploadChunk = byPath(chunks);
    const api = mockRoutes(handlers, { user: ADMIN });
    openCourse();

    // Quizzes and projects have no files to replace; video and reading lessons do.
    await userEvent.click(await screen.findByRole('button', { name: 'Replace video of Logic video' }));
    expect(screen.queryByRole('button', { name: /^Replace .* of Logic quiz$/ })).toBeNull();
    let dialog = screen.getByRole('dialog', { name: 'Replace the video of Logic video' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace video' }));
    expect(within(dialog).getByText('Please upload a video!')).toBeInTheDocument();
    await userEvent.upload(within(dialog).getByLabelText('Video file (mp4)'), new File(['x'], 'new.mp4', { type: 'video/mp4' }));
    await userEvent.upload(
      within(dialog).getByLabelText('Captions (WebVTT, optional)'),
      new File(['WEBVTT'], 'new.vtt', { type: 'text/vtt' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace video' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Replace readings of Logic reading' }));
    dialog = screen.getByRole('dialog', { name: 'Replace the readings of Logic reading' });
    await userEvent.upload(within(dialog).getByLabelText('Reading files (pdf)'), [new File(['x'], 'new.pdf', { type: 'application/pdf' })]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace readings' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Nothing is sent until the curriculum is saved.
    expect(api.calls.filter((c) => c.path === 'courses/admin/c1/modules/update')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Save curriculum' }));
    expect(await screen.findByText('Curriculum saved.')).toBeInTheDocument();
    const [save] = api.calls.filter((c) => c.path === 'courses/admin/c1/modules/update');
    const sent = (save.body as { modules: { lessons: Record<string, unknown>[] }[] }).modules[0].lessons;
    expect(sent[0]).toMatchObject({ id_slug: 'l1', reading_pdf_id_slugs: ['new-pdf'] });
    expect(sent[1]).toMatchObject({ id_slug: 'l2', video_lecture_id_slug: 'new-vid', video_captions_id_slug: 'new-cap' });
  });

  it("offers 'Dates in cohorts' on saved quiz and project lessons only, and opens their template", async () => {
    const mixed = course();
    mixed.modules[0].lessons = [
      lesson('l1', 'Logic reading', 0),
      { ...lesson('l2', 'Logic video', 1), lesson_type: 'VIDEO', video_lecture_id_slug: 'vid', video_duration_seconds: 30 },
      { ...lesson('l3', 'Logic quiz', 2), lesson_type: 'QUIZ' },
      { ...lesson('l4', 'Logic project', 3), lesson_type: 'PROJECT' },
    ];
    mixed.modules[0].lessons_count = 4;
    const { calls } = mockRoutes(
      {
        adminCourseDetail: () => ({ data: mixed }),
        adminLessonDateTemplateGet: () => ({
          data: {
            open: null,
            deadline: { anchor: { kind: 'COHORT_START' }, offset: { amount: 2, unit: 'WEEKS' } },
            late: null,
            result: null,
          },
        }),
      },
      { user: ADMIN },
    );
    openCourse();
    expect(await screen.findByRole('button', { name: 'Dates in cohorts of Logic quiz' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dates in cohorts of Logic project' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dates in cohorts of Logic reading' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dates in cohorts of Logic video' })).toBeNull();

    // A project not saved yet has no dates to give.
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson to RTL design' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Project submission' }));
    await userEvent.type(screen.getByLabelText(/Lesson title/), 'New project');
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(await screen.findByText('New project')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dates in cohorts of New project' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Dates in cohorts of Logic quiz' }));
    const dialog = screen.getByRole('dialog', { name: 'Dates in cohorts: Logic quiz' });
    const deadline = within(await within(dialog).findByRole('group', { name: 'Deadline' }));
    expect(deadline.getByLabelText('Counted from')).toHaveDisplayValue('Cohort start');
    expect(calls.filter((c) => c.name === 'adminLessonDateTemplateGet').map((c) => c.path)).toEqual([
      'courses/admin/lessons/l3/date-template',
    ]);
  });

  it("'Delete course' asks, deletes the course and goes back to the course list", async () => {
    const { calls } = mockRoutes(
      {
        adminCourseDetail: () => ({ data: course() }),
        adminCourseDelete: () => ({ message: 'Course deleted' }),
      },
      { user: ADMIN },
    );
    const { router } = openCourse(0);
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete course' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete course' });
    expect(
      within(dialog).getByText('Delete "Digital IC Design" with its modules and lessons? This action is permanent.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete course' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/courses'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['courses/admin/c1']);
  });

  it('says which cohorts use a course instead of deleting it', async () => {
    const used = {
      ...course(),
      cohorts: [
        {
          id_slug: 'k1',
          title: 'Cohort 7',
          start_date: '2025-09-01T09:00:00.000Z',
          end_date: '2025-12-01T09:00:00.000Z',
          status: 'ONGOING' as const,
          total_students: 3,
        },
      ],
    };
    const { calls } = mockRoutes({ adminCourseDetail: () => ({ data: used }) }, { user: ADMIN });
    openCourse(0);
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete course' }));
    expect(await screen.findByText('This course cannot be deleted: it is used by the cohort Cohort 7.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('shows the refusal the API answers (a cohort took the course meanwhile)', async () => {
    mockRoutes(
      {
        adminCourseDetail: () => ({ data: course() }),
        adminCourseDelete: () => reply(409, { message: 'This course cannot be deleted: it is used by the cohort Late cohort.' }),
      },
      { user: ADMIN },
    );
    const { router } = openCourse(0);
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete course' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete course' })).getByRole('button', { name: 'Delete course' }));
    expect(await screen.findByText('This course cannot be deleted: it is used by the cohort Late cohort.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/courses/c1');
  });
});

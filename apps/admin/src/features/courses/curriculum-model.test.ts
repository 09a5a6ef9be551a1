import { LessonInputSchema, type AdminModule } from '@school/contracts';
import { describe, expect, it } from 'vitest';
import {
  addLesson,
  appendModule,
  draftFrom,
  isChanged,
  moveLesson,
  moveModule,
  removeLesson,
  removeModule,
  renameLesson,
  renameModule,
  toPayload,
} from './curriculum-model';

const lesson = (id: string, order: number) => ({
  id_slug: id,
  title: id.toUpperCase(),
  description: '',
  order,
  lesson_type: 'QUIZ' as const,
  video_lecture_id_slug: null,
  video_duration_seconds: null,
  reading_pdf_id_slugs: [],
  link_urls: [],
  quiz_group: null,
  project_group: null,
  cohort_grade: null,
});
const modules: AdminModule[] = [
  { id_slug: 'm2', title: 'Second', order: 1, lessons: [lesson('c', 0)], lessons_count: 1 },
  { id_slug: 'm1', title: 'First', order: 0, lessons: [lesson('b', 1), lesson('a', 0)], lessons_count: 2 },
];

describe('curriculum draft', () => {
  it('starts in the saved order and sends orders renumbered from 0', () => {
    const draft = draftFrom(modules);
    expect(draft.map((m) => m.title)).toEqual(['First', 'Second']);
    expect(draft[0].lessons.map((l) => l.title)).toEqual(['A', 'B']);
    const payload = toPayload(moveModule(draft, 'm2', 'm1'));
    expect(payload.modules.map((m) => [m.id_slug, m.order])).toEqual([
      ['m2', 0],
      ['m1', 1],
    ]);
    expect(payload.modules[1].lessons.map((l) => [l.id_slug, l.order])).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
  });

  it('is unchanged until something changes, and unchanged again when moved back', () => {
    const saved = draftFrom(modules);
    expect(isChanged(saved, saved)).toBe(false);
    const moved = moveLesson(saved, 'm1', 'a', 'b');
    expect(moved[0].lessons.map((l) => l.id_slug)).toEqual(['b', 'a']);
    expect(isChanged(moved, saved)).toBe(true);
    expect(isChanged(moveLesson(moved, 'm1', 'a', 'b'), saved)).toBe(false);
  });

  it('renames, deletes and adds', () => {
    const saved = draftFrom(modules);
    expect(renameModule(saved, 'm1', 'Intro')[0].title).toBe('Intro');
    expect(renameLesson(saved, 'm1', 'b', 'Bee')[0].lessons[1].title).toBe('Bee');
    expect(removeModule(saved, 'm1').map((m) => m.id_slug)).toEqual(['m2']);
    expect(removeLesson(saved, 'm1', 'a')[0].lessons.map((l) => l.id_slug)).toEqual(['b']);
    const added = addLesson(saved, 'm2', { title: 'New quiz', description: 'd', lesson_type: 'QUIZ' });
    expect(isChanged(added, saved)).toBe(true);
    const sent = toPayload(added).modules[1].lessons[1];
    expect(sent).toEqual({
      title: 'New quiz',
      description: 'd',
      order: 1,
      lesson_type: 'QUIZ',
      video_lecture_id_slug: null,
      reading_pdf_id_slugs: [],
      link_urls: [],
      project_group_id_slug: null,
      quiz_group_id_slug: null,
    });
    expect(sent).not.toHaveProperty('id_slug');
    // The payload is what the API takes: a lesson's video duration is the server's to read, never sent.
    expect(() => LessonInputSchema.parse(sent)).not.toThrow();
  });

  it("sends every field the spec's payload names for each lesson, new or kept, with the lessons' groups", () => {
    const withGroups: AdminModule[] = [
      {
        id_slug: 'm1',
        title: 'First',
        order: 0,
        lessons_count: 1,
        lessons: [
          { ...lesson('a', 0), quiz_group: { id_slug: 'qg', total_questions: 5, time_limit_minutes: 30, instructions_files_urls: [] } },
        ],
      },
    ];
    const draft = addLesson(draftFrom(withGroups), 'm1', { title: 'Project', description: '', lesson_type: 'PROJECT' });
    const FIELDS = [
      'description',
      'lesson_type',
      'link_urls',
      'order',
      'project_group_id_slug',
      'quiz_group_id_slug',
      'reading_pdf_id_slugs',
      'title',
      'video_lecture_id_slug',
    ];
    const [kept, added] = toPayload(draft).modules[0].lessons;
    expect(Object.keys(kept).sort()).toEqual(['id_slug', ...FIELDS].sort());
    expect(Object.keys(added).sort()).toEqual(FIELDS);
    expect(kept).toMatchObject({ quiz_group_id_slug: 'qg', project_group_id_slug: null });
    expect(added).toMatchObject({ quiz_group_id_slug: null, project_group_id_slug: null });
  });

  it('appends a module created on the server at the end', () => {
    const draft = appendModule(draftFrom(modules), { id_slug: 'm3', title: 'Third' });
    expect(draft.map((m) => m.key)).toEqual(['m1', 'm2', 'm3']);
  });
});

import type { AdminModule, LessonType, UpdateModules } from '@school/contracts';

/** A lesson in the curriculum editor; `key` identifies it while it has no id_slug yet. */
export interface DraftLesson {
  key: string;
  id_slug?: string;
  title: string;
  description: string;
  lesson_type: LessonType;
  video_lecture_id_slug: string | null;
  /** Set only for captions uploaded in this draft; left out, the lesson keeps its captions. */
  video_captions_id_slug?: string | null;
  reading_pdf_id_slugs: string[];
  link_urls: string[];
  project_group_id_slug: string | null;
  quiz_group_id_slug: string | null;
}

export interface DraftModule {
  key: string;
  id_slug?: string;
  title: string;
  lessons: DraftLesson[];
}

export type Draft = DraftModule[];

export function draftFrom(modules: AdminModule[]): Draft {
  return [...modules]
    .sort((a, b) => a.order - b.order)
    .map((m) => ({
      key: m.id_slug,
      id_slug: m.id_slug,
      title: m.title,
      lessons: [...m.lessons]
        .sort((a, b) => a.order - b.order)
        .map((l) => ({
          key: l.id_slug,
          id_slug: l.id_slug,
          title: l.title,
          description: l.description,
          lesson_type: l.lesson_type,
          video_lecture_id_slug: l.video_lecture_id_slug,
          reading_pdf_id_slugs: l.reading_pdf_id_slugs,
          link_urls: l.link_urls,
          project_group_id_slug: l.project_group?.id_slug ?? null,
          quiz_group_id_slug: l.quiz_group?.id_slug ?? null,
        })),
    }));
}

/**
 * The whole curriculum as the modules/update call takes it, every lesson with each field the
 * spec's payload names (a new lesson has no id_slug and null files and groups); orders are the
 * positions, from 0.
 */
export function toPayload(draft: Draft): UpdateModules {
  return {
    modules: draft.map((m, order) => ({
      ...(m.id_slug ? { id_slug: m.id_slug } : {}),
      title: m.title,
      order,
      lessons: m.lessons.map((l, lessonOrder) => ({
        ...(l.id_slug ? { id_slug: l.id_slug } : {}),
        title: l.title,
        description: l.description,
        order: lessonOrder,
        lesson_type: l.lesson_type,
        video_lecture_id_slug: l.video_lecture_id_slug,
        ...(l.video_captions_id_slug !== undefined ? { video_captions_id_slug: l.video_captions_id_slug } : {}),
        reading_pdf_id_slugs: l.reading_pdf_id_slugs,
        link_urls: l.link_urls,
        project_group_id_slug: l.project_group_id_slug,
        quiz_group_id_slug: l.quiz_group_id_slug,
      })),
    })),
  };
}

/** Whether the draft differs from what was saved (Save is enabled only then). */
export function isChanged(draft: Draft, saved: Draft): boolean {
  return JSON.stringify(toPayload(draft)) !== JSON.stringify(toPayload(saved));
}

/** Moves the item at `from` to `to`, shifting the ones between. */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export function moveModule(draft: Draft, activeKey: string, overKey: string): Draft {
  return move(
    draft,
    draft.findIndex((m) => m.key === activeKey),
    draft.findIndex((m) => m.key === overKey),
  );
}

export function moveLesson(draft: Draft, moduleKey: string, activeKey: string, overKey: string): Draft {
  return draft.map((m) =>
    m.key !== moduleKey
      ? m
      : {
          ...m,
          lessons: move(
            m.lessons,
            m.lessons.findIndex((l) => l.key === activeKey),
            m.lessons.findIndex((l) => l.key === overKey),
          ),
        },
  );
}

export function renameModule(draft: Draft, key: string, title: string): Draft {
  return draft.map((m) => (m.key === key ? { ...m, title } : m));
}

export function renameLesson(draft: Draft, moduleKey: string, lessonKey: string, title: string): Draft {
  return draft.map((m) => (m.key !== moduleKey ? m : { ...m, lessons: m.lessons.map((l) => (l.key === lessonKey ? { ...l, title } : l)) }));
}

export function removeModule(draft: Draft, key: string): Draft {
  return draft.filter((m) => m.key !== key);
}

export function removeLesson(draft: Draft, moduleKey: string, lessonKey: string): Draft {
  return draft.map((m) => (m.key !== moduleKey ? m : { ...m, lessons: m.lessons.filter((l) => l.key !== lessonKey) }));
}

let counter = 0;
/** A key for an item that has no id_slug yet. */
export const newKey = () => `new-${++counter}`;

export function addLesson(
  draft: Draft,
  moduleKey: string,
  lesson: Pick<DraftLesson, 'title' | 'description' | 'lesson_type'> &
    Partial<Pick<DraftLesson, 'video_lecture_id_slug' | 'video_captions_id_slug' | 'reading_pdf_id_slugs' | 'link_urls'>>,
): Draft {
  const added: DraftLesson = {
    key: newKey(),
    video_lecture_id_slug: null,
    reading_pdf_id_slugs: [],
    link_urls: [],
    project_group_id_slug: null,
    quiz_group_id_slug: null,
    ...lesson,
  };
  return draft.map((m) => (m.key !== moduleKey ? m : { ...m, lessons: [...m.lessons, added] }));
}

/** A module created on the server (add-module) joins the end of the curriculum. */
export function appendModule(draft: Draft, module: { id_slug: string; title: string }): Draft {
  return [...draft, { key: module.id_slug, id_slug: module.id_slug, title: module.title, lessons: [] }];
}

/** Points a lesson at newly uploaded files (a video with its captions, or its readings). */
export function replaceLessonMedia(
  draft: Draft,
  moduleKey: string,
  lessonKey: string,
  media: Partial<Pick<DraftLesson, 'video_lecture_id_slug' | 'video_captions_id_slug' | 'reading_pdf_id_slugs'>>,
): Draft {
  return draft.map((m) =>
    m.key !== moduleKey ? m : { ...m, lessons: m.lessons.map((l) => (l.key !== lessonKey ? l : { ...l, ...media })) },
  );
}

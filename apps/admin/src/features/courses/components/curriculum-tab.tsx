import { ADMIN_MESSAGES, LESSON_TYPE_LABELS, type AdminCourse, type CallResult } from '@school/contracts';
import { Button, ButtonLink, routeQueryKey, TextField, useConfirm, useRouteMutation, useStickyHeight } from '@school/ui';
import { useState, type FormEvent } from 'react';
import { DragHandle, SortableList } from '../../../components/sortable-list';
import { invalidations } from '../../../lib/invalidations';
import { SaveButtons } from '../../../components/save-buttons';
import { useNotify } from '../../../lib/notice';
import { paths } from '../../../lib/paths';
import {
  addLesson,
  moveLesson,
  moveModule,
  removeLesson,
  removeModule,
  renameLesson,
  renameModule,
  replaceLessonMedia,
  toPayload,
  type DraftLesson,
  type DraftModule,
} from '../curriculum-model';
import type { CurriculumDraft } from '../use-curriculum-draft';
import { AddLessonDialog } from './add-lesson-dialog';
import { InlineRename } from './inline-rename';
import { LessonDatesDialog } from './lesson-dates-dialog';
import { REPLACE_LABEL, ReplaceMediaDialog } from './replace-media-dialog';
import '../courses.css';

/**
 * The course's modules and lessons: add, rename, delete and reorder by drag, then Save (enabled
 * only when changed). The draft (`editor`) belongs to the course page, so it outlives this tab.
 */
export function CurriculumTab({ course, editor }: { course: AdminCourse; editor: CurriculumDraft }) {
  // The Save bar sticks under the navbar: focus scrolls clear of both.
  const barRef = useStickyHeight<HTMLDivElement>('subbar');
  const { draft, setDraft, changed } = editor;
  const [addingTo, setAddingTo] = useState<DraftModule | null>(null);
  const [replacing, setReplacing] = useState<{ moduleKey: string; lesson: DraftLesson } | null>(null);
  const [dating, setDating] = useState<{ id_slug: string; title: string } | null>(null);
  const save = useRouteMutation('adminModulesUpdate', { invalidates: invalidations.adminModulesUpdate });
  const notify = useNotify();
  const { confirm, dialog } = useConfirm();

  const onSave = () =>
    save.mutate(
      { params: { courseId: course.id_slug }, body: toPayload(draft) },
      {
        onSuccess: ({ modules }) => {
          editor.markSaved(modules);
          notify.success('Curriculum saved.');
        },
        onError: () => notify.error(ADMIN_MESSAGES.genericFailure),
      },
    );

  const onDeleteModule = async (m: DraftModule) => {
    const lessons = m.lessons.length;
    const ok = await confirm({
      title: 'Delete this module?',
      message: `"${m.title}" and its ${lessons} ${lessons === 1 ? 'lesson' : 'lessons'} will be deleted when you save the curriculum.`,
      confirmLabel: 'Delete module',
      tone: 'danger',
    });
    if (ok) setDraft((d) => removeModule(d, m.key));
  };

  const onDeleteLesson = async (m: DraftModule, lessonKey: string, title: string) => {
    const ok = await confirm({
      title: 'Delete this lesson?',
      message: `"${title}" will be deleted when you save the curriculum.`,
      confirmLabel: 'Delete lesson',
      tone: 'danger',
    });
    if (ok) setDraft((d) => removeLesson(d, m.key, lessonKey));
  };

  return (
    <div className="admin-curriculum">
      <div ref={barRef} className="admin-curriculum__bar">
        <p className="ui-muted ui-muted--small" id="curriculum-help">
          Drag the handles to reorder modules and lessons (with a keyboard: focus a handle, press Space, move with the arrow keys, press
          Space again). Changes are kept until you save.
        </p>
        <div className="admin-curriculum__actions">
          <SaveButtons dirty={changed} saving={save.isPending} onDiscard={editor.discard} onSave={onSave} saveLabel="Save curriculum" />
        </div>
      </div>

      {draft.length === 0 ? (
        <p className="ui-empty ui-empty--quiet">This course has no modules yet. Add the first one below.</p>
      ) : (
        <SortableList
          items={draft}
          noun="module"
          nameOf={(m) => m.title}
          onMove={(a, o) => setDraft((d) => moveModule(d, a, o))}
          renderItem={(m, handle, index) => (
            <section className="admin-module" aria-label={`Module ${index + 1}: ${m.title}`}>
              <div className="admin-module__header">
                <DragHandle label={`Reorder module ${m.title}`} {...handle} />
                <span className="admin-module__number" aria-hidden="true">
                  {index + 1}
                </span>
                <InlineRename
                  value={m.title}
                  label="Module title"
                  requiredMessage={ADMIN_MESSAGES.moduleTitleRequired}
                  onRename={(title) => setDraft((d) => renameModule(d, m.key, title))}
                  render={(title) => <h3 className="admin-module__title">{title}</h3>}
                />
                <Button
                  size="sm"
                  variant="ghost"
                  className="admin-danger-text"
                  onClick={() => onDeleteModule(m)}
                  aria-label={`Delete module ${m.title}`}
                >
                  Delete
                </Button>
              </div>
              {m.lessons.length === 0 ? (
                <p className="ui-muted ui-muted--small admin-module__empty">No lessons yet.</p>
              ) : (
                <SortableList
                  items={m.lessons}
                  noun="lesson"
                  nameOf={(l) => l.title}
                  onMove={(a, o) => setDraft((d) => moveLesson(d, m.key, a, o))}
                  className="admin-lessons"
                  renderItem={(l, lessonHandle) => (
                    <div className="admin-lesson">
                      <DragHandle label={`Reorder lesson ${l.title}`} {...lessonHandle} />
                      <span className={`admin-lesson__type admin-lesson__type--${l.lesson_type.toLowerCase()}`}>
                        {LESSON_TYPE_LABELS[l.lesson_type]}
                      </span>
                      <InlineRename
                        value={l.title}
                        label="Lesson title"
                        requiredMessage={ADMIN_MESSAGES.lessonTitleRequired}
                        onRename={(title) => setDraft((d) => renameLesson(d, m.key, l.key, title))}
                        render={(title) => <span className="admin-lesson__title">{title}</span>}
                      />
                      {l.lesson_type === 'PROJECT' && l.id_slug && (
                        <ButtonLink
                          size="sm"
                          variant="ghost"
                          to={paths.projectSettings(course.id_slug, l.id_slug)}
                          aria-label={`Project settings of ${l.title}`}
                        >
                          Project settings
                        </ButtonLink>
                      )}
                      {l.lesson_type === 'QUIZ' && l.id_slug && (
                        <ButtonLink size="sm" variant="secondary" to={paths.quiz(l.id_slug)} aria-label={`Edit quiz ${l.title}`}>
                          Edit quiz
                        </ButtonLink>
                      )}
                      {(l.lesson_type === 'QUIZ' || l.lesson_type === 'PROJECT') && l.id_slug && (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => l.id_slug && setDating({ id_slug: l.id_slug, title: l.title })}
                          aria-label={`Dates in cohorts of ${l.title}`}
                        >
                          Dates in cohorts
                        </Button>
                      )}
                      {REPLACE_LABEL[l.lesson_type] && (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setReplacing({ moduleKey: m.key, lesson: l })}
                          aria-label={`${REPLACE_LABEL[l.lesson_type]} of ${l.title}`}
                        >
                          {REPLACE_LABEL[l.lesson_type]}
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="ghost"
                        className="admin-danger-text"
                        onClick={() => onDeleteLesson(m, l.key, l.title)}
                        aria-label={`Delete lesson ${l.title}`}
                      >
                        Delete
                      </Button>
                    </div>
                  )}
                />
              )}
              <Button
                size="sm"
                variant="secondary"
                className="admin-module__add-lesson"
                onClick={() => setAddingTo(m)}
                aria-label={`Add lesson to ${m.title}`}
              >
                Add lesson
              </Button>
            </section>
          )}
        />
      )}

      <AddModuleForm courseId={course.id_slug} order={draft.length} />

      <AddLessonDialog
        open={addingTo !== null}
        moduleTitle={addingTo?.title ?? ''}
        uploadScope={addingTo ? `${course.id_slug}/module/${addingTo.key}` : undefined}
        onClose={() => setAddingTo(null)}
        onAdd={(lesson) => {
          if (addingTo) setDraft((d) => addLesson(d, addingTo.key, lesson));
          setAddingTo(null);
        }}
      />
      <ReplaceMediaDialog
        lesson={replacing?.lesson ?? null}
        uploadScope={replacing ? `${course.id_slug}/lesson/${replacing.lesson.key}` : undefined}
        onClose={() => setReplacing(null)}
        onReplace={(media) => {
          if (replacing) setDraft((d) => replaceLessonMedia(d, replacing.moduleKey, replacing.lesson.key, media));
          setReplacing(null);
        }}
      />
      <LessonDatesDialog lesson={dating} onClose={() => setDating(null)} />
      {dialog}
    </div>
  );
}

/**
 * Creates the module on the server at once; the course page's draft gains it from the updated course.
 * The course in the cache gains it at once (the page's header counts it), without a refetch: the
 * curriculum editor keeps its own draft, which a refetch of a newer version would replace.
 */
function AddModuleForm({ courseId, order }: { courseId: string; order: number }) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string>();
  const add = useRouteMutation('adminAddModule', {
    invalidates: invalidations.adminAddModule,
    onSuccess: ({ id_slug }, { body }, queryClient) =>
      queryClient.setQueryData<CallResult<'adminCourseDetail'>>(
        routeQueryKey('adminCourseDetail', { params: { courseId } }),
        (answer) =>
          answer && {
            ...answer,
            data: {
              ...answer.data,
              modules: [
                ...answer.data.modules,
                { id_slug, title: body.title, order: answer.data.modules.length, lessons: [], lessons_count: 0 },
              ],
            },
          },
      ),
  });
  const notify = useNotify();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return setError(ADMIN_MESSAGES.moduleTitleRequired);
    setError(undefined);
    add.mutate(
      { params: { courseId }, body: { title: trimmed, order, lessons: [] } },
      {
        onSuccess: () => {
          setTitle('');
          notify.success(`Module added: ${trimmed}.`);
        },
        onError: () => notify.error(ADMIN_MESSAGES.genericFailure),
      },
    );
  };

  return (
    <form className="admin-add-module admin-card" onSubmit={onSubmit} noValidate>
      <h3 className="admin-section-title">Add a module</h3>
      <div className="admin-inline-form">
        <TextField label="Module title" value={title} onChange={(e) => setTitle(e.target.value)} error={error} />
        <Button type="submit" loading={add.isPending}>
          Add module
        </Button>
      </div>
    </form>
  );
}

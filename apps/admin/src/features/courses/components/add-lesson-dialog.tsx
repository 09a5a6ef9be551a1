import { LESSON_TYPE_LABELS, LESSON_TYPES, LessonInputSchema, type LessonType } from '@school/contracts';
import { Button, Modal, Tabs, TextAreaField, TextField } from '@school/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LessonMediaFields, LessonUploadProgress, UPLOAD_RULES, useLessonMediaUpload, type LessonMedia } from './lesson-media-fields';

export interface NewLesson extends LessonMedia {
  title: string;
  description: string;
  lesson_type: LessonType;
  link_urls?: string[];
}

/**
 * Add a lesson to a module, with one tab per lesson type. Video and reading lessons upload their
 * files first (resumable, with a progress bar and the time left), then join the draft curriculum
 * with their links; quizzes and projects join it at once.
 */
export function AddLessonDialog({
  open,
  moduleTitle,
  uploadScope,
  onClose,
  onAdd,
}: {
  open: boolean;
  moduleTitle: string;
  /** Where this dialog's uploads are remembered, to resume after a reload (the course and module). */
  uploadScope?: string;
  onClose: () => void;
  onAdd: (lesson: NewLesson) => void;
}) {
  const [tab, setTab] = useState(0);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [links, setLinks] = useState('');
  const [errors, setErrors] = useState<{ title?: string; links?: string }>({});
  const media = useLessonMediaUpload(uploadScope);
  const { reset: resetMedia } = media;
  // An upload that ends after the dialog was closed adds nothing.
  const isOpen = useRef(open);
  const type = LESSON_TYPES[tab];
  const upload = UPLOAD_RULES[type];

  // Each opening starts an empty form: reset while rendering the opened dialog (React's pattern for
  // state following a changed prop), so its first frame never shows the last lesson's entries.
  const [openedAs, setOpenedAs] = useState(false);
  if (open !== openedAs) {
    setOpenedAs(open);
    if (open) {
      setTab(0);
      setTitle('');
      setDescription('');
      setLinks('');
      setErrors({});
      resetMedia();
    }
  }
  useEffect(() => {
    isOpen.current = open;
  }, [open]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (media.uploading) return;
    const next: typeof errors = {};
    const parsedTitle = LessonInputSchema.shape.title.safeParse(title);
    if (!parsedTitle.success) next.title = parsedTitle.error.issues[0].message;
    const mediaErrors = media.check(type);
    const linkList = links
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const parsedLinks = LessonInputSchema.shape.link_urls.safeParse(linkList);
    // The contracts' message (web addresses only), naming the first line refused.
    if (upload && !parsedLinks.success) {
      const issue = parsedLinks.error.issues[0];
      const line = typeof issue.path[0] === 'number' ? linkList[issue.path[0]] : undefined;
      next.links = line === undefined ? issue.message : `${issue.message} (${line})`;
    }
    setErrors(next);
    media.setErrors(mediaErrors);
    if (next.title || next.links || mediaErrors.files || mediaErrors.captions) return;
    const lesson: NewLesson = { title: parsedTitle.data!, description: description.trim(), lesson_type: type };
    if (!upload) return onAdd(lesson);
    const files = await media.upload(type);
    if (!files || !isOpen.current) return;
    onAdd({ ...lesson, ...files, link_urls: parsedLinks.data ?? [] });
  };

  return (
    <Modal open={open} onClose={onClose} title={`Add a lesson to ${moduleTitle}`} size="lg">
      <Tabs
        label="Lesson type"
        tabs={LESSON_TYPES.map((t) => ({ label: LESSON_TYPE_LABELS[t] }))}
        active={tab}
        onChange={(i) => {
          // The lesson's type stays while its files upload.
          if (media.uploading) return;
          setTab(i);
          media.reset();
          setErrors((e) => ({ title: e.title }));
        }}
      >
        <form className="admin-form" onSubmit={onSubmit} noValidate>
          {/* Nothing changes while the files upload. */}
          <fieldset className="admin-upload-fields" disabled={media.uploading}>
            <TextField label="Lesson title" required value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
            <TextAreaField label="Description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
            <LessonMediaFields type={type} media={media} />
            {upload && (
              <TextAreaField
                label="Links (one per line, optional)"
                rows={2}
                value={links}
                onChange={(e) => setLinks(e.target.value)}
                error={errors.links}
              />
            )}
          </fieldset>
          <LessonUploadProgress media={media} />
          <div className="admin-form__actions">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={media.uploading}>
              {media.uploading ? 'Uploading…' : media.resumable.length > 0 ? 'Resume' : 'Add lesson'}
            </Button>
          </div>
        </form>
      </Tabs>
    </Modal>
  );
}

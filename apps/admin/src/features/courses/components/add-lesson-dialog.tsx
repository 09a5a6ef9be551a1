import { ADMIN_MESSAGES, LESSON_TYPE_LABELS, LESSON_TYPES, LessonInputSchema, type LessonType } from '@school/contracts';
import { Button, Modal, Tabs, TextAreaField, TextField } from '@school/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNotify } from '../../../lib/notice';

export interface NewLesson {
  title: string;
  description: string;
  lesson_type: LessonType;
}

/** Video lessons need an mp4, readings need PDFs; both are uploads, which are disabled for now. */
const UPLOAD_RULES: Partial<
  Record<LessonType, { accept: string; multiple: boolean; label: string; message: string; matches: (f: File) => boolean }>
> = {
  VIDEO: {
    accept: '.mp4,video/mp4',
    multiple: false,
    label: 'Video file (mp4)',
    message: ADMIN_MESSAGES.uploadVideo,
    matches: (f) => f.type === 'video/mp4' || /\.mp4$/i.test(f.name),
  },
  READING: {
    accept: '.pdf,application/pdf',
    multiple: true,
    label: 'Reading files (pdf)',
    message: ADMIN_MESSAGES.uploadReadings,
    matches: (f) => f.type === 'application/pdf' || /\.pdf$/i.test(f.name),
  },
};

/**
 * Add a lesson to a module, with one tab per lesson type. Quizzes and projects join the draft
 * curriculum; video and reading lessons need their files, whose upload is disabled for now.
 */
export function AddLessonDialog({
  open,
  moduleTitle,
  onClose,
  onAdd,
}: {
  open: boolean;
  moduleTitle: string;
  onClose: () => void;
  onAdd: (lesson: NewLesson) => void;
}) {
  const [tab, setTab] = useState(0);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ title?: string; files?: string }>({});
  const notify = useNotify();
  const fileId = useId();
  const type = LESSON_TYPES[tab];
  const upload = UPLOAD_RULES[type];

  useEffect(() => {
    if (!open) return;
    setTab(0);
    setTitle('');
    setDescription('');
    setFiles([]);
    setErrors({});
  }, [open]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    const parsedTitle = LessonInputSchema.shape.title.safeParse(title);
    if (!parsedTitle.success) next.title = parsedTitle.error.issues[0].message;
    if (upload && (files.length === 0 || !files.every(upload.matches))) next.files = upload.message;
    setErrors(next);
    if (next.title || next.files) return;
    if (upload) {
      notify.warning(ADMIN_MESSAGES.lessonUploadDisabled);
      return;
    }
    onAdd({ title: parsedTitle.data!, description: description.trim(), lesson_type: type });
  };

  return (
    <Modal open={open} onClose={onClose} title={`Add a lesson to ${moduleTitle}`} size="lg">
      <Tabs
        label="Lesson type"
        tabs={LESSON_TYPES.map((t) => ({ label: LESSON_TYPE_LABELS[t] }))}
        active={tab}
        onChange={(i) => {
          setTab(i);
          setFiles([]);
          setErrors((e) => ({ title: e.title }));
        }}
      >
        <form className="admin-form" onSubmit={onSubmit} noValidate>
          <TextField label="Lesson title" required value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
          <TextAreaField label="Description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
          {upload && (
            <div className={errors.files ? 'ui-field ui-field--invalid' : 'ui-field'}>
              <label htmlFor={fileId} className="ui-field__label">
                {upload.label}
              </label>
              <input
                key={type}
                id={fileId}
                type="file"
                className="admin-file-input"
                accept={upload.accept}
                multiple={upload.multiple}
                aria-invalid={errors.files ? true : undefined}
                aria-describedby={errors.files ? `${fileId}-error` : undefined}
                onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
              />
              {errors.files && (
                <p id={`${fileId}-error`} className="ui-field__error">
                  {errors.files}
                </p>
              )}
            </div>
          )}
          <div className="admin-form__actions">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Add lesson</Button>
          </div>
        </form>
      </Tabs>
    </Modal>
  );
}

import { ADMIN_MESSAGES, ApiError, LESSON_TYPE_LABELS, LESSON_TYPES, LessonInputSchema, type LessonType } from '@school/contracts';
import { Button, Modal, ProgressBar, Tabs, TextAreaField, TextField, useSession } from '@school/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { timeLeft, type UploadProgress, uploadLessonMedia } from '../api/upload-lesson-media';

export interface NewLesson {
  title: string;
  description: string;
  lesson_type: LessonType;
  video_lecture_id_slug?: string | null;
  video_captions_id_slug?: string | null;
  reading_pdf_id_slugs?: string[];
  link_urls?: string[];
}

const CAPTIONS_MESSAGE = 'Captions must be a WebVTT (.vtt) file.';
const LINK_MESSAGE = 'Invalid link URL';
const UPLOAD_FAILED = 'Something went wrong with the file upload... Please try again.';

/** Video lessons need an mp4 (captions optional), readings need PDFs; they are uploaded when the lesson is added. */
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
 * Add a lesson to a module, with one tab per lesson type. Video and reading lessons upload their
 * files first (resumable, with a progress bar and the time left), then join the draft curriculum
 * with their links; quizzes and projects join it at once.
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
  const [captions, setCaptions] = useState<File | null>(null);
  const [links, setLinks] = useState('');
  const [errors, setErrors] = useState<{ title?: string; files?: string; captions?: string; links?: string }>({});
  const [progress, setProgress] = useState<(UploadProgress & { name: string }) | null>(null);
  const { client } = useSession();
  const fileId = useId();
  const captionsId = useId();
  const type = LESSON_TYPES[tab];
  const upload = UPLOAD_RULES[type];

  useEffect(() => {
    if (!open) return;
    setTab(0);
    setTitle('');
    setDescription('');
    setFiles([]);
    setCaptions(null);
    setLinks('');
    setErrors({});
    setProgress(null);
  }, [open]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (progress) return;
    const next: typeof errors = {};
    const parsedTitle = LessonInputSchema.shape.title.safeParse(title);
    if (!parsedTitle.success) next.title = parsedTitle.error.issues[0].message;
    if (upload && (files.length === 0 || !files.every(upload.matches))) next.files = upload.message;
    if (type === 'VIDEO' && captions && !/\.vtt$/i.test(captions.name)) next.captions = CAPTIONS_MESSAGE;
    const linkList = links
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const parsedLinks = LessonInputSchema.shape.link_urls.safeParse(linkList);
    if (upload && !parsedLinks.success) next.links = LINK_MESSAGE;
    setErrors(next);
    if (next.title || next.files || next.captions || next.links) return;
    const lesson: NewLesson = { title: parsedTitle.data!, description: description.trim(), lesson_type: type };
    if (!upload) return onAdd(lesson);
    const send = async (kind: 'video' | 'captions' | 'reading', file: File) =>
      (await uploadLessonMedia(client, kind, file, (p) => setProgress({ ...p, name: file.name }))).id_slug;
    try {
      if (type === 'VIDEO') {
        lesson.video_lecture_id_slug = await send('video', files[0]);
        if (captions) lesson.video_captions_id_slug = await send('captions', captions);
      } else {
        lesson.reading_pdf_id_slugs = [];
        for (const file of files) lesson.reading_pdf_id_slugs.push(await send('reading', file));
      }
    } catch (err) {
      setProgress(null);
      setErrors({ files: err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : UPLOAD_FAILED });
      return;
    }
    lesson.link_urls = parsedLinks.data ?? [];
    setProgress(null);
    onAdd(lesson);
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
          setCaptions(null);
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
          {type === 'VIDEO' && (
            <div className={errors.captions ? 'ui-field ui-field--invalid' : 'ui-field'}>
              <label htmlFor={captionsId} className="ui-field__label">
                Captions (WebVTT, optional)
              </label>
              <input
                id={captionsId}
                type="file"
                className="admin-file-input"
                accept=".vtt,text/vtt"
                aria-invalid={errors.captions ? true : undefined}
                aria-describedby={errors.captions ? `${captionsId}-error` : undefined}
                onChange={(e) => setCaptions(e.target.files?.[0] ?? null)}
              />
              {errors.captions && (
                <p id={`${captionsId}-error`} className="ui-field__error">
                  {errors.captions}
                </p>
              )}
            </div>
          )}
          {upload && (
            <TextAreaField
              label="Links (one per line, optional)"
              rows={2}
              value={links}
              onChange={(e) => setLinks(e.target.value)}
              error={errors.links}
            />
          )}
          {progress && (
            <div className="admin-upload-progress" aria-live="polite">
              <ProgressBar label={`Uploading ${progress.name}`} value={(progress.sent / progress.total) * 100} />
              <p className="admin-upload-progress__status">
                {progress.reconnecting ? 'Connection lost. Resuming the upload…' : timeLeft(progress.secondsLeft)}
              </p>
            </div>
          )}
          <div className="admin-form__actions">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={progress !== null}>
              {progress ? 'Uploading…' : 'Add lesson'}
            </Button>
          </div>
        </form>
      </Tabs>
    </Modal>
  );
}

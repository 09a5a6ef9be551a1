import { ADMIN_MESSAGES, ApiError, type LessonMediaKind, type LessonType } from '@school/contracts';
import { ProgressBar, useSession } from '@school/ui';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { findUnfinishedUpload, timeLeft, unfinishedUploadKey, type UploadProgress, uploadLessonMedia } from '../api/upload-lesson-media';

/** The files of a lesson, as the curriculum payload names them. */
export interface LessonMedia {
  video_lecture_id_slug?: string | null;
  video_captions_id_slug?: string | null;
  reading_pdf_id_slugs?: string[];
}

const CAPTIONS_MESSAGE = 'Captions must be a WebVTT (.vtt) file.';
const UPLOAD_FAILED = 'Something went wrong with the file upload... Please try again.';
/** How long the complete bar shows before the dialog goes on (adds or replaces), so it is seen. */
export const SHOW_COMPLETE_MS = 600;

/** Video lessons need an mp4 (captions optional), readings need PDFs. */
export const UPLOAD_RULES: Partial<
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

/** A chosen file whose earlier upload stopped part way: it goes on from `offset`. */
export interface ResumableFile {
  name: string;
  offset: number;
  size: number;
}

/** '8.0 MB', '12 KB'. */
function fileSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** The kind of upload a chosen file is, by the field it was chosen in. */
function kindsOf(files: File[], captions: File | null): [LessonMediaKind, File][] {
  const list: [LessonMediaKind, File][] = files.map((f) => [UPLOAD_RULES.VIDEO!.matches(f) ? 'video' : 'reading', f]);
  if (captions) list.push(['captions', captions]);
  return list;
}

export interface MediaErrors {
  files?: string;
  captions?: string;
}

/**
 * The files chosen for a video or reading lesson and their upload: checked in the browser first,
 * then sent to the API in resumable chunks with the progress of the file under way.
 */
export function useLessonMediaUpload(scope?: string) {
  const [files, setFiles] = useState<File[]>([]);
  const [captions, setCaptions] = useState<File | null>(null);
  const [errors, setErrors] = useState<MediaErrors>({});
  const [progress, setProgress] = useState<(UploadProgress & { name: string }) | null>(null);
  const [uploading, setUploading] = useState(false);
  const [done, setDone] = useState(false);
  // What the API holds of the chosen files' earlier uploads, for the choice it was asked about.
  const [found, setFound] = useState<{ files: File[]; captions: File | null; list: ResumableFile[] } | null>(null);
  const resumable = found && found.files === files && found.captions === captions ? found.list : [];
  const { client } = useSession();

  // A chosen file that was partly uploaded here before (the tab was closed or reloaded) is offered
  // to resume from where the API stands.
  useEffect(() => {
    if (scope === undefined) return;
    let current = true;
    void Promise.all(
      kindsOf(files, captions).map(async ([kind, file]) => {
        const state = await findUnfinishedUpload(client, unfinishedUploadKey(scope, kind, file), kind, file);
        return state && !state.file && state.offset > 0 ? { name: file.name, offset: state.offset, size: state.size_bytes } : null;
      }),
    ).then((list) => {
      if (current) setFound({ files, captions, list: list.filter((f): f is ResumableFile => f !== null) });
    });
    return () => {
      current = false;
    };
  }, [client, scope, files, captions]);

  const reset = useCallback(() => {
    setFiles([]);
    setCaptions(null);
    setErrors({});
    setProgress(null);
    setUploading(false);
    setDone(false);
    setFound(null);
  }, []);

  /** The problems with the chosen files for a lesson of `type` (none for quizzes and projects). */
  const check = (type: LessonType): MediaErrors => {
    const rule = UPLOAD_RULES[type];
    const next: MediaErrors = {};
    if (rule && (files.length === 0 || !files.every(rule.matches))) next.files = rule.message;
    if (type === 'VIDEO' && captions && !/\.vtt$/i.test(captions.name)) next.captions = CAPTIONS_MESSAGE;
    return next;
  };

  /**
   * Uploads the chosen files one after the other; answers the lesson's new media, or null after
   * showing why an upload failed. A video's captions are null when none were chosen. The last
   * file's complete bar shows for a moment before it answers, and stays.
   */
  const upload = async (type: LessonType): Promise<LessonMedia | null> => {
    let failedKind: LessonMediaKind | null = null;
    const send = async (kind: LessonMediaKind, file: File) => {
      failedKind = kind;
      const uploaded = await uploadLessonMedia(client, kind, file, (p) => setProgress({ ...p, name: file.name }), { scope });
      failedKind = null;
      return uploaded.id_slug;
    };
    setUploading(true);
    setDone(false);
    try {
      const media: LessonMedia = {};
      if (type === 'VIDEO') {
        // Captions first: they are small, and a refused captions file is told before the video's long upload starts.
        media.video_captions_id_slug = captions ? await send('captions', captions) : null;
        media.video_lecture_id_slug = await send('video', files[0]);
      } else {
        media.reading_pdf_id_slugs = [];
        for (const file of files) media.reading_pdf_id_slugs.push(await send('reading', file));
      }
      setDone(true);
      await new Promise((r) => setTimeout(r, SHOW_COMPLETE_MS));
      return media;
    } catch (err) {
      setProgress(null);
      const message = err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : UPLOAD_FAILED;
      setErrors(failedKind === 'captions' ? { captions: message } : { files: message });
      return null;
    } finally {
      setUploading(false);
    }
  };

  return { files, setFiles, captions, setCaptions, errors, setErrors, progress, uploading, done, resumable, reset, check, upload };
}

export type LessonMediaUpload = ReturnType<typeof useLessonMediaUpload>;

/** The file fields of a video lesson (mp4 and optional WebVTT captions) or a reading lesson (PDFs). */
export function LessonMediaFields({ type, media }: { type: LessonType; media: LessonMediaUpload }) {
  const fileId = useId();
  const captionsId = useId();
  const rule = UPLOAD_RULES[type];
  if (!rule) return null;
  const { errors } = media;
  return (
    <>
      <div className={errors.files ? 'ui-field ui-field--invalid' : 'ui-field'}>
        <label htmlFor={fileId} className="ui-field__label">
          {rule.label}
        </label>
        <input
          key={type}
          id={fileId}
          type="file"
          className="admin-file-input"
          accept={rule.accept}
          multiple={rule.multiple}
          aria-invalid={errors.files ? true : undefined}
          aria-describedby={errors.files ? `${fileId}-error` : undefined}
          onChange={(e) => media.setFiles(Array.from(e.target.files ?? []))}
        />
        {errors.files && (
          <p id={`${fileId}-error`} className="ui-field__error">
            {errors.files}
          </p>
        )}
      </div>
      {media.resumable.length > 0 && !media.uploading && (
        <ul className="admin-upload-resume" aria-live="polite">
          {media.resumable.map((f) => (
            <li key={f.name}>
              {`The earlier upload of ${f.name} stopped at ${fileSize(f.offset)} of ${fileSize(f.size)} (${Math.floor((f.offset / f.size) * 100)}%). Resume to go on from there.`}
            </li>
          ))}
        </ul>
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
            onChange={(e) => media.setCaptions(e.target.files?.[0] ?? null)}
          />
          {errors.captions && (
            <p id={`${captionsId}-error`} className="ui-field__error">
              {errors.captions}
            </p>
          )}
        </div>
      )}
    </>
  );
}

/** The upload under way: its file's bar, and the time left (or that it waits to resume); complete once done. */
export function LessonUploadProgress({ media }: { media: LessonMediaUpload }) {
  const { progress, done } = media;
  const shown = progress !== null;
  const box = useRef<HTMLDivElement>(null);
  // On a small screen the bar appears below the fold of the dialog: bring it into view.
  useEffect(() => {
    if (shown) box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);
  if (!progress) return null;
  return (
    <div ref={box} className="admin-upload-progress" aria-live="polite">
      <ProgressBar label={`Uploading ${progress.name}`} value={(progress.sent / progress.total) * 100} />
      <p className="admin-upload-progress__status">
        {done ? 'Upload complete.' : progress.reconnecting ? 'Connection lost. Resuming the upload…' : timeLeft(progress.secondsLeft)}
      </p>
    </div>
  );
}

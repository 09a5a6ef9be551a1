import type { LessonType } from '@school/contracts';
import { Button, Modal } from '@school/ui';
import { useEffect, useRef, type FormEvent } from 'react';
import { LessonMediaFields, LessonUploadProgress, useLessonMediaUpload, type LessonMedia } from './lesson-media-fields';

/** The label of a lesson row's replace action (video and reading lessons only). */
export const REPLACE_LABEL: Partial<Record<LessonType, string>> = { VIDEO: 'Replace video', READING: 'Replace readings' };

/**
 * Replaces the video (with its captions) or the readings of a lesson already in the curriculum,
 * with the add-lesson dialog's upload: the new files are uploaded, then the draft lesson points
 * at them until the curriculum is saved. A new video without new captions drops the old ones.
 */
export function ReplaceMediaDialog({
  lesson,
  uploadScope,
  onClose,
  onReplace,
}: {
  lesson: { title: string; lesson_type: LessonType } | null;
  /** Where this dialog's uploads are remembered, to resume after a reload (the course and lesson). */
  uploadScope?: string;
  onClose: () => void;
  onReplace: (media: LessonMedia) => void;
}) {
  const media = useLessonMediaUpload(uploadScope);
  const { reset } = media;
  const open = lesson !== null;
  // An upload that ends after the dialog was closed changes nothing.
  const isOpen = useRef(open);
  useEffect(() => {
    isOpen.current = open;
    if (open) reset();
  }, [open, reset]);
  const type = lesson?.lesson_type ?? 'VIDEO';
  const isVideo = type === 'VIDEO';

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (media.uploading) return;
    const errors = media.check(type);
    media.setErrors(errors);
    if (errors.files || errors.captions) return;
    const uploaded = await media.upload(type);
    if (uploaded && isOpen.current) onReplace(uploaded);
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`${isVideo ? 'Replace the video of' : 'Replace the readings of'} ${lesson?.title ?? ''}`}
      size="lg"
    >
      <form className="admin-form" onSubmit={onSubmit} noValidate>
        <p className="ui-muted ui-muted--small">
          {isVideo
            ? 'The new video takes the place of the current one when you save the curriculum. Without new captions, the current captions are removed.'
            : 'The new files take the place of all the current readings when you save the curriculum.'}
        </p>
        <fieldset className="admin-upload-fields" disabled={media.uploading}>
          <LessonMediaFields type={type} media={media} />
        </fieldset>
        <LessonUploadProgress media={media} />
        <div className="admin-form__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={media.uploading}>
            {media.uploading ? 'Uploading…' : media.resumable.length > 0 ? 'Resume' : isVideo ? 'Replace video' : 'Replace readings'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LINK_URL_MESSAGE } from '@school/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byPath, mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../../test/api-harness';
import { unfinishedUploadKey } from '../api/upload-lesson-media';
import { AddLessonDialog } from './add-lesson-dialog';

afterEach(() => vi.unstubAllGlobals());

function open() {
  mockRoutes({}, { user: ADMIN });
  const onAdd = vi.fn();
  renderWithApi(<AddLessonDialog open moduleTitle="Lithography" onClose={() => undefined} onAdd={onAdd} />);
  return onAdd;
}

const mp4 = new File(['x'], 'lecture.mp4', { type: 'video/mp4' });
const pdf = new File(['x'], 'notes.pdf', { type: 'application/pdf' });
const vtt = new File(['WEBVTT'], 'lecture.vtt', { type: 'text/vtt' });

// Typing with userEvent is slow on a busy machine: each test gets more than the default 5 s.
describe('AddLessonDialog', () => {
  it('has one tab per lesson type', () => {
    open();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Video lecture', 'Reading', 'Online quiz', 'Project submission']);
  });

  it('needs a lesson title', async () => {
    const onAdd = open();
    await userEvent.click(screen.getByRole('tab', { name: 'Online quiz' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(screen.getByText('Lesson title is required')).toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it("asks for an mp4 on the video tab ('Please upload a video!'), then uploads it with its captions and links", async () => {
    const chunks: unknown[] = [];
    mockRoutes(
      {
        lessonUploadStart: (c) => {
          const kind = (c.body as { kind: string }).kind;
          return reply(201, { id_slug: `up-${kind}`, kind, size_bytes: 1, chunk_size: 8, offset: 0, file: null });
        },
        lessonUploadChunk: byPath({
          'lessons/media/uploads/up-video/chunks/0': (c) => {
            chunks.push(c.body);
            return {
              id_slug: 'up-video',
              kind: 'video',
              size_bytes: 1,
              chunk_size: 8,
              offset: 1,
              file: { id_slug: 'vid1', original_name: 'lecture.mp4', duration_seconds: 12 },
            };
          },
          'lessons/media/uploads/up-captions/chunks/0': () => ({
            id_slug: 'up-captions',
            kind: 'captions',
            size_bytes: 1,
            chunk_size: 8,
            offset: 1,
            file: { id_slug: 'cap1', original_name: 'lecture.vtt', duration_seconds: null },
          }),
        }),
      },
      { user: ADMIN },
    );
    const onAdd = vi.fn();
    renderWithApi(<AddLessonDialog open moduleTitle="Lithography" onClose={() => undefined} onAdd={onAdd} />);
    await userEvent.type(screen.getByLabelText(/Lesson title/), 'Etching');
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(screen.getByText('Please upload a video!')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Video file (mp4)'), pdf);
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(screen.getByText('Please upload a video!')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Video file (mp4)'), mp4);
    await userEvent.upload(screen.getByLabelText('Captions (WebVTT, optional)'), vtt);
    await userEvent.type(screen.getByLabelText(/Links/), 'https://example.com/etching');
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalled());
    expect(onAdd).toHaveBeenCalledWith({
      title: 'Etching',
      description: '',
      lesson_type: 'VIDEO',
      video_lecture_id_slug: 'vid1',
      video_captions_id_slug: 'cap1',
      link_urls: ['https://example.com/etching'],
    });
    expect(chunks[0]).toBeInstanceOf(Blob);
    // The last file's bar stays complete once the upload is done.
    expect(screen.getByRole('progressbar', { name: 'Uploading lecture.mp4' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Upload complete.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add lesson' })).toBeEnabled();
    expect(screen.queryByText('Uploading lesson is disabled for now. Please contact the admin.')).not.toBeInTheDocument();
  });

  it("asks for PDFs on the reading tab ('Please upload reading files!') and shows the API's refusal", async () => {
    mockRoutes(
      {
        lessonUploadStart: () => reply(201, { id_slug: 'up1', kind: 'reading', size_bytes: 1, chunk_size: 8, offset: 0, file: null }),
        lessonUploadChunk: () => reply(415, { message: 'This file is not a PDF document.' }),
      },
      { user: ADMIN },
    );
    const onAdd = vi.fn();
    renderWithApi(<AddLessonDialog open moduleTitle="Lithography" onClose={() => undefined} onAdd={onAdd} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Reading' }));
    await userEvent.type(screen.getByLabelText(/Lesson title/), 'Doping');
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(screen.getByText('Please upload reading files!')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Reading files (pdf)'), [pdf]);
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(await screen.findByText('This file is not a PDF document.')).toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('checks the captions before the video: a refused captions file is told under its field and no video upload starts', async () => {
    const started: string[] = [];
    mockRoutes(
      {
        lessonUploadStart: (c) => {
          const kind = (c.body as { kind: string }).kind;
          started.push(kind);
          return reply(201, { id_slug: `up-${kind}`, kind, size_bytes: 6, chunk_size: 8, offset: 0, file: null });
        },
        lessonUploadChunk: () => reply(415, { message: 'This file is not a WebVTT captions file.' }),
      },
      { user: ADMIN },
    );
    const onAdd = vi.fn();
    renderWithApi(<AddLessonDialog open moduleTitle="Lithography" onClose={() => undefined} onAdd={onAdd} />);
    await userEvent.type(screen.getByLabelText(/Lesson title/), 'Etching');
    await userEvent.upload(screen.getByLabelText('Video file (mp4)'), mp4);
    await userEvent.upload(screen.getByLabelText('Captions (WebVTT, optional)'), new File(['NOT VTT'], 'broken.vtt'));
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(await screen.findByText('This file is not a WebVTT captions file.')).toBeInTheDocument();
    expect(screen.getByLabelText('Captions (WebVTT, optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(started).toEqual(['captions']);
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('offers to resume the same file where its earlier upload stopped (after a reload), and starts another file afresh', async () => {
    const scope = 'course-1/module/m1';
    const picked = new File([new Uint8Array(16)], 'long.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 });
    const key = unfinishedUploadKey(scope, 'video', picked);
    localStorage.setItem(key, JSON.stringify({ id: 'up-old', at: Date.now() }));
    const state = (offset: number, file: { id_slug: string; original_name: string; duration_seconds: number | null } | null = null) => ({
      id_slug: 'up-old',
      kind: 'video' as const,
      size_bytes: 16,
      chunk_size: 8,
      offset,
      file,
    });
    const { calls } = mockRoutes(
      {
        lessonUploadState: () => state(8),
        lessonUploadStart: () => reply(201, { ...state(0), id_slug: 'up-new' }),
        lessonUploadChunk: () => state(16, { id_slug: 'vid1', original_name: 'long.mp4', duration_seconds: 12 }),
      },
      { user: ADMIN },
    );
    const onAdd = vi.fn();
    renderWithApi(<AddLessonDialog open moduleTitle="Lithography" uploadScope={scope} onClose={() => undefined} onAdd={onAdd} />);
    await userEvent.type(screen.getByLabelText(/Lesson title/), 'Etching');

    // Another file of the same name (changed since) is not offered.
    await userEvent.upload(
      screen.getByLabelText('Video file (mp4)'),
      new File([new Uint8Array(16)], 'long.mp4', { type: 'video/mp4', lastModified: 5 }),
    );
    await waitFor(() => expect(calls.some((c) => c.path === 'lessons/media/uploads/up-old')).toBe(false));
    expect(screen.getByRole('button', { name: 'Add lesson' })).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText('Video file (mp4)'), picked);
    expect(
      await screen.findByText('The earlier upload of long.mp4 stopped at 1 KB of 1 KB (50%). Resume to go on from there.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalled());
    expect(onAdd.mock.calls[0][0]).toMatchObject({ video_lecture_id_slug: 'vid1' });
    // It went on from byte 8 of the same upload: nothing started, the first chunk not sent again.
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT lessons/media/uploads/up-old/chunks/8',
    ]);
    expect(await (calls.find((c) => c.method === 'PUT')!.body as Blob).size).toBe(8);
    // Finished, it is no longer remembered.
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('forgets an upload the API refused (wrong content), so the file is not offered to resume', async () => {
    const scope = 'course-1/module/m2';
    const picked = new File(['fake mp4'], 'fake.mp4', { type: 'video/mp4', lastModified: 1 });
    mockRoutes(
      {
        lessonUploadStart: () => reply(201, { id_slug: 'up-bad', kind: 'video', size_bytes: 8, chunk_size: 8, offset: 0, file: null }),
        lessonUploadChunk: () => reply(415, { message: 'This file is not an mp4 video.' }),
      },
      { user: ADMIN },
    );
    renderWithApi(<AddLessonDialog open moduleTitle="Lithography" uploadScope={scope} onClose={() => undefined} onAdd={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/Lesson title/), 'Etching');
    await userEvent.upload(screen.getByLabelText('Video file (mp4)'), picked);
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(await screen.findByText('This file is not an mp4 video.')).toBeInTheDocument();
    expect(localStorage.getItem(unfinishedUploadKey(scope, 'video', picked))).toBeNull();
  });

  it('refuses a link that is not a web address (javascript:...) under the links field, uploading nothing', async () => {
    const started: string[] = [];
    mockRoutes({ lessonUploadStart: () => (started.push('upload'), reply(500, { message: 'no' })) }, { user: ADMIN });
    const onAdd = vi.fn();
    renderWithApi(<AddLessonDialog open moduleTitle="Lithography" onClose={() => undefined} onAdd={onAdd} />);
    await userEvent.type(screen.getByLabelText(/Lesson title/), 'Etching');
    await userEvent.upload(screen.getByLabelText('Video file (mp4)'), mp4);
    await userEvent.type(screen.getByLabelText(/Links/), 'https://example.com/ok{enter}javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(screen.getByText(`${LINK_URL_MESSAGE} (javascript:alert(1))`)).toBeInTheDocument();
    expect(screen.getByLabelText(/Links/)).toHaveAttribute('aria-invalid', 'true');
    expect(started).toEqual([]);
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('adds quizzes and projects to the draft', async () => {
    const onAdd = open();
    await userEvent.click(screen.getByRole('tab', { name: 'Project submission' }));
    await userEvent.type(screen.getByLabelText(/Lesson title/), '  Tape-out project ');
    await userEvent.type(screen.getByLabelText('Description'), 'Build it.');
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(onAdd).toHaveBeenCalledWith({ title: 'Tape-out project', description: 'Build it.', lesson_type: 'PROJECT' });
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApi } from '../../../test/api-harness';
import { AddLessonDialog } from './add-lesson-dialog';

afterEach(() => vi.unstubAllGlobals());

function open() {
  mockApi({});
  const onAdd = vi.fn();
  renderWithApi(<AddLessonDialog open moduleTitle="Lithography" onClose={() => undefined} onAdd={onAdd} />);
  return onAdd;
}

const mp4 = new File(['x'], 'lecture.mp4', { type: 'video/mp4' });
const pdf = new File(['x'], 'notes.pdf', { type: 'application/pdf' });

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

  it('asks for an mp4 on the video tab, then says uploads are disabled', async () => {
    const onAdd = open();
    await userEvent.type(screen.getByLabelText(/Lesson title/), 'Etching');
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(screen.getByText('Please upload a video!')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Video file (mp4)'), pdf);
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(screen.getByText('Please upload a video!')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Video file (mp4)'), mp4);
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(await screen.findByText('Uploading lesson is disabled for now. Please contact the admin.')).toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('asks for PDFs on the reading tab, then says uploads are disabled', async () => {
    const onAdd = open();
    await userEvent.click(screen.getByRole('tab', { name: 'Reading' }));
    await userEvent.type(screen.getByLabelText(/Lesson title/), 'Doping');
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(screen.getByText('Please upload reading files!')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Reading files (pdf)'), [pdf]);
    await userEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(await screen.findByText('Uploading lesson is disabled for now. Please contact the admin.')).toBeInTheDocument();
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

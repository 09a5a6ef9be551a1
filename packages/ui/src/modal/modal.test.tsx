import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog, useConfirm } from './confirm-dialog';
import { Modal } from './modal';

function ModalHarness({ closeOnBackdrop }: { closeOnBackdrop?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit cohort
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Edit cohort" closeOnBackdrop={closeOnBackdrop}>
        <label>
          Title <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('opens as a named dialog, focuses inside, and closes with the close button returning focus', async () => {
    render(<ModalHarness />);
    const opener = screen.getByRole('button', { name: 'Edit cohort' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Edit cohort' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes on Escape', async () => {
    render(<ModalHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit cohort' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on a backdrop click unless told not to', async () => {
    const { unmount } = render(<ModalHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit cohort' }));
    await userEvent.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    render(<ModalHarness closeOnBackdrop={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit cohort' }));
    await userEvent.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  it('shows title, message and the two buttons', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Delete cohort"
        message="This action is permanent."
        confirmLabel="Delete"
        tone="danger"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Delete cohort' })).toHaveTextContent('This action is permanent.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

function ConfirmHarness({ onResult }: { onResult: (v: boolean) => void }) {
  const { confirm, dialog } = useConfirm();
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          onResult(await confirm({ title: 'Remove student', message: 'Remove this student from the cohort?', confirmLabel: 'Remove' }));
        }}
      >
        Remove
      </button>
      <button type="button" onClick={async () => onResult(await confirm('Delete this lesson?'))}>
        Delete lesson
      </button>
      {dialog}
    </>
  );
}

describe('useConfirm', () => {
  it('resolves true when confirmed', async () => {
    const onResult = vi.fn();
    render(<ConfirmHarness onResult={onResult} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove student' });
    expect(dialog).toHaveTextContent('Remove this student from the cohort?');
    expect(screen.getAllByRole('button', { name: 'Remove' })[1]).toHaveFocus();
    await userEvent.click(screen.getAllByRole('button', { name: 'Remove' })[1]);
    expect(onResult).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('resolves false when cancelled with the button or Escape', async () => {
    const onResult = vi.fn();
    render(<ConfirmHarness onResult={onResult} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete lesson' }));
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toHaveTextContent('Delete this lesson?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onResult).toHaveBeenLastCalledWith(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete lesson' }));
    await act(async () => {
      await userEvent.keyboard('{Escape}');
    });
    expect(onResult).toHaveBeenCalledTimes(2);
    expect(onResult).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

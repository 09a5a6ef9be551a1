import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button } from '../button/button';
import { Modal } from './modal';
import './modal.css';

export interface ConfirmOptions {
  /** Default 'Are you sure?'. */
  title?: ReactNode;
  message?: ReactNode;
  /** Default 'Confirm'. */
  confirmLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  /** 'danger' colours the confirm button red and focuses Cancel first (default 'primary'). */
  tone?: 'primary' | 'danger';
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A dialog asking to confirm an action; Escape, the close button and Cancel cancel it. */
export function ConfirmDialog({
  open,
  title = 'Are you sure?',
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'primary',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const danger = tone === 'danger';
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      size="sm"
      closeOnBackdrop={false}
      closeLabel={null}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} data-autofocus={danger ? true : undefined}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} data-autofocus={danger ? undefined : true}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {message !== undefined && <div className="ui-confirm__message">{message}</div>}
    </Modal>
  );
}

export interface UseConfirm {
  /** Opens the dialog; resolves true on confirm, false on cancel. A string is taken as the message. */
  confirm: (options: ConfirmOptions | string) => Promise<boolean>;
  /** Render this once in the component that calls confirm. */
  dialog: ReactNode;
}

/**
 * Promise-based confirmation:
 *   const { confirm, dialog } = useConfirm();
 *   if (await confirm({ message: 'Remove this student?', tone: 'danger', confirmLabel: 'Remove' })) { ... }
 *   return <>{...}{dialog}</>;
 */
export function useConfirm(): UseConfirm {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const settle = useCallback((value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  }, []);

  const confirm = useCallback((opts: ConfirmOptions | string) => {
    resolver.current?.(false);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
      setOptions(typeof opts === 'string' ? { message: opts } : opts);
    });
  }, []);

  const dialog = (
    <ConfirmDialog open={options !== null} {...(options ?? {})} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
  );

  return { confirm, dialog };
}

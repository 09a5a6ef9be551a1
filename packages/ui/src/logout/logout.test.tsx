import { act, render, screen } from '@testing-library/react';
import { LogoutOverlay } from './logout-overlay';
import { LOGOUT_FAILURE_MESSAGE, useLogout } from './use-logout';

function Harness({ logoutFn, navigate }: { logoutFn: () => Promise<void>; navigate: (p: string) => void }) {
  const { loggingOut, logout } = useLogout(logoutFn, navigate);
  return (
    <>
      <button type="button" onClick={() => void logout()}>
        Log out
      </button>
      <LogoutOverlay open={loggingOut} />
    </>
  );
}

describe('useLogout with LogoutOverlay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds the overlay for at least one second when the call is fast, then goes to /login', async () => {
    const logoutFn = vi.fn().mockResolvedValue(undefined);
    const navigate = vi.fn();
    render(<Harness logoutFn={logoutFn} navigate={navigate} />);

    act(() => screen.getByRole('button', { name: 'Log out' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('Logging out...');
    expect(logoutFn).toHaveBeenCalledTimes(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByText('Logging out...')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(screen.queryByText('Logging out...')).toBeNull();
  });

  it('waits for a slow call beyond one second', async () => {
    let finish!: () => void;
    const logoutFn = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const navigate = vi.fn();
    render(<Harness logoutFn={logoutFn} navigate={navigate} />);

    act(() => screen.getByRole('button', { name: 'Log out' }).click());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByText('Logging out...')).toBeInTheDocument();

    await act(async () => {
      finish();
    });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('alerts on failure, hides the overlay and stays put', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const logoutFn = vi.fn().mockRejectedValue(new Error('network'));
    const navigate = vi.fn();
    render(<Harness logoutFn={logoutFn} navigate={navigate} />);

    await act(async () => {
      screen.getByRole('button', { name: 'Log out' }).click();
    });
    expect(alert).toHaveBeenCalledWith(LOGOUT_FAILURE_MESSAGE);
    expect(LOGOUT_FAILURE_MESSAGE).toBe('Uh oh... something went wrong. Please try again later.');
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.queryByText('Logging out...')).toBeNull();
  });

  it('ignores a second click while logging out', async () => {
    const logoutFn = vi.fn().mockResolvedValue(undefined);
    const navigate = vi.fn();
    render(<Harness logoutFn={logoutFn} navigate={navigate} />);
    const button = screen.getByRole('button', { name: 'Log out' });
    act(() => {
      button.click();
      button.click();
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(logoutFn).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});

describe('LogoutOverlay', () => {
  it('is an open modal dialog named by its one message, so nothing on the page can be drawn over it', () => {
    render(<LogoutOverlay open />);
    const dialog = screen.getByRole('dialog', { name: 'Logging out...' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveTextContent(/^Logging out\.\.\.$/);
  });

  it('renders nothing when closed', () => {
    render(<LogoutOverlay open={false} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

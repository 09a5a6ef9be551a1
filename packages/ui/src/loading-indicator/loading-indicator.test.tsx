import { render, screen } from '@testing-library/react';
import { LoadingIndicator } from './loading-indicator';

describe('LoadingIndicator', () => {
  it("shows 'Loading...' in a status region by default, without the warning", () => {
    render(<LoadingIndicator />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading...');
    expect(screen.queryByText('Please do not reload or close the screen')).toBeNull();
  });

  it('adds the warning when asked', () => {
    render(<LoadingIndicator warning />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...Please do not reload or close the screen');
  });

  it('shows a custom text', () => {
    render(<LoadingIndicator text="Uploading..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Uploading...');
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});

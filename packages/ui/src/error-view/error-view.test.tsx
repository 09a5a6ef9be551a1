import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ErrorView, NotFoundMessage } from './error-view';

const inRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('ErrorView', () => {
  it('shows the 404 text and a Return home link to /', () => {
    inRouter(<ErrorView />);
    expect(screen.getByRole('heading', { name: "404. That's an error... This content is not available right now." })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return home' })).toHaveAttribute('href', '/');
  });

  it('leads to the given home path', () => {
    inRouter(<ErrorView homePath="/student" />);
    expect(screen.getByRole('link', { name: 'Return home' })).toHaveAttribute('href', '/student');
  });
});

describe('NotFoundMessage', () => {
  it("defaults to 'Uh oh... something went wrong!' with Go back home", () => {
    inRouter(<NotFoundMessage />);
    expect(screen.getByRole('heading', { name: 'Uh oh... something went wrong!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  it('shows a given message', () => {
    inRouter(<NotFoundMessage message="Uh oh... course not found" />);
    expect(screen.getByRole('heading', { name: 'Uh oh... course not found' })).toBeInTheDocument();
    expect(screen.queryByText('Uh oh... something went wrong!')).toBeNull();
  });
});

import { render, screen } from '@testing-library/react';
import { Card } from './card';

describe('Card', () => {
  it('renders its content in a div by default', () => {
    render(<Card data-testid="c">Analog Design</Card>);
    const card = screen.getByTestId('c');
    expect(card.tagName).toBe('DIV');
    expect(card).toHaveTextContent('Analog Design');
    expect(card).toHaveClass('ui-card', 'ui-card--padded');
  });

  it('can be an article with an accessible name', () => {
    render(
      <Card as="article" aria-labelledby="t" interactive>
        <h3 id="t">Digital Design</h3>
      </Card>,
    );
    expect(screen.getByRole('article', { name: 'Digital Design' })).toHaveClass('ui-card--interactive');
  });
});

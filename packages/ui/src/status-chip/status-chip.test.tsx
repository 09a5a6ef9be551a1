import { render, screen } from '@testing-library/react';
import { StatusChip, statusTone } from './status-chip';

describe('statusTone', () => {
  it('makes COMPLETED, ACTIVE, GRADED and SUBMITTED green', () => {
    for (const s of ['COMPLETED', 'ACTIVE', 'GRADED', 'SUBMITTED', 'Graded', 'Submitted']) {
      expect(statusTone(s)).toBe('success');
    }
  });

  it('gives other statuses other tones', () => {
    expect(statusTone('SUSPENDED')).toBe('warning');
    expect(statusTone('DROPPED')).toBe('danger');
    expect(statusTone('Not open')).toBe('neutral');
    expect(statusTone('NOT ENROLLED')).toBe('neutral');
    expect(statusTone(undefined)).toBe('neutral');
  });
});

describe('StatusChip', () => {
  it('shows the text with the given tone', () => {
    render(<StatusChip tone="danger">Locked</StatusChip>);
    expect(screen.getByText('Locked')).toHaveClass('ui-chip', 'ui-chip--danger');
  });

  it('derives tone and text from a status', () => {
    render(<StatusChip status="COMPLETED" />);
    expect(screen.getByText('COMPLETED')).toHaveClass('ui-chip--success');
  });

  it('lets a display label differ from the status value', () => {
    render(<StatusChip status="GRADED">Graded</StatusChip>);
    expect(screen.getByText('Graded')).toHaveAttribute('data-tone', 'success');
  });
});

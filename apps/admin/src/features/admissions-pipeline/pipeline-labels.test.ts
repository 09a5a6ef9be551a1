import { APPLICATION_VIEW_PLACES } from '@school/contracts';
import { describe, expect, it } from 'vitest';
import { viewPlace } from './pipeline-labels';

describe('the audit log of views', () => {
  it('names every place the API records in words of its own, never the fallback or a call name', () => {
    const words = APPLICATION_VIEW_PLACES.map(viewPlace);
    expect(words).not.toContain('Another admin screen');
    expect(new Set(words).size).toBe(APPLICATION_VIEW_PLACES.length);
    for (const w of words) expect(w).toMatch(/^[A-Z][a-z]/);
    expect(viewPlace('applicantInterview')).toBe('Interview booking (private link)');
  });
});

import { describe, expect, it } from 'vitest';
import { activeSection, SECTION_SCROLL_OFFSET } from './section-scroll';

const tops = { curriculum: 1000, application: 2000 };

describe('activeSection', () => {
  it('is Overview before the Curriculum section reaches the 100 px line', () => {
    expect(SECTION_SCROLL_OFFSET).toBe(100);
    expect(activeSection(0, tops)).toBe('overview');
    expect(activeSection(899, tops)).toBe('overview');
  });
  it('is Curriculum from 100 px above its top until Application', () => {
    expect(activeSection(900, tops)).toBe('curriculum');
    expect(activeSection(1899, tops)).toBe('curriculum');
  });
  it('is Application past its top', () => {
    expect(activeSection(1900, tops)).toBe('application');
    expect(activeSection(5000, tops)).toBe('application');
  });
});

describe('activeSection at the bottom of the page', () => {
  it('is Application when the page cannot scroll further, even if its top never reaches the line', () => {
    expect(activeSection(1500, tops, SECTION_SCROLL_OFFSET, true)).toBe('application');
    expect(activeSection(1500, tops, SECTION_SCROLL_OFFSET, false)).toBe('curriculum');
  });
});

import { AnalyticsIcon, GradingIcon } from '@school/ui';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { EXTRA_SIDEBAR_ITEMS } from './sidebar-items';

describe('admin sidebar items', () => {
  it("gives 'Grading' the grading icon, not the analytics chart", () => {
    const grading = EXTRA_SIDEBAR_ITEMS.find((i) => i.title === 'Grading')!;
    expect((grading.icon as ReactElement).type).toBe(GradingIcon);
    expect((grading.icon as ReactElement).type).not.toBe(AnalyticsIcon);
  });

  it('gives every entry its own icon', () => {
    const types = EXTRA_SIDEBAR_ITEMS.map((i) => (i.icon as ReactElement).type);
    expect(new Set(types).size).toBe(types.length);
  });
});

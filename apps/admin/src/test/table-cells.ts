import { within } from '@testing-library/react';

/** The text of each cell of a table's body rows (the header row left out). */
export const tableCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

import type { Key, ReactNode } from 'react';

export interface Column<T> {
  /** The column's header, and each cell's data-label (its caption on small screens). */
  label: string;
  /** Shows the header to screen readers only (e.g. 'Actions'). */
  hideLabel?: boolean;
  className?: string;
  render: (row: T) => ReactNode;
}

/** An admin table: one header row, then one row per item with a cell per column. */
export function ListTable<T>({ columns, rows, rowKey }: { columns: Column<T>[]; rows: T[]; rowKey: (row: T) => Key }) {
  return (
    <table className="admin-table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.label} scope="col">
              {c.hideLabel ? <span className="ui-visually-hidden">{c.label}</span> : c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td key={c.label} data-label={c.label} className={c.className}>
                {c.render(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

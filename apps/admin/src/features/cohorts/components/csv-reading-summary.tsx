import type { CsvReading } from '../csv';
import type { NameSplitRule } from '../name-split';
import '../cohorts.css';

/** Longest list drawn in full. */
const SHOWN = 100;

const RULES: Record<NameSplitRule, string> = {
  patronymic: 'bin/binti, a/l, a/p or anak kept with the last name',
  'family name first': 'family name written first',
  'last word': 'last word as the last name',
  'single name': 'one name only',
  empty: 'no name',
};

/** What was read from the CSV: which columns, and how each full name was split into first and last name. */
export function CsvReadingSummary({ reading }: { reading: CsvReading }) {
  const { columns, names } = reading;
  return (
    <section className="ui-stack" aria-labelledby="csv-reading">
      <h3 id="csv-reading" className="admin-section-title">
        Columns read
      </h3>
      <ul className="ui-muted ui-muted--small">
        <li>Email: "{columns.email}"</li>
        {columns.full_name !== undefined ? (
          <li>First and last name: split from "{columns.full_name}"</li>
        ) : (
          <>
            <li>First name: {columns.first_name !== undefined ? `"${columns.first_name}"` : 'no column (left empty)'}</li>
            <li>Last name: {columns.last_name !== undefined ? `"${columns.last_name}"` : 'no column (left empty)'}</li>
          </>
        )}
      </ul>
      {names.length > 0 && (
        <details className="admin-details" open={names.length <= 20}>
          <summary>How full names were split ({names.length})</summary>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Full name</th>
                <th scope="col">First name</th>
                <th scope="col">Last name</th>
                <th scope="col">Rule</th>
              </tr>
            </thead>
            <tbody>
              {names.slice(0, SHOWN).map((n, i) => (
                <tr key={i}>
                  <td data-label="Full name">{n.full_name || '–'}</td>
                  <td data-label="First name">{n.first_name || '–'}</td>
                  <td data-label="Last name">{n.last_name || '–'}</td>
                  <td data-label="Rule">{RULES[n.rule]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {names.length > SHOWN && <p className="ui-muted ui-muted--small">and {(names.length - SHOWN).toLocaleString()} more.</p>}
        </details>
      )}
    </section>
  );
}

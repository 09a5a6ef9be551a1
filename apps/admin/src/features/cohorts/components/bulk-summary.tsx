import type { BulkAddResult } from '@school/contracts';
import { formatCount } from '@school/ui';
import '../cohorts.css';

/** Longest list drawn in full; a 10,000-row upload would otherwise draw 10,000 table rows. */
const SHOWN = 100;

function More({ total }: { total: number }) {
  return total > SHOWN ? <p className="ui-muted ui-muted--small">and {(total - SHOWN).toLocaleString()} more.</p> : null;
}

/** The notice after a CSV upload: what it did in one line, the summary below has the detail. */
export function bulkAddNotice(result: BulkAddResult): string {
  const parts = [`${formatCount(result.successfully_added_to_cohort, 'student')} added to the cohort`];
  if (result.added_to_queue > 0) parts.push(`${formatCount(result.added_to_queue, 'person', 'people')} queued until they sign up`);
  const already = result.already_in_cohort + result.already_in_queue;
  if (already > 0) parts.push(`${already.toLocaleString('en-US')} already there`);
  if (result.errors > 0) parts.push(`${formatCount(result.errors, 'row')} not added`);
  return `Students uploaded: ${parts.join(', ')}.`;
}

/** What a CSV upload did: every count, the people queued (no account yet) and the rows in error with the reason. */
export function BulkSummary({ result }: { result: BulkAddResult }) {
  const counts: [string, number][] = [
    ['Rows processed', result.total_processed],
    ['Added to the cohort', result.successfully_added_to_cohort],
    ['Added to the queue', result.added_to_queue],
    ['Already in the cohort', result.already_in_cohort],
    ['Already in the queue', result.already_in_queue],
    ['Errors', result.errors],
  ];
  return (
    <section className="ui-stack" aria-labelledby="bulk-summary">
      <h3 id="bulk-summary" className="admin-section-title">
        Upload summary
      </h3>
      <dl className="admin-stats admin-stats--compact">
        {counts.map(([label, value]) => (
          <div key={label} className="admin-stat">
            <dt>{label}</dt>
            <dd>{value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      {result.queued_students.length > 0 && (
        <details className="admin-details" open={result.queued_students.length <= 20}>
          <summary>Queued students, without an account yet ({result.queued_students.length})</summary>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
              </tr>
            </thead>
            <tbody>
              {result.queued_students.slice(0, SHOWN).map((s) => (
                <tr key={s.email}>
                  <td data-label="Email">{s.email}</td>
                  <td data-label="Name">{`${s.first_name} ${s.last_name}`.trim() || '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <More total={result.queued_students.length} />
        </details>
      )}
      {result.error_students.length > 0 && (
        <details className="admin-details" open>
          <summary>Rows not added ({result.error_students.length})</summary>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {result.error_students.slice(0, SHOWN).map((s, i) => (
                <tr key={`${i}-${s.email}`}>
                  <td data-label="Email">{s.email || '(empty)'}</td>
                  <td data-label="Name">{`${s.first_name} ${s.last_name}`.trim() || '–'}</td>
                  <td data-label="Reason">{s.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <More total={result.error_students.length} />
        </details>
      )}
    </section>
  );
}

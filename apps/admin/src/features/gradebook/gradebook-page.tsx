import { ADMIN_MESSAGES, GRADE_STATES, type GradeState, latePolicyText } from '@school/contracts';
import { Button, SelectField, StatusChip, useRouteQuery, useSession } from '@school/ui';
import { useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { useNotify } from '../../lib/notice';
import { gradingPaths, gradingRoot } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { OverrideDialog } from './components/override-dialog';
import { OverrideLog } from './components/override-log';
import { computedText, lateText } from './computed-grade';
import './gradebook.css';
import { saveCsv } from '../../lib/save-csv';

/** How each state reads (the learning spec's display statuses, 'To grade' for a hand-in waiting). */
export const GRADE_STATE_LABELS: Record<GradeState, string> = {
  NOT_OPEN: 'Not open',
  OPEN: 'Open',
  SUBMITTED: 'Submitted',
  GRADED: 'Graded',
  locked: 'Locked',
};

const isState = (v: string | null): v is GradeState => GRADE_STATES.includes(v as GradeState);

/** A cohort's students by grade items, with the weighted total, a status filter and the CSV export. */
export function GradebookPage() {
  const { cohortId = '' } = useParams();
  const root = gradingRoot(useLocation().pathname);
  const to = gradingPaths(root);
  const [search, setSearch] = useSearchParams();
  const requested = search.get('status');
  const status = isState(requested) ? requested : undefined;
  const query = useRouteQuery('gradebook', { params: { cohortId }, query: { status } }, { select: (r) => r.data });
  const { client } = useSession();
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  // The cell being set by hand: a student and an item's index.
  const [editing, setEditing] = useState<{ student: number; item: number } | null>(null);
  usePageTitle(query.data ? `Gradebook · ${query.data.cohort.title}` : 'Gradebook');

  const onExport = async () => {
    setExporting(true);
    try {
      const csv = await client.call('gradebookExport', { params: { cohortId }, query: { status } });
      saveCsv(csv, `gradebook-${cohortId}${status ? `-${status.toLowerCase()}` : ''}.csv`);
    } catch {
      notify.error(ADMIN_MESSAGES.genericFailure);
    } finally {
      setExporting(false);
    }
  };

  return (
    <QueryView query={query} label="the gradebook" homePath={to.home}>
      {(book) => (
        <div className="ui-page ui-stack ui-stack--loose">
          <PageHeader
            title={`Gradebook · ${book.cohort.title}`}
            subtitle="Weighted total: each grade (after any late penalty, or the grade set by hand) times its item's weight, over the sum of the weights; an ungraded item counts as 0."
            back={{ to: to.cohort(book.cohort.id_slug), label: 'Grading' }}
            actions={
              <Button type="button" variant="secondary" onClick={onExport} disabled={exporting}>
                {exporting ? 'Exporting...' : 'Export CSV'}
              </Button>
            }
          />
          <div className="admin-row admin-gradebook__filters">
            <SelectField
              label="Status"
              value={status ?? ''}
              onChange={(e) => setSearch(e.target.value ? { status: e.target.value } : {}, { replace: true })}
              options={[{ value: '', label: 'All students' }, ...GRADE_STATES.map((s) => ({ value: s, label: GRADE_STATE_LABELS[s] }))]}
            />
            <output className="ui-muted ui-muted--small" aria-live="polite">
              {book.students.length} {book.students.length === 1 ? 'student' : 'students'}
              {status ? ` with an item ${GRADE_STATE_LABELS[status]}` : ''}
            </output>
          </div>
          {book.items.length === 0 ? (
            <p className="ui-empty ui-empty--quiet">This cohort has no grade items yet.</p>
          ) : book.students.length === 0 ? (
            <p className="ui-empty ui-empty--quiet">No student matches.</p>
          ) : (
            // A table wider than the screen scrolls: keyboard users reach the scroll by focusing it (WCAG 2.1.1).
            // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            <section className="admin-gradebook__scroll" tabIndex={0} aria-label="Gradebook table">
              <table className="admin-table admin-gradebook">
                <thead>
                  <tr>
                    <th scope="col">Student</th>
                    {book.items.map((item) => (
                      <th scope="col" key={item.id_slug}>
                        {item.lesson_title}
                        <span className="admin-table__sub">
                          {item.grade_percentage}%{item.is_mandatory ? ' · Mandatory' : ''}
                          {latePolicyText(item) ? ` · Late: ${latePolicyText(item)}` : ''}
                        </span>
                      </th>
                    ))}
                    <th scope="col" className="admin-gradebook__total">
                      Weighted total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {book.students.map((s, si) => (
                    <tr key={s.id_slug}>
                      <th scope="row">
                        <span className="admin-table__title">
                          {s.first_name} {s.last_name}
                        </span>
                        <span className="admin-table__sub">{s.email}</span>
                      </th>
                      {s.grades.map((g, i) => (
                        <td key={book.items[i]?.id_slug ?? i} data-label={book.items[i]?.lesson_title}>
                          {/* A grade set by hand counts; the computed grade, before and after any late penalty, stays beside it. */}
                          {g.override ? (
                            <>
                              <span className="admin-gradebook__grade">{g.override.grade}</span>
                              <span className="admin-table__sub">Set by hand · computed {computedText(g)}</span>
                            </>
                          ) : (
                            <>
                              {g.user_grade !== null && <span className="admin-gradebook__grade">{g.user_grade}</span>}
                              {lateText(g) && <span className="admin-table__sub">{lateText(g)}</span>}
                            </>
                          )}
                          <span className="admin-gradebook__chips">
                            <StatusChip tone={g.state === 'GRADED' ? 'success' : g.state === 'SUBMITTED' ? 'warning' : 'neutral'}>
                              {GRADE_STATE_LABELS[g.state]}
                            </StatusChip>
                            {g.is_late && <StatusChip tone="warning">Late</StatusChip>}
                            {g.extended && <StatusChip tone="neutral">Extended</StatusChip>}
                          </span>
                          <Button
                            type="button"
                            variant="ghost"
                            size="sm"
                            className="admin-gradebook__override"
                            aria-label={`Override ${book.items[i]?.lesson_title} for ${s.first_name} ${s.last_name}`}
                            onClick={() => setEditing({ student: si, item: i })}
                          >
                            Override
                          </Button>
                        </td>
                      ))}
                      <td data-label="Weighted total" className="admin-gradebook__total">
                        <span className="admin-gradebook__grade">{s.weighted_total ?? '—'}</span>
                        {s.missing_mandatory > 0 && (
                          <span className="admin-table__sub">
                            {s.missing_mandatory} mandatory {s.missing_mandatory === 1 ? 'item' : 'items'} not graded
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
          {editing && book.students[editing.student] && book.items[editing.item] && (
            <OverrideDialog
              cohortId={book.cohort.id_slug}
              itemId={book.items[editing.item].id_slug}
              itemTitle={book.items[editing.item].lesson_title}
              student={{
                id_slug: book.students[editing.student].id_slug,
                name: `${book.students[editing.student].first_name} ${book.students[editing.student].last_name}`.trim(),
              }}
              cell={book.students[editing.student].grades[editing.item]}
              onClose={() => setEditing(null)}
            />
          )}
          <OverrideLog cohortId={book.cohort.id_slug} />
        </div>
      )}
    </QueryView>
  );
}

import { QUESTION_KIND_LABELS, type QuestionAnalytics } from '@school/contracts';
import { SelectField, useRouteQuery } from '@school/ui';
import { useParams, useSearchParams } from 'react-router-dom';
import { ListTable } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { usePageTitle } from '../../lib/use-page-title';
import './quizzes.css';

const percent = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}%`);
const signed = (v: number | null) => (v === null ? '—' : v.toFixed(2));
const seconds = (v: number | null) => (v === null ? '—' : v < 90 ? `${Math.round(v)} s` : `${Math.round(v / 6) / 10} min`);

/** How hard a question was, in words beside the figure (facility bands as item analysis reads them). */
export function facilityWord(v: number | null): string {
  if (v === null) return '';
  if (v < 0.3) return 'hard';
  if (v > 0.8) return 'easy';
  return 'moderate';
}

/**
 * /admin/quizzes/{lessonId}/analytics and /instructor/...: per question of a quiz, over submitted
 * attempts: facility, discrimination, options chosen and average time; a cohort filter (instructors
 * see their own cohorts only).
 */
export function QuizAnalyticsPage({ editorPath, homePath }: { editorPath: (lessonId: string) => string; homePath: string }) {
  const { lessonId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const cohort = search.get('cohort') ?? '';
  const analytics = useRouteQuery(
    'quizAnalytics',
    { params: { lessonId }, query: cohort ? { cohort_id: cohort } : {} },
    { select: (r) => r.data },
  );
  usePageTitle(analytics.data ? `Question analytics: ${analytics.data.lesson_title}` : 'Question analytics');
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <QueryView query={analytics} label="the analytics" homePath={homePath}>
        {(data) => (
          <>
            <PageHeader
              title={`Question analytics: ${data.lesson_title}`}
              subtitle={`${data.submitted_attempts} submitted ${data.submitted_attempts === 1 ? 'attempt' : 'attempts'}`}
              back={{ to: editorPath(lessonId), label: 'Edit quiz' }}
            />
            <SelectField
              label="Cohort"
              className="admin-quiz-analytics__filter"
              options={[{ value: '', label: 'All my cohorts' }, ...data.cohorts.map((c) => ({ value: c.id_slug, label: c.title }))]}
              value={cohort}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setSearch(value ? { cohort: value } : {}, { replace: true });
              }}
            />
            <p className="ui-muted ui-muted--small">
              Facility is the share of attempts that earned the question's points. Discrimination is the correlation of the question's score
              with the rest of the attempt's score: near 0 or below, the question does not separate stronger from weaker students. Time runs
              from the attempt's previous saved answer to this one.
            </p>
            {data.questions.length === 0 ? (
              <p className="ui-muted">This quiz has no questions yet.</p>
            ) : (
              <ListTable<QuestionAnalytics>
                rows={data.questions}
                rowKey={(q) => q.id_slug}
                columns={[
                  {
                    label: 'Question',
                    render: (q) => (
                      <>
                        <span className="admin-table__title">{q.prompt}</span>
                        <span className="admin-table__sub">
                          {QUESTION_KIND_LABELS[q.kind]}
                          {q.archived ? ' · removed from the bank' : ''}
                        </span>
                      </>
                    ),
                  },
                  { label: 'Attempts', render: (q) => q.attempts },
                  {
                    label: 'Facility',
                    render: (q) => `${percent(q.facility)}${facilityWord(q.facility) ? ` (${facilityWord(q.facility)})` : ''}`,
                  },
                  { label: 'Discrimination', render: (q) => signed(q.discrimination) },
                  {
                    label: 'Answers chosen',
                    render: (q) =>
                      q.options.length === 0 ? (
                        '—'
                      ) : (
                        <ul className="admin-quiz-analytics__options">
                          {q.options.map((o) => (
                            <li key={o.key}>
                              {o.text}
                              {o.is_correct ? ' (correct)' : ''}: {o.chosen}
                            </li>
                          ))}
                        </ul>
                      ),
                  },
                  { label: 'Average time', render: (q) => seconds(q.average_seconds) },
                ]}
              />
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}

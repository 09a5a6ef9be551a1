import type { GradingQueueEntry } from '@school/contracts';
import { AppLink, formatDateTime, StatusChip, useRouteQuery } from '@school/ui';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { gradingPaths, gradingRoot } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { ExtensionsPanel } from './components/extensions-panel';
import { QuizAttemptPanel } from './components/quiz-attempt-panel';
import { SubmissionPanel } from './components/submission-panel';
import { SUBMISSION_KIND_LABELS } from './grading-labels';
import { useFrozenOrder } from './frozen-order';
import { quizAttempts } from './quiz-attempts';
import { queueStep, stepIndex } from './rubric-score';
import './grading.css';

export const KEYBOARD_HELP = 'Keyboard: j or Alt+↓ opens the next submission, k or Alt+↑ the previous one.';

const NO_ENTRIES: GradingQueueEntry[] = [];

const studentName = (e: Pick<GradingQueueEntry, 'student'>) => `${e.student.first_name} ${e.student.last_name}`.trim() || e.student.email;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * A grade item's queue (ungraded first, late hand-ins flagged) beside the chosen submission: its
 * files, the rubric and the feedback. For a quiz, the queue is its submitted attempts with free-text
 * answers (those waiting first), each answer scored beside its question. j/k or Alt+arrows move
 * through the queue in the order it was first shown.
 */
export function GradingItemPage() {
  const { itemId = '' } = useParams();
  const root = gradingRoot(useLocation().pathname);
  const to = gradingPaths(root);
  const [search, setSearch] = useSearchParams();
  const query = useRouteQuery('gradingQueue', { params: { gradeItemId: itemId } });
  const [announcement, setAnnouncement] = useState('');
  const isQuiz = query.data?.item.lesson_type === 'QUIZ';
  const answers = useRouteQuery('quizFreeTextAnswers', { params: { gradeItemId: itemId } }, { enabled: isQuiz, keepPrevious: true });
  const attempts = useMemo(() => (isQuiz ? quizAttempts(answers.data?.data ?? []) : []), [isQuiz, answers.data]);
  // Both lists keep the order the grader first saw (a save re-sorts them in the API).
  const frozenAttempts = useFrozenOrder(attempts, `${itemId}:quiz`, isQuiz && answers.isSuccess);
  const frozenEntries = useFrozenOrder(query.data?.data ?? NO_ENTRIES, `${itemId}:project`, !isQuiz && query.isSuccess);
  const queue: { id_slug: string; student: GradingQueueEntry['student'] }[] = isQuiz ? frozenAttempts : frozenEntries;
  const selectedId = search.get('submission') ?? queue[0]?.id_slug ?? null;
  const index = queue.findIndex((e) => e.id_slug === selectedId);
  usePageTitle(query.data ? `Grading · ${query.data.item.lesson_title}` : 'Grading');

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const step = queueStep(e, isTyping(e.target));
      if (step === null) return;
      // Always the shortcut's, even at either end of the queue: Alt+arrow in a number field
      // would otherwise step the score the grader is looking at.
      e.preventDefault();
      const next = stepIndex(index, step, queue.length);
      const entry = queue[next];
      if (!entry || next === index) return;
      setSearch({ submission: entry.id_slug }, { replace: true });
      setAnnouncement(`Submission ${next + 1} of ${queue.length}: ${studentName(entry)}`);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, queue, setSearch]);

  return (
    <QueryView query={query} label="the grading queue" homePath={to.home}>
      {({ item }) => (
        <div className="ui-page ui-stack ui-stack--loose">
          <PageHeader
            title={item.lesson_title}
            subtitle={`${item.cohort_title} · ${item.grade_percentage}%${item.is_mandatory ? ' · Mandatory' : ''} · ${
              item.deadline_datetime ? `deadline ${formatDateTime(item.deadline_datetime)}` : 'no deadline'
            } · ${item.graded} of ${item.submitted} graded`}
            back={{ to: to.cohort(item.cohort_id_slug), label: 'Grade items' }}
          />
          <p className="ui-muted ui-muted--small admin-grading__keys" id="grading-keys">
            {KEYBOARD_HELP}
          </p>
          <output className="admin-grading__live" aria-live="polite">
            {announcement}
          </output>
          {isQuiz ? (
            <QueryView query={answers} label="the free-text answers">
              {() =>
                attempts.length === 0 ? (
                  <p className="ui-empty ui-empty--quiet">No free-text answers have been handed in yet.</p>
                ) : (
                  <div className="admin-grading">
                    <nav className="admin-grading__queue" aria-label="Submissions" aria-describedby="grading-keys">
                      <ol className="ui-plain-list admin-grading__queue-list">
                        {frozenAttempts.map((entry, i) => (
                          <li key={entry.id_slug}>
                            <AppLink
                              to={to.item(itemId, entry.id_slug)}
                              replace
                              className="admin-grading__entry"
                              aria-current={i === index ? 'true' : undefined}
                            >
                              <span className="admin-table__title">{studentName(entry)}</span>
                              <span className="admin-table__sub">
                                Attempt {entry.attempt_number} · {formatDateTime(entry.submitted_at)}
                              </span>
                              <span className="admin-grading__chips">
                                {entry.waiting === 0 ? (
                                  <StatusChip tone="success">Graded</StatusChip>
                                ) : (
                                  <StatusChip tone="neutral">To grade {entry.waiting}</StatusChip>
                                )}
                              </span>
                            </AppLink>
                          </li>
                        ))}
                      </ol>
                    </nav>
                    {index >= 0 ? (
                      <QuizAttemptPanel
                        key={frozenAttempts[index].id_slug}
                        attempt={frozenAttempts[index]}
                        itemId={itemId}
                        cohortId={item.cohort_id_slug}
                      />
                    ) : (
                      <p className="ui-empty ui-empty--quiet">That submission is not in this queue.</p>
                    )}
                  </div>
                )
              }
            </QueryView>
          ) : queue.length === 0 ? (
            <p className="ui-empty ui-empty--quiet">Nothing has been handed in yet.</p>
          ) : (
            <div className="admin-grading">
              <nav className="admin-grading__queue" aria-label="Submissions" aria-describedby="grading-keys">
                <ol className="ui-plain-list admin-grading__queue-list">
                  {frozenEntries.map((entry, i) => (
                    <li key={entry.id_slug}>
                      <AppLink
                        to={to.item(itemId, entry.id_slug)}
                        replace
                        className="admin-grading__entry"
                        aria-current={i === index ? 'true' : undefined}
                      >
                        <span className="admin-table__title">{studentName(entry)}</span>
                        <span className="admin-table__sub">
                          {SUBMISSION_KIND_LABELS[entry.kind]} · {formatDateTime(entry.submitted_at)}
                        </span>
                        <span className="admin-grading__chips">
                          {entry.user_submission_status === 'GRADED' ? (
                            <StatusChip tone="success">Graded {entry.user_grade ?? ''}</StatusChip>
                          ) : (
                            <StatusChip tone="neutral">To grade</StatusChip>
                          )}
                          {entry.is_late && <StatusChip tone="warning">Late</StatusChip>}
                        </span>
                      </AppLink>
                    </li>
                  ))}
                </ol>
              </nav>
              {selectedId && index >= 0 ? (
                <SubmissionPanel key={selectedId} submissionId={selectedId} itemId={itemId} cohortId={item.cohort_id_slug} />
              ) : (
                <p className="ui-empty ui-empty--quiet">That submission is not in this queue.</p>
              )}
            </div>
          )}
          <ExtensionsPanel itemId={itemId} />
        </div>
      )}
    </QueryView>
  );
}

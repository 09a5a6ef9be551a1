import type { SaveQuiz } from '@school/contracts';
import { AppLink, Button, routeKey, TextField, useRouteMutation, useRouteQuery } from '@school/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { QueryView } from '../../components/query-view';
import { useNotify } from '../../lib/notice';

/** Questions drawn per shared bank, as typed (empty: the quiz does not draw from that bank). */
export type DrawCounts = Record<string, string>;

/** The draws as the save takes them: banks with a count, in the list's order. */
export function drawsPayload(draws: DrawCounts): NonNullable<SaveQuiz['bank_draws']> {
  return Object.entries(draws)
    .filter(([, v]) => v.trim() !== '')
    .map(([bank_id_slug, v]) => ({ bank_id_slug, draw_count: Number(v.trim()) }));
}

/**
 * The course's shared question banks: how many questions this quiz draws from each at every start,
 * a link to edit each bank, and a new bank.
 */
export function BankDraws({
  courseId,
  draws,
  onChange,
  bankPath,
  error,
}: {
  courseId: string;
  draws: DrawCounts;
  onChange: (next: DrawCounts) => void;
  bankPath: (bankId: string) => string;
  error?: string;
}) {
  const notify = useNotify();
  const navigate = useNavigate();
  const banks = useRouteQuery('questionBanks', { params: { courseId } }, { select: (r) => r.data });
  const [title, setTitle] = useState('');
  const create = useRouteMutation('questionBankCreate', { invalidates: (v) => [routeKey('questionBanks', { params: v.params })] });
  const onCreate = () => {
    if (!title.trim()) return notify.error('Give the new bank a title.');
    create.mutate(
      { params: { courseId }, body: { title: title.trim() } },
      {
        onSuccess: (r) => navigate(bankPath(r.data.id_slug)),
        onError: () => notify.error('The bank could not be created. Please try again.'),
      },
    );
  };
  return (
    <section aria-labelledby="quiz-banks-title" className="admin-quiz-transfer">
      <h2 id="quiz-banks-title" className="admin-section-title">
        Shared question banks
      </h2>
      <p className="ui-muted ui-muted--small">
        Banks are shared by the quizzes of this course. Each attempt draws the given number of questions at random from each bank, beside
        this quiz's own questions.
      </p>
      {error && (
        <p role="alert" className="admin-field-error">
          {error}
        </p>
      )}
      <QueryView query={banks} label="the banks" homePath="/admin">
        {(list) =>
          list.length === 0 ? (
            <p className="ui-muted ui-muted--small">This course has no shared bank yet.</p>
          ) : (
            <ul className="admin-quiz-banks">
              {list.map((b) => (
                <li key={b.id_slug} className="admin-quiz-transfer__row">
                  <TextField
                    label={`Questions drawn from ${b.title} (${b.total_questions} in the bank)`}
                    inputMode="numeric"
                    hint="Leave empty to draw none."
                    value={draws[b.id_slug] ?? ''}
                    onChange={(e) => onChange({ ...draws, [b.id_slug]: e.currentTarget.value })}
                  />
                  <AppLink
                    to={bankPath(b.id_slug)}
                    className="ui-button ui-button--secondary ui-button--md"
                    aria-label={`Edit bank ${b.title}`}
                  >
                    Edit bank
                  </AppLink>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <div className="admin-quiz-transfer__row">
        <TextField label="New bank title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <Button variant="secondary" onClick={onCreate} loading={create.isPending}>
          Create bank
        </Button>
      </div>
    </section>
  );
}

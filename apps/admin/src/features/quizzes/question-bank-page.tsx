import {
  ADMIN_MESSAGES,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  type QuestionBank,
  type QuestionKind,
  type SaveQuestionBank,
  SaveQuestionBankSchema,
} from '@school/contracts';
import { Button, routeKey, SelectField, TextField, useRouteMutation, useRouteQuery, useSession } from '@school/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { DragHandle, SortableList } from '../../components/sortable-list';
import { useNotify } from '../../lib/notice';
import { usePageTitle } from '../../lib/use-page-title';
import { QuestionEditor } from './question-editor';
import { type DraftQuestion, issuesByPath, moveQuestion, newQuestion, questionsToDraft, questionsToPayload } from './quiz-model';
import { QuizTransfer } from './quiz-transfer';
import { RegradeDialog } from './regrade-dialog';
import { useRegradeCheck } from './use-regrade-check';
import './quizzes.css';

/**
 * /admin/quiz-banks/{bankId} and /instructor/quiz-banks/{bankId}: a question bank shared by the
 * quizzes of a course. Questions removed from it are kept for the attempts that drew them. Saving
 * a changed key first lists the submitted attempts (of every quiz that drew the question) whose
 * score it changes and offers to regrade them, as a quiz's own editor does. GIFT and Moodle XML files
 * import into the saved bank and export from it, as for a quiz's own bank.
 */
export function QuestionBankPage({ homePath, coursePath }: { homePath: string; coursePath: (courseId: string) => string }) {
  const { bankId = '' } = useParams();
  const bank = useRouteQuery('questionBank', { params: { bankId } }, { select: (r) => r.data });
  usePageTitle(bank.data ? `Question bank: ${bank.data.title}` : 'Question bank');
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <QueryView query={bank} label="this bank" homePath={homePath}>
        {(data) => <BankEditor key={`${data.id_slug}-${data.questions.length}`} bank={data} back={coursePath(data.course_id_slug)} />}
      </QueryView>
    </div>
  );
}

function BankEditor({ bank, back }: { bank: QuestionBank; back: string }) {
  const notify = useNotify();
  const [title, setTitle] = useState(bank.title);
  const [questions, setQuestions] = useState<DraftQuestion[]>(() => questionsToDraft(bank.questions));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [newKind, setNewKind] = useState<QuestionKind>('SINGLE_CHOICE');
  const { client } = useSession();
  const regrade = useRegradeCheck(async (body: SaveQuestionBank) =>
    client.call('questionBankRegradePreview', { params: { bankId: bank.id_slug }, body }),
  );
  const pending = regrade.pending;
  const save = useRouteMutation('questionBankSave', {
    invalidates: (v) => [routeKey('questionBank', { params: v.params }), routeKey('questionBanks')],
  });
  const write = (body: SaveQuestionBank, regraded?: number) =>
    save.mutate(
      { params: { bankId: bank.id_slug }, body },
      {
        onSuccess: (r) => {
          regrade.setPending(null);
          setQuestions(questionsToDraft(r.data.questions));
          notify.success(
            regraded === undefined
              ? 'Question bank saved.'
              : `Question bank saved. ${regraded} ${regraded === 1 ? 'attempt was' : 'attempts were'} regraded with the new answer key.`,
          );
        },
        onError: () => notify.error(ADMIN_MESSAGES.genericFailure),
      },
    );
  /** Saves, first asking whether to regrade when the keys change a submitted attempt's score. */
  const onSave = async () => {
    const body: SaveQuestionBank = { title, questions: questionsToPayload(questions) };
    const parsed = SaveQuestionBankSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return notify.error('Please correct the highlighted fields.');
    }
    setErrors({});
    if (bank.questions.length > 0 && !(await regrade.check(body))) return;
    write(body);
  };
  return (
    <>
      <PageHeader
        title={`Question bank: ${bank.title}`}
        subtitle={`Shared by the quizzes of ${bank.course_title}`}
        back={{ to: back, label: bank.course_title }}
        actions={
          <Button onClick={() => void onSave()} loading={save.isPending || regrade.checking}>
            {save.isPending ? 'Saving...' : 'Save bank'}
          </Button>
        }
      />
      {pending && (
        <RegradeDialog
          byQuiz
          changes={pending.changes}
          submitted={pending.submitted}
          busy={save.isPending}
          onRegrade={() => write({ ...pending.body, regrade: true }, pending.submitted)}
          onSaveOnly={() => write(pending.body)}
          onCancel={() => regrade.setPending(null)}
        />
      )}
      <TextField label="Bank title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} />
      <QuizTransfer target={{ bankId: bank.id_slug }} title={bank.title} />
      <section aria-labelledby="bank-questions-title" className="ui-stack">
        <h2 id="bank-questions-title" className="admin-section-title">
          Questions ({questions.length})
        </h2>
        {questions.length === 0 ? (
          <p className="ui-muted ui-muted--small">No questions yet.</p>
        ) : (
          <SortableList
            items={questions}
            noun="question"
            nameOf={(q) => `${questions.indexOf(q) + 1}${q.prompt ? `: ${q.prompt.slice(0, 40)}` : ''}`}
            onMove={(a, o) => setQuestions((qs) => moveQuestion(qs, a, o))}
            className="admin-quiz-questions"
            renderItem={(q, handle, index) => (
              <QuestionEditor
                question={q}
                index={index}
                handle={<DragHandle label={`Reorder question ${index + 1}`} {...handle} />}
                errors={errors}
                onChange={(patch) => setQuestions((qs) => qs.map((x) => (x.key === q.key ? { ...x, ...patch } : x)))}
                onRemove={() => setQuestions((qs) => qs.filter((x) => x.key !== q.key))}
              />
            )}
          />
        )}
        <div className="admin-quiz-add">
          <SelectField
            label="New question type"
            options={QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_LABELS[k] }))}
            value={newKind}
            onChange={(e) => setNewKind(e.currentTarget.value as QuestionKind)}
          />
          <Button variant="secondary" onClick={() => setQuestions((qs) => [...qs, newQuestion(newKind)])}>
            Add question
          </Button>
        </div>
      </section>
    </>
  );
}

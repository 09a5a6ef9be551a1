import {
  ADMIN_MESSAGES,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  type QuestionKind,
  type QuizAuthoring,
  type SaveQuiz,
  SaveQuizSchema,
} from '@school/contracts';
import { AppLink, Button, routeKey, SelectField, TextField, useRouteMutation, useRouteQuery, useSession } from '@school/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { DragHandle, SortableList } from '../../components/sortable-list';
import { useNotify } from '../../lib/notice';
import { usePageTitle } from '../../lib/use-page-title';
import { type DraftQuestion, type DraftQuiz, issuesByPath, moveQuestion, newQuestion, toDraft, toPayload } from './quiz-model';
import { BankDraws, type DrawCounts, drawsPayload } from './bank-draws';
import { QuestionEditor } from './question-editor';
import { QuizPreview } from './quiz-preview';
import { QuizTransfer } from './quiz-transfer';
import { RegradeDialog } from './regrade-dialog';
import { useRegradeCheck } from './use-regrade-check';
import './quizzes.css';

/**
 * /admin/quizzes/{lessonId} and /instructor/quizzes/{lessonId}: a QUIZ lesson's settings and
 * question bank, reordered by drag and drop or the keyboard, imported from and exported to GIFT or
 * Moodle XML, with a preview of a student's draw. Saving a changed key first lists the submitted
 * attempts whose score it changes and offers to regrade them.
 */
export function QuizEditorPage({
  backTo,
  homePath,
  analyticsPath,
  bankPath,
}: {
  backTo: (quiz: QuizAuthoring) => { to: string; label: string };
  homePath: string;
  analyticsPath: (lessonId: string) => string;
  bankPath: (bankId: string) => string;
}) {
  const { lessonId = '' } = useParams();
  const quiz = useRouteQuery('quizAuthoring', { params: { lessonId } }, { select: (r) => r.data });
  usePageTitle(quiz.data ? `Edit quiz: ${quiz.data.lesson_title}` : 'Edit quiz');
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <QueryView query={quiz} label="this quiz" homePath={homePath}>
        {(data) => (
          <QuizEditor
            key={`${data.id_slug}-${data.questions.length}`}
            quiz={data}
            back={backTo(data)}
            homePath={homePath}
            analyticsPath={analyticsPath(data.lesson_id_slug)}
            bankPath={bankPath}
          />
        )}
      </QueryView>
    </div>
  );
}

function QuizEditor({
  quiz,
  back,
  homePath,
  analyticsPath,
  bankPath,
}: {
  quiz: QuizAuthoring;
  back: { to: string; label: string };
  homePath: string;
  analyticsPath: string;
  bankPath: (bankId: string) => string;
}) {
  const [draws, setDraws] = useState<DrawCounts>(() =>
    Object.fromEntries(quiz.bank_draws.map((d) => [d.bank_id_slug, String(d.draw_count)])),
  );
  const notify = useNotify();
  const { client } = useSession();
  const regrade = useRegradeCheck(async (body: SaveQuiz) =>
    client.call('quizRegradePreview', { params: { lessonId: quiz.lesson_id_slug }, body }),
  );
  const pending = regrade.pending;
  const [draft, setDraft] = useState<DraftQuiz>(() => toDraft(quiz));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [previewing, setPreviewing] = useState(false);
  const [newKind, setNewKind] = useState<QuestionKind>('SINGLE_CHOICE');
  const save = useRouteMutation('quizSave', {
    invalidates: (v) => [routeKey('quizAuthoring', { params: v.params }), routeKey('adminCourseDetail'), routeKey('quizLessons')],
  });
  const set = (patch: Partial<DraftQuiz>) => setDraft((d) => ({ ...d, ...patch }));
  const setQuestion = (key: string, patch: Partial<DraftQuestion>) =>
    setDraft((d) => ({ ...d, questions: d.questions.map((q) => (q.key === key ? { ...q, ...patch } : q)) }));

  const write = (body: SaveQuiz, regraded?: number) =>
    save.mutate(
      { params: { lessonId: quiz.lesson_id_slug }, body },
      {
        onSuccess: (r) => {
          regrade.setPending(null);
          setDraft(toDraft(r.data));
          notify.success(
            regraded === undefined
              ? 'Quiz saved.'
              : `Quiz saved. ${regraded} ${regraded === 1 ? 'attempt was' : 'attempts were'} regraded with the new answer key.`,
          );
        },
        onError: () => notify.error(ADMIN_MESSAGES.genericFailure),
      },
    );

  /** Saves, first asking whether to regrade when the keys change a submitted attempt's score. */
  const onSave = async () => {
    const parsed = SaveQuizSchema.safeParse({ ...toPayload(draft), bank_draws: drawsPayload(draws) });
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      notify.error('Please correct the highlighted fields.');
      return;
    }
    setErrors({});
    const body: SaveQuiz = { ...toPayload(draft), bank_draws: drawsPayload(draws) };
    if (quiz.questions.length > 0 && !(await regrade.check(body))) return;
    write(body);
  };

  return (
    <>
      <PageHeader
        title={quiz.lesson_title}
        subtitle={`Online quiz · ${quiz.course_title}`}
        back={back}
        actions={
          <>
            <AppLink to={analyticsPath} className="ui-button ui-button--secondary ui-button--md">
              Question analytics
            </AppLink>
            <Button variant="secondary" aria-pressed={previewing} onClick={() => setPreviewing((p) => !p)}>
              {previewing ? 'Back to editing' : 'Preview as a student'}
            </Button>
            <Button onClick={() => void onSave()} loading={save.isPending || regrade.checking}>
              {save.isPending ? 'Saving...' : 'Save quiz'}
            </Button>
          </>
        }
      />
      {pending && (
        <RegradeDialog
          changes={pending.changes}
          submitted={pending.submitted}
          busy={save.isPending}
          onRegrade={() => write({ ...pending.body, regrade: true }, pending.submitted)}
          onSaveOnly={() => write(pending.body)}
          onCancel={() => regrade.setPending(null)}
        />
      )}
      {previewing ? (
        <QuizPreview lessonId={quiz.lesson_id_slug} timeLimit={quiz.time_limit_minutes} homePath={homePath} />
      ) : (
        <div className="ui-stack">
          <fieldset className="admin-quiz-settings">
            <legend className="admin-section-title">Settings</legend>
            <TextField
              label="Time limit (minutes)"
              inputMode="numeric"
              hint="Leave empty for no time limit."
              value={draft.time_limit_minutes}
              onChange={(e) => set({ time_limit_minutes: e.currentTarget.value })}
              error={errors.time_limit_minutes}
            />
            <TextField
              label="Attempts allowed"
              inputMode="numeric"
              value={draft.attempts_allowed}
              onChange={(e) => set({ attempts_allowed: e.currentTarget.value })}
              error={errors.attempts_allowed}
            />
            <TextField
              label="Pass mark (%)"
              inputMode="decimal"
              hint="Leave empty for no pass mark."
              value={draft.pass_mark_percentage}
              onChange={(e) => set({ pass_mark_percentage: e.currentTarget.value })}
              error={errors.pass_mark_percentage}
            />
            <TextField
              label="Questions drawn at random"
              inputMode="numeric"
              hint={`Leave empty to ask every question of the bank (${draft.questions.length}).`}
              value={draft.draw_count}
              onChange={(e) => set({ draw_count: e.currentTarget.value })}
              error={errors.draw_count}
            />
            <label className="admin-check">
              <input
                type="checkbox"
                checked={draft.shuffle_questions}
                onChange={(e) => set({ shuffle_questions: e.currentTarget.checked })}
              />
              Shuffle questions
            </label>
            <label className="admin-check">
              <input type="checkbox" checked={draft.shuffle_options} onChange={(e) => set({ shuffle_options: e.currentTarget.checked })} />
              Shuffle options
            </label>
          </fieldset>

          <BankDraws courseId={quiz.course_id_slug} draws={draws} onChange={setDraws} bankPath={bankPath} error={errors.bank_draws} />

          <QuizTransfer target={{ lessonId: quiz.lesson_id_slug }} title={quiz.lesson_title} />

          <section aria-labelledby="quiz-bank-title" className="ui-stack">
            <h2 id="quiz-bank-title" className="admin-section-title">
              Question bank ({draft.questions.length})
            </h2>
            {errors.questions && (
              <p role="alert" className="admin-field-error">
                {errors.questions}
              </p>
            )}
            {draft.questions.length === 0 ? (
              <p className="ui-muted ui-muted--small">No questions yet.</p>
            ) : (
              <SortableList
                items={draft.questions}
                noun="question"
                nameOf={(q) => `${draft.questions.indexOf(q) + 1}${q.prompt ? `: ${q.prompt.slice(0, 40)}` : ''}`}
                onMove={(a, o) => setDraft((d) => ({ ...d, questions: moveQuestion(d.questions, a, o) }))}
                className="admin-quiz-questions"
                renderItem={(q, handle, index) => (
                  <QuestionEditor
                    question={q}
                    index={index}
                    handle={<DragHandle label={`Reorder question ${index + 1}`} {...handle} />}
                    errors={errors}
                    onChange={(patch) => setQuestion(q.key, patch)}
                    onRemove={() => setDraft((d) => ({ ...d, questions: d.questions.filter((x) => x.key !== q.key) }))}
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
              <Button variant="secondary" onClick={() => setDraft((d) => ({ ...d, questions: [...d.questions, newQuestion(newKind)] }))}>
                Add question
              </Button>
            </div>
          </section>
        </div>
      )}
    </>
  );
}

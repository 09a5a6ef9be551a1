import type { RegradeChange } from '@school/contracts';
import { Button, Modal } from '@school/ui';
import { ListTable } from '../../components/list-table';

const score = (n: number) => String(Math.round(n * 100) / 100);

/** Before a changed key is saved: every submitted attempt whose score it changes, old and new, to confirm a regrade. */
export function RegradeDialog({
  changes,
  submitted,
  busy,
  onRegrade,
  onSaveOnly,
  onCancel,
  byQuiz = false,
}: {
  /** A shared bank's change reaches attempts of several quizzes: each row names its quiz. */
  byQuiz?: boolean;
  changes: RegradeChange[];
  submitted: number;
  busy: boolean;
  onRegrade: () => void;
  onSaveOnly: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open
      onClose={onCancel}
      title="These scores will change"
      size="lg"
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={onSaveOnly} disabled={busy}>
            Save without regrading
          </Button>
          <Button onClick={onRegrade} loading={busy}>
            Save and regrade
          </Button>
        </>
      }
    >
      <p>
        The changed answer key gives {changes.length} of {submitted} submitted {submitted === 1 ? 'attempt' : 'attempts'} a different score.
        Regrading scores every submitted attempt again, updates the grades, and emails the students whose results are open.
      </p>
      <div>
        <ListTable
          rows={changes}
          rowKey={(c) => c.session_id_slug}
          columns={[
            { label: 'Student', render: (c) => `${c.student.first_name} ${c.student.last_name}` },
            ...(byQuiz ? [{ label: 'Quiz', render: (c: RegradeChange) => c.lesson_title }] : []),
            { label: 'Cohort', render: (c) => c.cohort_title },
            { label: 'Attempt', render: (c) => c.attempt_number },
            { label: 'Old score', render: (c) => `${score(c.old_score)} / ${score(c.max_score)}` },
            { label: 'New score', render: (c) => `${score(c.new_score)} / ${score(c.new_max_score)}` },
          ]}
        />
      </div>
    </Modal>
  );
}

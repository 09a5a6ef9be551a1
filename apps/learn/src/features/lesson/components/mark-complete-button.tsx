import { Button } from '@school/ui';
import '../lesson.css';

export interface MarkCompleteButtonProps {
  completed: boolean;
  pending: boolean;
  suspended: boolean;
  onMark: () => void;
}

/** Works once: disabled while the call runs, and reads 'Completed' afterwards. */
export function MarkCompleteButton({ completed, pending, suspended, onMark }: MarkCompleteButtonProps) {
  if (completed) {
    return (
      <Button variant="secondary" disabled className="learn-complete learn-complete--done">
        Completed
      </Button>
    );
  }
  return (
    <Button onClick={onMark} loading={pending} disabled={suspended} className="learn-complete">
      Mark as complete
    </Button>
  );
}

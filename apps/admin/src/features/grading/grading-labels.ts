import type { GradingQueueEntry } from '@school/contracts';

/** How a lesson type reads in the grading area (the learning spec's lesson type labels). */
export const LESSON_KIND_LABELS: Record<string, string> = {
  PROJECT: 'Project submission',
  QUIZ: 'Online quiz',
  VIDEO: 'Video lecture',
  READING: 'Reading',
};

/** What a queue entry holds: a project hand-in now; free-text quiz answers join the same queue. */
export const SUBMISSION_KIND_LABELS: Record<GradingQueueEntry['kind'], string> = {
  PROJECT: 'Project file',
};

import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { FormsAndApplications1764000000300 } from './1764000000300-forms-and-applications';
import { LearningProgress1764000000400 } from './1764000000400-learning-progress';
import { AdminLists1764000000500 } from './1764000000500-admin-lists';
import { LessonCaptions1764000000600 } from './1764000000600-lesson-captions';
import { CurriculumVersion1764000000700 } from './1764000000700-curriculum-version';
import { ProgressCoveringIndexes1764000000800 } from './1764000000800-progress-covering-indexes';
import { RateLimits1764000000900 } from './1764000000900-rate-limits';
import { UploadSweepIndexes1764000001000 } from './1764000001000-upload-sweep-indexes';

/** Every migration, oldest first. Add a new one at the end. */
export const migrations = [
  InitialSchema1763700000000, FormsAndApplications1764000000300, LearningProgress1764000000400, AdminLists1764000000500, LessonCaptions1764000000600, CurriculumVersion1764000000700,
  ProgressCoveringIndexes1764000000800, RateLimits1764000000900,
  UploadSweepIndexes1764000001000,
];

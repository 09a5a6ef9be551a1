import { Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { EXTENSION_AFTER_RESULT_MESSAGE, type GradeExtensions, type GrantExtension } from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { QuizzesService } from '../quizzes';
import {
  deleteExtension,
  enrolledStudents,
  gradeExtensions,
  lockExtensionForStaff,
  lockGradeItemForStaff,
  remarkLateHandIns,
  upsertExtensions,
  type StaffGradeItem,
} from './grade-extensions.queries';
import { NOT_AVAILABLE, graderOf } from './grading-rules';

/** Extensions of a grade item's dates or quiz attempts for chosen students, granted by those who may grade it. */
@Injectable()
export class GradeExtensionsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(QuizzesService) private readonly quizzes: QuizzesService,
  ) {}

  async extensions(me: AuthUser, itemSlug: string): Promise<GradeExtensions> {
    const row = await gradeExtensions(this.db, itemSlug, ...graderOf(me));
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return row.data as GradeExtensions;
  }

  /**
   * Gives the chosen students the same extension in one transaction, the item locked against
   * hand-ins meanwhile: their project hand-ins are marked late or not against the new dates, and
   * their open quiz attempts take the new end with its deadline job.
   */
  async grantExtension(me: AuthUser, itemSlug: string, body: GrantExtension): Promise<GradeExtensions> {
    const [userId, admin] = graderOf(me);
    await this.db.transaction(async (m) => {
      const item = await lockGradeItemForStaff(m, itemSlug, userId, admin);
      if (!item) throw new NotFoundException(NOT_AVAILABLE);
      checkExtension(item, body);
      const slugs = [...new Set(body.user_id_slugs)];
      const students = await enrolledStudents(m, item.cohort_id, slugs);
      if (students.length !== slugs.length) refuse('user_id_slugs', 'A chosen student is not enrolled in this cohort');
      const ids = students.map((s) => s.id);
      await upsertExtensions(m, item.id, ids, {
        deadline: body.deadline_datetime,
        late: body.late_deadline_datetime,
        extraAttempts: body.extra_attempts,
        reason: body.reason,
        grantedBy: me.id,
      });
      await this.followDates(m, item.id, item.lesson_type, ids);
    });
    return this.extensions(me, itemSlug);
  }

  async removeExtension(me: AuthUser, extensionSlug: string): Promise<{ id_slug: string }> {
    const [userId, admin] = graderOf(me);
    await this.db.transaction(async (m) => {
      const x = await lockExtensionForStaff(m, extensionSlug, userId, admin);
      if (!x) throw new NotFoundException(NOT_AVAILABLE);
      await deleteExtension(m, x.id);
      await this.followDates(m, x.cohort_grade_id, x.lesson_type, [x.user_id]);
    });
    return { id_slug: extensionSlug };
  }

  private async followDates(m: EntityManager, gradeId: string, lessonType: string, userIds: string[]) {
    if (lessonType === 'QUIZ') await this.quizzes.followChangedDates(m, gradeId, userIds);
    else await remarkLateHandIns(m, gradeId, userIds);
  }
}

const refuse = (field: string, message: string): never => {
  throw new UnprocessableEntityException({ message, errors: { [field]: message } });
};

/** An extension only adds time (after the item's own dates, by its result date) or quiz attempts, and must add something. */
function checkExtension(item: StaffGradeItem, e: GrantExtension): void {
  const deadline = e.deadline_datetime === null ? null : Date.parse(e.deadline_datetime);
  const late = e.late_deadline_datetime === null ? null : Date.parse(e.late_deadline_datetime);
  if (deadline === null && late === null && e.extra_attempts === 0)
    refuse('deadline_datetime', 'Give a new deadline, a late deadline or extra attempts');
  if (e.extra_attempts > 0 && item.lesson_type !== 'QUIZ')
    refuse('extra_attempts', 'Extra attempts are for quizzes; a project takes hand-ins until its deadline, so extend that instead');
  if ((deadline !== null || late !== null) && item.deadline_ms === null)
    refuse(deadline !== null ? 'deadline_datetime' : 'late_deadline_datetime', 'This grade item has no deadline to extend');
  if (deadline !== null && deadline <= item.deadline_ms!)
    refuse('deadline_datetime', "The new deadline must be after the grade item's deadline");
  if (late !== null && late < Math.max(deadline ?? item.deadline_ms!, item.deadline_ms!))
    refuse('late_deadline_datetime', 'The late deadline must come after the deadline');
  // Results and a quiz's answers show to the whole class at the result date: the extended student must be done by then.
  if (item.result_ms !== null && late !== null && late > item.result_ms) refuse('late_deadline_datetime', EXTENSION_AFTER_RESULT_MESSAGE);
  if (item.result_ms !== null && deadline !== null && deadline > item.result_ms)
    refuse('deadline_datetime', EXTENSION_AFTER_RESULT_MESSAGE);
}

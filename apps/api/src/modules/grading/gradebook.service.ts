import { Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import {
  type GradeOverride,
  type GradeOverrideEntry,
  NO_OVERRIDE_MESSAGE,
  OVERRIDE_UNCHANGED_MESSAGE,
  type Gradebook,
  type GradeState,
  gradeState,
  weightedTotal,
} from '@school/contracts';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { toCsv } from '../../common/csv/csv';
import { CertificatesService } from '../certificates';
import { gradebook, insertOverrideEntry, lockOverrideTarget, overrideLog } from './gradebook.queries';
import { NOT_AVAILABLE, graderOf } from './grading-rules';

/** A cohort's gradebook (screen and CSV) and the grades set by hand over it, for those who may grade the cohort. */
@Injectable()
export class GradebookService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(CertificatesService) private readonly certificates: CertificatesService,
  ) {}

  async gradebook(me: AuthUser, cohortSlug: string, status?: GradeState): Promise<Gradebook> {
    const row = await gradebook(this.db, cohortSlug, ...graderOf(me));
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    const students = row.students.map((s) => {
      const byItem = new Map(s.grades.map((g) => [g.item, g]));
      const grades = row.items.map((item) => {
        const g = byItem.get(item.id_slug);
        const state = gradeState({
          now: row.now_ms,
          opensAt: item.opens_ms,
          deadline: g?.deadline_ms ?? null,
          lateDeadline: g?.late_deadline_ms ?? null,
          submitted: g?.submitted ?? false,
          graded: g?.graded ?? false,
        });
        // After any late penalty; the computed grade stays beside it, and a grade set by hand counts in place of both.
        return {
          state,
          user_grade: g?.graded ? g.final_grade : null,
          is_late: g?.is_late ?? false,
          original_grade: g?.graded ? g.user_grade : null,
          days_late: g?.days_late ?? 0,
          extended: g?.extended ?? false,
          override: g?.override ?? null,
        };
      });
      return {
        id_slug: s.id_slug,
        first_name: s.first_name,
        last_name: s.last_name,
        email: s.email,
        grades,
        // A grade set by hand counts in place of the computed one, and as graded.
        weighted_total: weightedTotal(
          row.items.map((item, i) => ({ weight: item.grade_percentage, grade: grades[i].override?.grade ?? grades[i].user_grade })),
        ),
        missing_mandatory: row.items.filter((item, i) => item.is_mandatory && grades[i].state !== 'GRADED' && !grades[i].override).length,
      };
    });
    return {
      cohort: row.cohort,
      items: row.items.map(({ id_slug, lesson_title, is_mandatory, grade_percentage, late_penalty_per_day, late_score_cap }) => ({
        id_slug,
        lesson_title,
        is_mandatory,
        grade_percentage,
        late_penalty_per_day,
        late_score_cap,
      })),
      students: status ? students.filter((s) => s.grades.some((g) => g.state === status)) : students,
    };
  }

  async gradebookCsv(me: AuthUser, cohortSlug: string, status?: GradeState): Promise<string> {
    const book = await this.gradebook(me, cohortSlug, status);
    const header = [
      'First name',
      'Last name',
      'Email',
      ...book.items.flatMap((i) => [
        `${i.lesson_title} (${i.grade_percentage}%${i.is_mandatory ? ', mandatory' : ''})`,
        `${i.lesson_title} status`,
        // Items that charge late work also give the grade before the charge.
        ...(charges(i) ? [`${i.lesson_title} before late penalty`] : []),
      ]),
      'Weighted total',
      'Mandatory items not graded',
      'Grades set by hand',
    ];
    return toCsv(
      header,
      book.students.map((s) => [
        s.first_name,
        s.last_name,
        s.email,
        // The grade that counts: set by hand, else after any late penalty (the computed one is in the last column).
        ...s.grades.flatMap((g, i) => [
          g.override?.grade ?? g.user_grade,
          g.is_late ? `${g.state} (late)` : g.state,
          ...(charges(book.items[i]) ? [g.original_grade] : []),
        ]),
        s.weighted_total,
        s.missing_mandatory,
        s.grades
          .map((g, i) =>
            g.override ? `${book.items[i].lesson_title}: ${g.override.grade} (computed ${computedText(g)}; ${g.override.reason})` : '',
          )
          .filter(Boolean)
          .join('; '),
      ]),
    );
  }

  /**
   * Sets or clears a student's grade for an item by hand. Each change is appended to the log with
   * who, the override before and after, the computed grade before and after any late penalty and the
   * reason, in one transaction with
   * the certificate evaluation it may change.
   */
  async setOverride(me: AuthUser, itemSlug: string, studentSlug: string, body: GradeOverride): Promise<GradeOverrideEntry> {
    const [userId, admin] = graderOf(me);
    return this.db.transaction(async (m) => {
      const cell = await lockOverrideTarget(m, itemSlug, userId, admin, studentSlug);
      if (!cell) throw new NotFoundException(NOT_AVAILABLE);
      if (body.grade === null && cell.current === null)
        throw new UnprocessableEntityException({ message: NO_OVERRIDE_MESSAGE, errors: { grade: NO_OVERRIDE_MESSAGE } });
      if (body.grade !== null && body.grade === cell.current)
        throw new UnprocessableEntityException({ message: OVERRIDE_UNCHANGED_MESSAGE, errors: { grade: OVERRIDE_UNCHANGED_MESSAGE } });
      const { entry } = await insertOverrideEntry(m, {
        gradeId: cell.grade_id,
        studentId: cell.student_id,
        previous: cell.current,
        grade: body.grade,
        computed: cell.computed_grade,
        penalised: cell.penalised_grade,
        reason: body.reason,
        by: userId,
      });
      await this.certificates.queueEvaluation(m, [cell.cohort_id]);
      return entry;
    });
  }

  async overrideLog(me: AuthUser, cohortSlug: string): Promise<{ data: GradeOverrideEntry[] }> {
    const row = await overrideLog(this.db, cohortSlug, ...graderOf(me));
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return row;
  }
}

/** A gradebook cell's computed grade for the note beside an override: before, and after any late penalty. */
const computedText = (g: { user_grade: number | null; original_grade: number | null }) =>
  g.original_grade === null
    ? 'none'
    : g.user_grade !== null && g.user_grade !== g.original_grade
      ? `${g.original_grade}, ${g.user_grade} after the late penalty`
      : String(g.original_grade);

/** Whether a grade item charges late work. */
const charges = (i: { late_penalty_per_day: number | null; late_score_cap: number | null }) =>
  i.late_penalty_per_day !== null || i.late_score_cap !== null;

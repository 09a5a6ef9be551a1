import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  cohortResultBeforeDeadlineMessage,
  cohortResultBeforeExtensionMessage,
  type CohortTimelineResponse,
  type DateRule,
  type LessonDateTemplate,
  LESSON_DATE_FIELDS,
  type Phase,
  type PhaseKey,
  type SaveTimelineShift,
  type SchoolClosure,
  type SchoolClosuresResponse,
  type StudentScheduleResponse,
  TIMELINE_MESSAGES,
  type TimelineChange,
  type TimelineEntryKind,
  type TimelineMove,
  type TimelinePreview,
  type TimelineSavedResponse,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { deadlineText } from '../../common/school-time';
import { schoolDate } from '../../common/school-calendar';
import type { Sql } from '../../common/sql/db';
import { MailService } from '../../platform/mail/mail.service';
import { phaseDates, TimelineError } from './resolve-timeline';
import { SchoolCalendar } from './school-days';
import {
  describeThings,
  entriesOf,
  followingKeys,
  GRADE_FIELDS,
  type GradeField,
  gradeKey,
  movesBetween,
  phaseMoments,
  phaseTitles,
  sessionKey,
  shiftedPhases,
  storedMoments,
  workOut,
  type DatedThings,
} from './timeline-model';
import {
  cohortLessonTemplates,
  cohortsPhases,
  cohortStudent,
  cohortStudentById,
  cohortsCountingSchoolDays,
  datedThings,
  deleteClosure,
  insertClosure,
  lessonTemplate,
  listedStudents,
  lockedCohort,
  lockedCohortById,
  ownShift,
  readableCohort,
  saveLessonTemplate,
  saveRules,
  saveShift,
  schoolClosures,
  studentSchedule,
  timelineRules,
  timelineShifts,
  type ShiftRow,
  type TimelineCohort,
  updateCohortTimeline,
  writeGradeDates,
  writeSessionStarts,
  writeShiftExtensions,
} from './timeline.queries';

const LESSON_NOT_FOUND = 'Lesson not found';
/** A trainee's phase grows by at most this many days, given by hand and from breaks together. */
const MAX_SHIFT_DAYS = 365;
const SHIFT_TOO_LONG = `With the breaks in the placement, the phase would be more than ${MAX_SHIFT_DAYS} days longer`;
/** The digest lists the first dates that moved and counts the rest: the schedule it links to has them all. */
const DIGEST_LISTED = 20;

/** A phase's days in a cohort, and each student's own where it differs (user id -> window). */
export interface PhaseWindows {
  cohort: { start: string; end: string };
  students: Map<string, { start: string; end: string }>;
}

/**
 * One phase's windows from a cohort's start, phases and shifts as stored (the columns of
 * `cohorts` and `timeline_shifts` that `PHASES_COLUMNS` reads): for a module that reads them in
 * its own statement and dates by a phase without a second one.
 */
export function windowsOf(
  k: { start_date: Date | string; phases: Phase[]; shifts: { user_id: string; phase: PhaseKey; days: number }[] },
  phase: PhaseKey,
): PhaseWindows {
  const start = schoolDate(new Date(k.start_date));
  const cohort = phaseDates(start, k.phases).get(phase)!;
  const byUser = new Map<string, { phase: PhaseKey; days: number }[]>();
  for (const s of k.shifts) byUser.set(s.user_id, [...(byUser.get(s.user_id) ?? []), s]);
  const students = new Map<string, { start: string; end: string }>();
  for (const [userId, shifts] of byUser) students.set(userId, phaseDates(start, shiftedPhases(k.phases, shifts)).get(phase)!);
  return { cohort, students };
}

/** A working-out of one cohort's timeline: what is stored, what a change makes of it. */
interface Plan {
  cohort: TimelineCohort;
  things: DatedThings;
  rules: Map<string, DateRule>;
  start: string;
  phases: Phase[];
  state: TimelineCohort['holiday_state'];
  startMoment: Date;
  calendar: SchoolCalendar;
  before: Map<string, Date>;
  after: Map<string, Date>;
  titles: Map<string, { kind: TimelineEntryKind; title: string }>;
  moves: TimelineMove[];
  shifts: ShiftRow[];
  extensions: { grade_id: string; user_id: string; deadline: Date | null; late: Date | null; reason: string }[];
  /** Students whose own dates (from their shifts) moved, user id -> moves. */
  ownMoves: Map<string, TimelineMove[]>;
}

/**
 * The programme timeline: a cohort's phases and every dated thing, fixed or counted from an anchor.
 * A change is worked out whole (the date engine, then a check of each grade item's dates), shown as
 * a preview, and saved in one transaction: the cohort, its rules, every grade item's and session's
 * date and the extensions that students' longer phases make, then one mail per student whose dates moved.
 */
@Injectable()
export class TimelineService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(MailService) private readonly mail: MailService,
  ) {}

  async timeline(me: AuthUser, cohortSlug: string): Promise<CohortTimelineResponse> {
    const cohort = await readableCohort(this.db, cohortSlug, me.id, me.role === 'ADMIN');
    if (!cohort) throw new NotFoundException(COHORT_NOT_FOUND);
    return { data: await this.shown(this.db, cohort) };
  }

  async preview(cohortSlug: string, change: TimelineChange): Promise<{ data: TimelinePreview }> {
    const cohort = await readableCohort(this.db, cohortSlug, '0', true);
    if (!cohort) throw new NotFoundException(COHORT_NOT_FOUND);
    const plan = await this.plan(this.db, cohort, change);
    return { data: { moves: plan.moves, students_to_tell: await this.toTell(this.db, plan) } };
  }

  save(me: AuthUser, cohortSlug: string, change: TimelineChange): Promise<TimelineSavedResponse> {
    return this.db.transaction(async (m) => {
      const cohort = await lockedCohort(m, cohortSlug);
      if (!cohort) throw new NotFoundException(COHORT_NOT_FOUND);
      const plan = await this.plan(m, cohort, change);
      const told = await this.write(m, plan, change.rules ?? []);
      return {
        data: await this.shown(m, (await lockedCohort(m, cohortSlug))!),
        moved: plan.moves.length,
        students_told: told,
      };
    });
  }

  async previewShift(cohortSlug: string, body: SaveTimelineShift): Promise<{ data: TimelinePreview }> {
    const cohort = await readableCohort(this.db, cohortSlug, '0', true);
    if (!cohort) throw new NotFoundException(COHORT_NOT_FOUND);
    const student = await this.student(this.db, cohort.id, body.user_id_slug);
    const shift = await this.byHand(this.db, cohort.id, student.id, body);
    const plan = await this.plan(this.db, cohort, {}, { shift });
    const moves = plan.ownMoves.get(student.id) ?? [];
    return { data: { moves, students_to_tell: moves.length ? 1 : 0 } };
  }

  saveShift(me: AuthUser, cohortSlug: string, body: SaveTimelineShift): Promise<TimelineSavedResponse> {
    return this.db.transaction(async (m) => {
      const cohort = await lockedCohort(m, cohortSlug);
      if (!cohort) throw new NotFoundException(COHORT_NOT_FOUND);
      const student = await this.student(m, cohort.id, body.user_id_slug);
      if (body.days > 0 && !body.reason)
        throw new BadRequestException({
          message: TIMELINE_MESSAGES.shiftReasonRequired,
          errors: { reason: TIMELINE_MESSAGES.shiftReasonRequired },
        });
      const shift = await this.byHand(m, cohort.id, student.id, body);
      if (shift.days > MAX_SHIFT_DAYS) throw new BadRequestException({ message: SHIFT_TOO_LONG, errors: { days: SHIFT_TOO_LONG } });
      const plan = await this.plan(m, cohort, {}, { shift });
      await saveShift(m, cohort.id, student.id, body.phase, shift.days, shift.breakDays, body.reason, me.id);
      await writeShiftExtensions(m, cohort.id, plan.extensions);
      const moves = plan.ownMoves.get(student.id) ?? [];
      if (moves.length) await this.tell(m, cohort, [{ ...student, moves }]);
      return { data: await this.shown(m, cohort), moved: moves.length, students_told: moves.length ? 1 : 0 };
    });
  }

  /**
   * Sets the days a trainee's breaks add to `phase`, inside the caller's transaction: the same
   * per-trainee shift as a longer phase given by hand (the two add up: the shift's `days` is their
   * sum, `break_days` the breaks' part), so their later dates move as extensions and they are
   * mailed the moves. Answers their moved dates. A refusal of the timeline names `field`.
   */
  async setBreakDays(
    m: EntityManager,
    cohortId: string,
    userId: string,
    phase: PhaseKey,
    breakDays: number,
    by: string,
    field: string,
  ): Promise<TimelineMove[]> {
    const cohort = await lockedCohortById(m, cohortId);
    if (!cohort) throw new NotFoundException(COHORT_NOT_FOUND);
    const stored = await ownShift(m, cohortId, userId, phase);
    const manual = stored ? stored.days - stored.break_days : 0;
    const reason = stored?.reason ?? '';
    const days = manual + breakDays;
    if (days > MAX_SHIFT_DAYS) throw new BadRequestException({ message: SHIFT_TOO_LONG, errors: { [field]: SHIFT_TOO_LONG } });
    let plan: Plan;
    try {
      plan = await this.plan(m, cohort, {}, { shift: { userId, phase, days, reason: shiftReason(reason, breakDays) } });
    } catch (e) {
      if (!(e instanceof BadRequestException)) throw e;
      const { message } = e.getResponse() as { message: string };
      throw new BadRequestException({ message, errors: { [field]: message } });
    }
    await saveShift(m, cohortId, userId, phase, days, breakDays, reason, by);
    await writeShiftExtensions(m, cohortId, plan.extensions);
    const moves = plan.ownMoves.get(userId) ?? [];
    const student = moves.length ? await cohortStudentById(m, cohortId, userId) : undefined;
    if (student) await this.tell(m, cohort, [{ ...student, moves }]);
    return moves;
  }

  /** A longer phase given by hand, with the days the trainee's breaks already add to it. */
  private async byHand(q: Sql, cohortId: string, userId: string, body: SaveTimelineShift) {
    const breakDays = (await ownShift(q, cohortId, userId, body.phase))?.break_days ?? 0;
    return {
      userId,
      phase: body.phase,
      days: body.days + breakDays,
      breakDays,
      reason: shiftReason(body.reason, breakDays),
    };
  }

  /**
   * Works the cohort's dates out again after its own dates moved elsewhere (the cohort form): rules
   * counting from its start follow it. No mail: that form says nothing of the timeline. A refusal
   * names `field`, the form's field that moved the dates.
   */
  async recompute(m: EntityManager, cohortId: string, field: string): Promise<void> {
    const cohort = await lockedCohortById(m, cohortId);
    if (!cohort) return;
    try {
      await this.write(m, await this.plan(m, cohort, {}), [], false);
    } catch (e) {
      if (!(e instanceof BadRequestException)) throw e;
      const { message } = e.getResponse() as { message: string };
      throw new BadRequestException({ message, errors: { [field]: message } });
    }
  }

  /** Copies the date templates of the cohort's courses into its rules (keeping rules it has) and dates everything again. */
  async applyTemplates(m: EntityManager, cohortId: string): Promise<void> {
    const templates = await cohortLessonTemplates(m, cohortId);
    if (!templates.length) return;
    const existing = await timelineRules(m, cohortId);
    const rules = templates.flatMap((t) => templateRules(t.lesson_id_slug, t.template)).filter((r) => !existing.has(r.item_key));
    if (!rules.length) return;
    const cohort = await lockedCohortById(m, cohortId);
    if (!cohort) return;
    await this.write(m, await this.plan(m, cohort, { rules }), rules, false);
  }

  async lessonTemplate(lessonSlug: string): Promise<{ data: LessonDateTemplate }> {
    const found = await lessonTemplate(this.db, lessonSlug);
    if (!found) throw new NotFoundException(LESSON_NOT_FOUND);
    return { data: found.template ?? { open: null, deadline: null, late: null, result: null } };
  }

  /**
   * Sets a lesson's date template. It dates the lesson in the cohorts that link its course from now
   * on; cohorts already running keep their dates, which their Timeline tab changes with a preview.
   */
  async setLessonTemplate(lessonSlug: string, template: LessonDateTemplate): Promise<{ data: LessonDateTemplate }> {
    if (!(await saveLessonTemplate(this.db, lessonSlug, template))) throw new NotFoundException(LESSON_NOT_FOUND);
    return { data: template };
  }

  async closures(): Promise<SchoolClosuresResponse> {
    return { data: await schoolClosures(this.db) };
  }

  addClosure(me: AuthUser, body: SchoolClosure): Promise<SchoolClosuresResponse> {
    return this.db.transaction(async (m) => {
      await insertClosure(m, body, me.id);
      await this.recomputeSchoolDays(m);
      return { data: await schoolClosures(m) };
    });
  }

  removeClosure(idSlug: string): Promise<SchoolClosuresResponse> {
    return this.db.transaction(async (m) => {
      if (!(await deleteClosure(m, idSlug))) throw new NotFoundException(TIMELINE_MESSAGES.closureNotFound);
      await this.recomputeSchoolDays(m);
      return { data: await schoolClosures(m) };
    });
  }

  /**
   * One phase's first and last day (Malaysian dates) in each cohort, and each student's own where
   * their longer phases move it (user id -> window): what other modules date by a phase (placements
   * by OJT) read here, so a change of the timeline moves them too.
   */
  async phaseWindows(q: Sql, cohortIds: readonly string[], phase: PhaseKey): Promise<Map<string, PhaseWindows>> {
    const out = new Map<string, PhaseWindows>();
    for (const k of await cohortsPhases(q, cohortIds)) out.set(k.id, windowsOf(k, phase));
    return out;
  }

  /** The student's phases (their shifts included) and dated things; an admin may look too. */
  async schedule(me: AuthUser, cohortSlug: string, userSlug: string): Promise<StudentScheduleResponse> {
    const found = me.id_slug === userSlug || me.role === 'ADMIN' ? await studentSchedule(this.db, cohortSlug, userSlug) : undefined;
    if (!found) throw new NotFoundException(COHORT_NOT_FOUND);
    const phases = shiftedPhases(found.phases, found.shifts);
    const start = schoolDate(new Date(found.start_date));
    const entries: StudentScheduleResponse['data']['entries'] = [];
    // A phase's first and last day, titled with the phase ('OJT'); the kind says which.
    const milestones = phaseMoments(start, phases);
    // The student's longer phase moves its own end and every later phase.
    const firstShifted = phases.findIndex((p) => found.shifts.some((s) => s.phase === p.key));
    const own = (i: number, edge: 'start' | 'end') => firstShifted >= 0 && (i > firstShifted || (i === firstShifted && edge === 'end'));
    for (const [i, p] of phases.entries())
      for (const edge of ['start', 'end'] as const)
        entries.push({
          kind: edge === 'start' ? 'PHASE_START' : 'PHASE_END',
          title: p.title,
          at: milestones.get(`phase:${p.key}:${edge}`)!.toISOString(),
          course_id_slug: null,
          lesson_id_slug: null,
          session_id_slug: null,
          own_date: own(i, edge),
        });
    for (const g of found.grades)
      for (const f of GRADE_FIELDS) {
        const at = g[f.field];
        if (!at) continue;
        entries.push({
          kind: f.kind,
          title: g.lesson_title,
          at: new Date(at).toISOString(),
          course_id_slug: g.course_id_slug,
          lesson_id_slug: g.lesson_id_slug,
          session_id_slug: null,
          own_date: g.own && (f.field === 'deadline' || f.field === 'late'),
        });
      }
    for (const s of found.sessions)
      entries.push({
        kind: 'SESSION',
        title: s.title,
        at: new Date(s.starts_at).toISOString(),
        course_id_slug: null,
        lesson_id_slug: null,
        session_id_slug: s.id_slug,
        own_date: false,
      });
    entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    return { data: { phases: datedPhases(start, phases), entries } };
  }

  // ---- the working-out ------------------------------------------------------------------------

  /**
   * The cohort's timeline before and after `change` (and, with `shift`, one student's shift set to
   * its days), checked: a loop or unknown anchor, results before a deadline, or a student's
   * extension past an item's results, refused with the item named.
   */
  private async plan(
    q: Sql,
    cohort: TimelineCohort,
    change: TimelineChange,
    {
      shift,
      students = true,
    }: {
      shift?: { userId: string; phase: Phase['key']; days: number; reason: string };
      /** Work out each student's own dates (their extensions, and their moves under `shift`); a view needs none. */
      students?: boolean;
    } = {},
  ): Promise<Plan> {
    // One after another: inside a transaction `q` is one connection, which takes one query at a time.
    const things = await datedThings(q, cohort.id);
    const stored = await timelineRules(q, cohort.id);
    const closures = await schoolClosures(q);
    const shifts = await timelineShifts(q, cohort.id);
    const titles = describeThings(things, stored);
    const unknown = (change.rules ?? []).find((r) => !titles.has(r.item_key));
    if (unknown)
      throw new BadRequestException({ message: TIMELINE_MESSAGES.unknownItem, errors: { rules: TIMELINE_MESSAGES.unknownItem } });
    const rules = new Map(stored);
    for (const r of change.rules ?? []) {
      if (r.rule) rules.set(r.item_key, r.rule);
      else rules.delete(r.item_key);
    }
    const oldStart = schoolDate(new Date(cohort.start_date));
    const start = change.start_date ?? oldStart;
    // The start moves by whole days (Malaysia keeps no daylight saving), keeping its time of day; the cohort's other dates move as much.
    const deltaMs = Date.parse(`${start}T00:00:00Z`) - Date.parse(`${oldStart}T00:00:00Z`);
    const startMoment = new Date(new Date(cohort.start_date).getTime() + deltaMs);
    const phases = change.phases ?? cohort.phases;
    const state = change.holiday_state === undefined ? cohort.holiday_state : change.holiday_state;
    const calendar = new SchoolCalendar(state, closures);
    const before = new Map([...storedMoments(things), ...phaseMoments(oldStart, cohort.phases)]);
    const worked = this.resolve(things, { start, phases, calendar, rules, deltaMs });
    const after = new Map([...worked, ...phaseMoments(start, phases)]);
    const allTitles = new Map([...phaseTitles(phases), ...titles]);
    this.checkResults(things, before, worked);

    // Each student's shifts (with the one being changed) work the timeline out again for them.
    const byStudent = new Map<string, { phase: Phase['key']; days: number; reason: string }[]>();
    for (const s of shifts)
      if (!(shift && s.user_id === shift.userId && s.phase === shift.phase))
        push(byStudent, s.user_id, { ...s, reason: shiftReason(s.reason, s.break_days) });
    if (shift && shift.days > 0) push(byStudent, shift.userId, shift);
    const extensions: Plan['extensions'] = [];
    const ownMoves = new Map<string, TimelineMove[]>();
    const oldShifts = new Map<string, ShiftRow[]>();
    for (const s of shifts) push(oldShifts, s.user_id, s);
    // Students with the same longer phases share one working-out.
    const byPhases = new Map<string, Map<string, Date>>();
    for (const [userId, list] of students ? byStudent : []) {
      const theirPhases = shiftedPhases(phases, list);
      const pattern = theirPhases.map((p) => p.length_days).join(',');
      let mine = byPhases.get(pattern);
      if (!mine) byPhases.set(pattern, (mine = this.resolve(things, { start, phases: theirPhases, calendar, rules, deltaMs })));
      const reason = list
        .map((s) => s.reason)
        .filter(Boolean)
        .join('; ');
      for (const g of things.grades) {
        const deadline = differs(mine, worked, gradeKey(g.lesson_id_slug, 'deadline'));
        const late = differs(mine, worked, gradeKey(g.lesson_id_slug, 'late'));
        if (!deadline && !late) continue;
        const result = worked.get(gradeKey(g.lesson_id_slug, 'result'));
        const ends = Math.max(deadline?.getTime() ?? 0, late?.getTime() ?? 0);
        if (result && ends > result.getTime()) {
          const message = cohortResultBeforeExtensionMessage(g.lesson_title);
          throw new BadRequestException({ message, errors: { days: message } });
        }
        extensions.push({ grade_id: g.id, user_id: userId, deadline, late, reason });
      }
    }
    if (shift) {
      const old = this.resolve(things, {
        start: oldStart,
        phases: shiftedPhases(cohort.phases, oldShifts.get(shift.userId) ?? []),
        calendar,
        rules: stored,
        deltaMs: 0,
      });
      const now = this.resolve(things, {
        start,
        phases: shiftedPhases(phases, byStudent.get(shift.userId) ?? []),
        calendar,
        rules,
        deltaMs,
      });
      const oldAll = new Map([...old, ...phaseMoments(oldStart, shiftedPhases(cohort.phases, oldShifts.get(shift.userId) ?? []))]);
      const nowAll = new Map([...now, ...phaseMoments(start, shiftedPhases(phases, byStudent.get(shift.userId) ?? []))]);
      ownMoves.set(shift.userId, movesBetween(oldAll, nowAll, allTitles));
    }
    return {
      cohort,
      things,
      rules,
      start,
      phases,
      state,
      startMoment,
      calendar,
      before,
      after,
      titles: allTitles,
      moves: movesBetween(before, after, allTitles),
      shifts,
      extensions,
      ownMoves,
    };
  }

  private resolve(things: DatedThings, w: Parameters<typeof workOut>[1]): Map<string, Date> {
    try {
      return workOut(things, w);
    } catch (e) {
      if (e instanceof TimelineError) throw new BadRequestException({ message: e.message, errors: { rules: e.message } });
      throw e;
    }
  }

  /** Results may not open while an item still takes work: checked on the items this change moves. */
  private checkResults(things: DatedThings, before: ReadonlyMap<string, Date>, at: ReadonlyMap<string, Date>) {
    for (const g of things.grades) {
      const key = (field: GradeField) => gradeKey(g.lesson_id_slug, field);
      if (GRADE_FIELDS.every((f) => before.get(key(f.field))?.getTime() === at.get(key(f.field))?.getTime())) continue;
      const result = at.get(key('result'));
      const late = at.get(key('late'));
      const closes = late ?? at.get(key('deadline'));
      if (result && closes && result < closes) {
        const message = cohortResultBeforeDeadlineMessage(!!late, g.lesson_title);
        throw new BadRequestException({ message, errors: { rules: message } });
      }
    }
  }

  /** Saves a plan: the cohort, the rules, every date, the shifts' extensions; then the mail. Answers how many students were told. */
  private async write(m: EntityManager, plan: Plan, changed: { item_key: string; rule: DateRule | null }[], mail = true): Promise<number> {
    const { cohort } = plan;
    await updateCohortTimeline(m, cohort.id, plan.startMoment, plan.phases, plan.state);
    await saveRules(m, cohort.id, changed, [...plan.titles.keys()]);
    const at = (lesson: string, field: (typeof GRADE_FIELDS)[number]['field']) => plan.after.get(gradeKey(lesson, field)) ?? null;
    await writeGradeDates(
      m,
      plan.things.grades.map((g) => ({
        id: g.id,
        open: at(g.lesson_id_slug, 'open'),
        deadline: at(g.lesson_id_slug, 'deadline'),
        late: at(g.lesson_id_slug, 'late'),
        result: at(g.lesson_id_slug, 'result'),
      })),
    );
    await writeSessionStarts(
      m,
      cohort.id,
      plan.things.sessions.map((s) => ({ id_slug: s.id_slug, starts_at: plan.after.get(sessionKey(s.id_slug))! })),
    );
    await writeShiftExtensions(m, cohort.id, plan.extensions);
    if (!mail || !plan.moves.length) return 0;
    const students = await listedStudents(m, cohort.id);
    await this.tell(
      m,
      cohort,
      students.map((s) => ({ ...s, moves: plan.moves })),
    );
    return students.length;
  }

  private async toTell(q: Sql, plan: Plan): Promise<number> {
    return plan.moves.length ? (await listedStudents(q, plan.cohort.id)).length : 0;
  }

  /** One mail per student, listing their moved dates; a new change is a new message. */
  private async tell(
    m: EntityManager,
    cohort: TimelineCohort,
    students: { id_slug: string; email: string; first_name: string; moves: TimelineMove[] }[],
  ) {
    const change = `${Date.now().toString(36)}`;
    await this.mail.queueMany(
      m,
      students
        .filter((s) => s.moves.length)
        .map((s) => ({
          template: 'timeline-changed' as const,
          to: s.email,
          subjectId: `timeline:${cohort.id_slug}:${change}:${s.id_slug}`,
          props: {
            firstName: s.first_name,
            cohortTitle: cohort.title,
            changes: s.moves.slice(0, DIGEST_LISTED).map((mv) => ({
              title: mv.title,
              before: mv.before ? deadlineText(mv.before) : null,
              after: mv.after ? deadlineText(mv.after) : null,
            })),
            more: Math.max(0, s.moves.length - DIGEST_LISTED),
            scheduleUrl: `${this.mail.learnOrigin}/class/${cohort.id_slug}?tab=schedule`,
          },
        })),
    );
  }

  /** The timeline as the Timeline tab shows it: the cohort's dates and who has a longer phase. */
  private async shown(q: Sql, cohort: TimelineCohort) {
    return this.view(await this.plan(q, cohort, {}, { students: false }));
  }

  private view(plan: Plan) {
    return {
      cohort_id_slug: plan.cohort.id_slug,
      start_date: plan.start,
      holiday_state: plan.state,
      phases: datedPhases(plan.start, plan.phases),
      entries: entriesOf(plan.after, plan.titles, plan.rules, plan.start, plan.phases, followingKeys(plan.things)),
      shifts: plan.shifts.map((s) => ({
        user_id_slug: s.user_id_slug,
        first_name: s.first_name,
        last_name: s.last_name,
        phase: s.phase,
        days: s.days - s.break_days,
        reason: s.reason,
        break_days: s.break_days,
      })),
    };
  }

  private async recomputeSchoolDays(m: EntityManager) {
    for (const cohort of await cohortsCountingSchoolDays(m)) await this.write(m, await this.plan(m, cohort, {}), []);
  }

  private async student(q: Sql, cohortId: string, userSlug: string) {
    const s = await cohortStudent(q, cohortId, userSlug);
    if (!s)
      throw new BadRequestException({
        message: TIMELINE_MESSAGES.shiftNotStudent,
        errors: { user_id_slug: TIMELINE_MESSAGES.shiftNotStudent },
      });
    return s;
  }
}

/** Why a trainee's dates moved, for their extensions: the reason given by hand and their breaks. */
function shiftReason(byHand: string, breakDays: number): string {
  return [byHand, breakDays ? `Breaks in placement: ${breakDays} ${breakDays === 1 ? 'day' : 'days'}` : ''].filter(Boolean).join('; ');
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The student's moment for `key` when it differs from the cohort's. */
function differs(mine: ReadonlyMap<string, Date>, cohort: ReadonlyMap<string, Date>, key: string): Date | null {
  const a = mine.get(key);
  const b = cohort.get(key);
  return a && b && a.getTime() !== b.getTime() ? a : null;
}

/** A lesson's template as the cohort's rules: ITEM anchors name the same lesson's dates. */
function templateRules(lessonSlug: string, template: LessonDateTemplate): { item_key: string; rule: DateRule | null }[] {
  return LESSON_DATE_FIELDS.map((field) => {
    const rule = template[field];
    if (!rule) return { item_key: gradeKey(lessonSlug, field), rule: null };
    const anchor =
      rule.anchor.kind === 'ITEM'
        ? { kind: 'ITEM' as const, item_key: gradeKey(lessonSlug, rule.anchor.item_key as (typeof LESSON_DATE_FIELDS)[number]) }
        : rule.anchor;
    return { item_key: gradeKey(lessonSlug, field), rule: { anchor, offset: rule.offset } };
  }).filter((r) => r.rule);
}

/** The phases with the days they run. */
function datedPhases(start: string, phases: readonly Phase[]) {
  const days = phaseDates(start, phases);
  return phases.map((p) => ({ ...p, start_date: days.get(p.key)!.start, end_date: days.get(p.key)!.end }));
}

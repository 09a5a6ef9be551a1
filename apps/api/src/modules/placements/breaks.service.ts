import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  BREAK_MESSAGES,
  type CorrectBreak,
  PLACEMENT_MESSAGES,
  type Placement,
  type PlacementResponse,
  type RecordBreak,
  type StaffPlacementResponse,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import type { Sql } from '../../common/sql/db';
import { TimelineService } from '../timeline';
import {
  activeBreaks,
  breakOf,
  insertBreak,
  insertCorrection,
  lockPlacementCohort,
  reachablePlacement,
  reachableTraineePlacement,
} from './breaks.queries';
import { placementBySlug } from './placements.queries';
import { dated } from './placements.service';

const refuse = (field: string, message: string) => new BadRequestException({ message, errors: { [field]: message } });
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const lengthOf = (b: { starts_on: string; ends_on: string }) => dayNumber(b.ends_on) - dayNumber(b.starts_on) + 1;

/**
 * Breaks in a placement (illness, the host's shutdown), recorded by the trainee's coach (the
 * placement's, or one following them in the cohort) or an admin. A break is a fact with who and
 * when; a correction (a new last day, or withdrawn) is a new entry. The standing breaks' days
 * lengthen the trainee's OJT phase through the timeline's per-trainee shift, in the same
 * transaction, so every later date of theirs moves as a longer phase moves it, and they are mailed
 * the moves. Others get the same 404 as for no such placement.
 */
@Injectable()
export class BreaksService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(TimelineService) private readonly timeline: TimelineService,
  ) {}

  async traineePlacement(me: AuthUser, cohortSlug: string, userSlug: string): Promise<StaffPlacementResponse> {
    const found = await reachableTraineePlacement(this.db, cohortSlug, userSlug, me.id, me.role === 'ADMIN');
    if (!found) throw new NotFoundException(PLACEMENT_MESSAGES.notFound);
    return { data: found.placement_slug ? await this.read(this.db, found.placement_slug) : null };
  }

  record(me: AuthUser, placementSlug: string, body: RecordBreak): Promise<PlacementResponse> {
    return this.db.transaction(async (m) => {
      const pl = await this.reach(m, me, placementSlug);
      const standing = await activeBreaks(m, pl.id);
      await this.check(m, pl, body, standing);
      await insertBreak(m, pl.id, body, me);
      await this.shift(m, me, pl, [...standing, body]);
      return { data: await this.read(m, placementSlug) };
    });
  }

  correct(me: AuthUser, placementSlug: string, breakSlug: string, body: CorrectBreak): Promise<PlacementResponse> {
    return this.db.transaction(async (m) => {
      const pl = await this.reach(m, me, placementSlug);
      const found = await breakOf(m, pl.id, breakSlug);
      if (!found) throw new NotFoundException(BREAK_MESSAGES.notFound);
      if (found.withdrawn) throw refuse('ends_on', BREAK_MESSAGES.withdrawn);
      const others = (await activeBreaks(m, pl.id)).filter((b) => b.id_slug !== breakSlug);
      if (body.ends_on !== null) {
        if (body.ends_on === found.ends_on) throw refuse('ends_on', BREAK_MESSAGES.sameEnd);
        if (body.ends_on < found.starts_on) throw refuse('ends_on', BREAK_MESSAGES.endBeforeStart);
        await this.check(m, pl, { starts_on: found.starts_on, ends_on: body.ends_on }, others, 'ends_on');
      }
      await insertCorrection(m, found.id, body.ends_on, body.comment, me);
      const standing = body.ends_on === null ? others : [...others, { starts_on: found.starts_on, ends_on: body.ends_on }];
      await this.shift(m, me, pl, standing);
      return { data: await this.read(m, placementSlug) };
    });
  }

  /** The placement when the caller may act on it, its cohort locked for the change of the trainee's dates. */
  private async reach(m: EntityManager, me: AuthUser, placementSlug: string) {
    const pl = await reachablePlacement(m, placementSlug, me.id, me.role === 'ADMIN');
    if (!pl) throw new NotFoundException(PLACEMENT_MESSAGES.notFound);
    await lockPlacementCohort(m, pl.cohort_id);
    return pl;
  }

  /**
   * A break within the trainee's OJT window as it stands (their longer phases and other breaks
   * included) and clear of their other standing breaks. `field`: where a refusal shows when the
   * start is not in question (a correction moves only the last day).
   */
  private async check(
    q: Sql,
    pl: { cohort_id: string; user_id: string },
    b: { starts_on: string; ends_on: string },
    others: { starts_on: string; ends_on: string }[],
    field?: 'ends_on',
  ) {
    const w = (await this.timeline.phaseWindows(q, [pl.cohort_id], 'OJT')).get(pl.cohort_id)!;
    const own = w.students.get(pl.user_id) ?? w.cohort;
    const outside = BREAK_MESSAGES.outsideWindow(own.start, own.end);
    if (b.starts_on < own.start || b.starts_on > own.end) throw refuse(field ?? 'starts_on', outside);
    if (b.ends_on > own.end) throw refuse('ends_on', outside);
    const clash = others.find((o) => o.starts_on <= b.ends_on && b.starts_on <= o.ends_on);
    if (clash) throw refuse(field ?? 'starts_on', BREAK_MESSAGES.overlaps(clash.starts_on, clash.ends_on));
  }

  /** The trainee's OJT phase made longer by the standing breaks' days, through the timeline. */
  private shift(
    m: EntityManager,
    me: AuthUser,
    pl: { cohort_id: string; user_id: string },
    standing: { starts_on: string; ends_on: string }[],
  ) {
    const days = standing.reduce((n, b) => n + lengthOf(b), 0);
    return this.timeline.setBreakDays(m, pl.cohort_id, pl.user_id, 'OJT', days, me.id, 'ends_on');
  }

  private async read(q: Sql, placementSlug: string): Promise<Placement> {
    const p = (await placementBySlug(q, placementSlug))!;
    return dated([p], await this.timeline.phaseWindows(q, [p.cohort_id], 'OJT'))[0];
  }
}

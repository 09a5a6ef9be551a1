import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  type CohortPlacementsResponse,
  type CreatePlacement,
  HOST_COMPANY_MESSAGES,
  OJT_REVIEW_WEEKS,
  type HostFigures,
  type HostCompanyListQuery,
  type HostCompanyListResponse,
  type HostCompanyResponse,
  type Placement,
  type PlacementCsvPreview,
  type PlacementCsvResult,
  PLACEMENT_MESSAGES,
  type PlacementResponse,
  type PlacementsResponse,
  type SaveHostCompany,
  type UpdatePlacement,
} from '@school/contracts';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { schoolDate } from '../../common/school-calendar';
import type { Sql } from '../../common/sql/db';
import { hoursDue, placementWeeks, weekTargets } from './logbook-weeks';
import { type PhaseWindows, TimelineService } from '../timeline';
import { PlacementCsvError, readPlacementCsv } from './placement-csv';
import {
  cohortIdOf,
  cohortPlacements,
  csvRefs,
  hostCompany,
  hostCompanyPage,
  hostFigureRows,
  insertHostCompany,
  insertPlacement,
  lockedHostCompany,
  ownPlacements,
  placementOf,
  placementRefs,
  type PlacementWrite,
  type UndatedPlacement,
  updateHostCompany,
  updatePlacement,
  upsertPlacements,
} from './placements.queries';

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';
const refuse = (field: string, message: string) => new BadRequestException({ message, errors: { [field]: message } });

/**
 * On-the-job training's host companies (admins keep them) and placements: one per trainee and
 * cohort, made one at a time on the cohort's Placements tab or many from a CSV (previewed with
 * every row's problems, then written whole in one transaction or not at all). A placement's dates
 * are the cohort's OJT phase as the timeline works it out for that trainee, read, never stored.
 */
@Injectable()
export class PlacementsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(TimelineService) private readonly timeline: TimelineService,
  ) {}

  // ---- host companies -------------------------------------------------------------------------

  async hostCompanies(query: HostCompanyListQuery): Promise<HostCompanyListResponse> {
    const page = await hostCompanyPage(this.db, query);
    const figures = await this.hostFigures(page.data.map((h) => h.id_slug));
    return { ...page, data: page.data.map((h) => ({ ...h, figures: figures.get(h.id_slug)! })) };
  }

  async hostCompany(slug: string): Promise<HostCompanyResponse> {
    const found = await hostCompany(this.db, slug);
    if (!found) throw new NotFoundException(HOST_COMPANY_MESSAGES.notFound);
    const figures = await this.hostFigures([slug]);
    return { data: { ...found.data, figures: figures.get(slug)! } };
  }

  /**
   * The host companies' figures, in two statements whatever their number: the weeks and hours of
   * their placements, then the OJT windows of the cohorts they are in (the timeline's, each trainee's
   * own). `now`: the moment they are worked out at (a week's 7 days to be signed run to it).
   */
  async hostFigures(slugs: readonly string[], now = new Date()): Promise<Map<string, HostFigures>> {
    const found = slugs.length ? await hostFigureRows(this.db, slugs, now) : [];
    const cohorts = [...new Set(found.flatMap((h) => h.placements.map((p) => p.cohort_id)))];
    const windows = cohorts.length ? await this.timeline.phaseWindows(this.db, cohorts, 'OJT') : new Map<string, PhaseWindows>();
    const today = schoolDate(now);
    const round = (n: number) => Math.round(n * 10) / 10;
    return new Map(
      found.map((h) => {
        let agreed = 0;
        let delivered = 0;
        let reviewsCounted = 0;
        let reviewsOnTime = 0;
        for (const p of h.placements) {
          const w = windows.get(p.cohort_id)!;
          const own = w.students.get(p.user_id) ?? w.cohort;
          const weeks = placementWeeks(own.start, own.end);
          agreed += hoursDue(weekTargets(weeks, p.target, p.breaks), today);
          delivered += p.signed_hours;
          // A review counts once signed by all three or once its due day (its week's last) has passed.
          for (const week of OJT_REVIEW_WEEKS) {
            const due = weeks[week - 1]?.ends_on;
            const frozen = p.reviews.find((r) => r.week === week)?.frozen_on;
            if (!due || (!frozen && due >= today)) continue;
            reviewsCounted++;
            if (frozen && frozen <= due) reviewsOnTime++;
          }
        }
        return [
          h.host_id_slug,
          {
            weeks_counted: h.weeks_counted,
            weeks_signed_on_time: h.weeks_signed_on_time,
            signed_on_time_share: h.weeks_counted ? h.weeks_signed_on_time / h.weeks_counted : null,
            hours_delivered: round(delivered),
            hours_agreed: round(agreed),
            reviews_counted: reviewsCounted,
            reviews_on_time: reviewsOnTime,
          },
        ];
      }),
    );
  }

  async createHostCompany(me: AuthUser, body: SaveHostCompany): Promise<HostCompanyResponse> {
    try {
      const { id_slug } = await insertHostCompany(this.db, body, me.id);
      return this.hostCompany(id_slug);
    } catch (e) {
      if (isUniqueViolation(e)) throw refuse('registration_number', HOST_COMPANY_MESSAGES.registrationTaken);
      throw e;
    }
  }

  async updateHostCompany(slug: string, body: SaveHostCompany): Promise<HostCompanyResponse> {
    try {
      await this.db.transaction(async (tx) => {
        const found = await lockedHostCompany(tx, slug);
        if (!found) throw new NotFoundException(HOST_COMPANY_MESSAGES.notFound);
        const kept = new Set(body.sites.map((s) => s.name));
        const lost = found.used_sites.filter((s) => !kept.has(s));
        if (lost.length) throw refuse('sites', `Trainees are placed at ${lost.join(', ')}: keep the site or move them first`);
        await updateHostCompany(tx, found.id, body);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw refuse('registration_number', HOST_COMPANY_MESSAGES.registrationTaken);
      throw e;
    }
    return this.hostCompany(slug);
  }

  // ---- placements ------------------------------------------------------------------------------

  async cohortPlacements(cohortSlug: string): Promise<CohortPlacementsResponse> {
    const found = await cohortPlacements(this.db, cohortSlug);
    if (!found) throw new NotFoundException(COHORT_NOT_FOUND);
    const windows = await this.timeline.phaseWindows(this.db, [found.id], 'OJT');
    const ojt = windows.get(found.id)!.cohort;
    return {
      data: dated(found.data, windows),
      unplaced: found.unplaced,
      coaches: found.coaches,
      ojt: { starts_on: ojt.start, ends_on: ojt.end },
    };
  }

  async createPlacement(me: AuthUser, cohortSlug: string, body: CreatePlacement): Promise<PlacementResponse> {
    return this.db.transaction(async (tx) => {
      const cohort = await this.cohort(tx, cohortSlug);
      const write = await this.resolve(tx, cohort, body.user_id_slug, body);
      const row = await insertPlacement(tx, cohort, write as PlacementWrite, me.id);
      if (!row)
        throw new ConflictException({
          message: PLACEMENT_MESSAGES.alreadyPlaced,
          errors: { user_id_slug: PLACEMENT_MESSAGES.alreadyPlaced },
        });
      return { data: await this.one(tx, cohort, row.id_slug) };
    });
  }

  async updatePlacement(cohortSlug: string, placementSlug: string, body: UpdatePlacement): Promise<PlacementResponse> {
    return this.db.transaction(async (tx) => {
      const cohort = await this.cohort(tx, cohortSlug);
      const write = await this.resolve(tx, cohort, undefined, body);
      if (!(await updatePlacement(tx, cohort, placementSlug, write))) throw new NotFoundException(PLACEMENT_MESSAGES.notFound);
      return { data: await this.one(tx, cohort, placementSlug) };
    });
  }

  async previewCsv(cohortSlug: string, csv: string): Promise<PlacementCsvPreview> {
    const cohort = await this.cohort(this.db, cohortSlug);
    const { rows } = await this.checkCsv(this.db, cohort, csv);
    return { rows: rows.map(({ write: _w, ...r }) => r), problem_rows: rows.filter((r) => r.problems.length).length };
  }

  /** Writes every row of the file in one transaction, or nothing when any row has a problem. */
  importCsv(me: AuthUser, cohortSlug: string, csv: string): Promise<PlacementCsvResult> {
    return this.db.transaction(async (tx) => {
      // Locked: two imports into one cohort run one after the other, each checking what the other wrote.
      const cohort = await this.cohort(tx, cohortSlug, true);
      const { rows } = await this.checkCsv(tx, cohort, csv);
      const bad = rows.filter((r) => r.problems.length);
      if (bad.length)
        throw new BadRequestException({
          message: PLACEMENT_MESSAGES.csvHasProblems,
          errors: Object.fromEntries(bad.map((r) => [`line ${r.line}`, r.problems.join('; ')])),
        });
      const written = await upsertPlacements(
        tx,
        cohort,
        rows.map((r) => r.write!),
        me.id,
      );
      const created = written.filter((w) => w.created).length;
      return { created, updated: written.length - created };
    });
  }

  async myPlacements(me: AuthUser): Promise<PlacementsResponse> {
    const list = await ownPlacements(this.db, me.id);
    const windows = await this.timeline.phaseWindows(this.db, [...new Set(list.map((p) => p.cohort_id))], 'OJT');
    return { data: dated(list, windows) };
  }

  // ---- checks ----------------------------------------------------------------------------------

  private async cohort(q: Sql, slug: string, lock = false): Promise<string> {
    const row = await cohortIdOf(q, slug, lock);
    if (!row) throw new NotFoundException(COHORT_NOT_FOUND);
    return row.id;
  }

  private async one(q: Sql, cohortId: string, slug: string): Promise<Placement> {
    const found = (await placementOf(q, cohortId, slug))!;
    return dated([found], await this.timeline.phaseWindows(q, [cohortId], 'OJT'))[0];
  }

  /** The placement's references checked against the cohort: the trainee listed in it, the host and its site, the coach on the staff. */
  private async resolve(q: Sql, cohortId: string, trainee: string | undefined, body: UpdatePlacement) {
    const refs = await placementRefs(q, cohortId, { trainee, host: body.host_company_id_slug, coach: body.coach_id_slug });
    if (trainee !== undefined && !refs.trainee_id) throw refuse('user_id_slug', PLACEMENT_MESSAGES.notTrainee);
    if (!refs.host_id) throw refuse('host_company_id_slug', HOST_COMPANY_MESSAGES.notFound);
    if (!refs.sites!.some((s) => s.name === body.site)) throw refuse('site', PLACEMENT_MESSAGES.siteNotOfHost);
    if (body.coach_id_slug && !refs.coach_id) throw refuse('coach_id_slug', PLACEMENT_MESSAGES.coachNotStaff);
    return {
      user_id: refs.trainee_id ?? '',
      host_company_id: refs.host_id,
      site: body.site,
      supervisor_name: body.supervisor_name,
      supervisor_email: body.supervisor_email,
      supervisor_phone: body.supervisor_phone,
      weekly_hours_target: body.weekly_hours_target,
      coach_id: refs.coach_id,
    };
  }

  /** Every row of the file with its problems (its own fields, then what it names, then repeats), in one read of the database. */
  private async checkCsv(q: Sql, cohortId: string, csv: string) {
    let parsed;
    try {
      parsed = readPlacementCsv(csv);
    } catch (e) {
      if (e instanceof PlacementCsvError) throw refuse('csv', e.message);
      throw e;
    }
    const values = parsed.flatMap((r) => (r.value ? [r.value] : []));
    const refs = await csvRefs(
      q,
      cohortId,
      [...new Set(values.map((v) => v.trainee_email))],
      [...new Set(values.map((v) => v.host_registration_number.toLowerCase()))],
      [...new Set(values.flatMap((v) => (v.coach_email ? [v.coach_email] : [])))],
    );
    const trainees = new Map(refs.trainees.map((t) => [t.email, t]));
    const hosts = new Map(refs.hosts.map((h) => [h.registration, h]));
    const coaches = new Map(refs.coaches.map((c) => [c.email, c.id]));
    // Repeats are counted over every row, a row with a bad field included: both rows need correcting.
    const emailOf = (r: { raw: Record<string, string> }) => r.raw.trainee_email.trim().toLowerCase();
    const seen = new Map<string, number>();
    for (const r of parsed) seen.set(emailOf(r), (seen.get(emailOf(r)) ?? 0) + 1);
    const rows = parsed.map((r) => {
      const v = r.value;
      const problems = [...r.problems];
      const trainee = v ? trainees.get(v.trainee_email) : undefined;
      const host = v ? hosts.get(v.host_registration_number.toLowerCase()) : undefined;
      let write: PlacementWrite | null = null;
      if (v) {
        if (!trainee) problems.push(PLACEMENT_MESSAGES.notTrainee);
        if (!host) problems.push(PLACEMENT_MESSAGES.hostNotFound);
        else if (!host.sites.some((s) => s.name === v.site)) problems.push(`${PLACEMENT_MESSAGES.siteNotOfHost} (${host.name})`);
        if (v.coach_email && !coaches.has(v.coach_email)) problems.push(PLACEMENT_MESSAGES.coachNotStaff);
      }
      if ((seen.get(emailOf(r)) ?? 0) > 1) problems.push(PLACEMENT_MESSAGES.duplicateRow);
      if (v && !problems.length)
        write = {
          user_id: trainee!.id,
          host_company_id: host!.id,
          site: v.site,
          supervisor_name: v.supervisor_name,
          supervisor_email: v.supervisor_email,
          supervisor_phone: v.supervisor_phone,
          weekly_hours_target: v.weekly_hours_target,
          coach_id: v.coach_email ? coaches.get(v.coach_email)! : null,
        };
      return {
        line: r.line,
        trainee_email: r.raw.trainee_email,
        trainee_name: trainee?.name ?? null,
        host_name: host?.name ?? null,
        site: r.raw.site,
        supervisor_name: r.raw.supervisor_name,
        weekly_hours_target: v?.weekly_hours_target ?? null,
        replaces: trainee?.placed ?? false,
        problems,
        write,
      };
    });
    return { rows };
  }
}

/** Placements with their OJT window: the trainee's own where their longer phases (and breaks) move it, else the cohort's. */
export function dated(list: UndatedPlacement[], windows: Map<string, PhaseWindows>): Placement[] {
  const today = schoolDate(new Date());
  return list.map(({ cohort_id, user_id, ...p }) => {
    const w = windows.get(cohort_id)!;
    const own = w.students.get(user_id) ?? w.cohort;
    const weeks = weekTargets(placementWeeks(own.start, own.end), p.weekly_hours_target, p.breaks);
    return { ...p, starts_on: own.start, ends_on: own.end, hours_due: hoursDue(weeks, today) };
  });
}

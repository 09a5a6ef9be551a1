import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  ADMISSION_DECISIONS,
  type CohortSeats,
  type ExtendOffer,
  EXTEND_LATER_MESSAGE,
  NO_SEATS_FOR_INTAKE_MESSAGE,
  noFreeSeatsMessage,
  WRONG_TRACK_MESSAGE,
  type Decide,
  type DecideResponse,
  OFFER_NOT_OPEN_MESSAGE,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { deadlineText } from '../../common/school-time';
import { JobsService } from '../../platform/jobs/jobs.service';
import { BulkAddService } from '../enrolments';
import {
  checkMoves,
  knownIntake,
  lockAll,
  lockSelection,
  type MailedStatus,
  PROMOTE_WAITLISTED_JOB,
  queuePromotion,
  queueStatusMails,
  releaseAcceptedSeat,
  STATUS_TEMPLATES,
} from './admission-moves';
import * as sql from './admissions.queries';
import * as links from './applicant-link.queries';
import * as offers from './offers.queries';

export const OFFER_EXPIRY_JOB = 'admission-offer-expiry';
/** Every 15 minutes: an offer expires at most a quarter of an hour after its accept-by date. */
export const OFFER_EXPIRY_CRON = '*/15 * * * *';

export const ACCEPT_BY_PAST_MESSAGE = 'The accept-by date must be in the future';
export const COHORT_CLOSED_MESSAGE = 'Choose a cohort whose access has not ended';
export const ACCEPT_BY_AFTER_ACCESS_MESSAGE = 'The accept-by date must come before the cohort’s access ends';

/**
 * Decisions on applications (shortlist, offer, waitlist, reject, withdraw), in bulk and all or
 * nothing, within each cohort's seats and track per intake; extended offers; and the offer jobs:
 * expiry past the accept-by moment and promotion from the waiting list into a freed place.
 */
@Injectable()
export class DecisionsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(BulkAddService) private readonly enrol: BulkAddService,
  ) {
    jobs.define({
      name: OFFER_EXPIRY_JOB,
      cron: OFFER_EXPIRY_CRON,
      queue: { retryLimit: 2, retryDelay: 60 },
      handler: () => this.expireOffers(),
    });
    jobs.define<{ application_id: string }>({
      name: PROMOTE_WAITLISTED_JOB,
      queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
      handler: (data) => this.promoteNext(data.application_id),
    });
  }

  // ---- decisions --------------------------------------------------------------------------------

  async offerCohorts(intake: string | undefined, course: string | undefined) {
    return { data: await offers.offerCohorts(this.db, intake ?? null, intake ? (course ?? null) : null) };
  }

  // ---- seats per cohort per intake -----------------------------------------------------------

  async cohortSeats(intake: string) {
    knownIntake(intake);
    return { data: await offers.cohortSeats(this.db, intake) };
  }

  /** Sets a cohort's seats and track for an intake; never below the seats its offers hold, nor to another track while it holds any. */
  async setCohortSeats(me: AuthUser, intake: string, cohortIdSlug: string, body: CohortSeats) {
    knownIntake(intake);
    await this.db.transaction(async (m) => {
      const cohort = await offers.cohortById(m, cohortIdSlug);
      if (!cohort) throw new NotFoundException('Cohort not found');
      const current = await offers.lockSeats(m, cohort.id, intake);
      if (current && body.seats < current.held) {
        const message = `Offers hold ${current.held} seats of this cohort: seats cannot go below that`;
        throw new ConflictException({ message, errors: { seats: message } });
      }
      if (current && current.held > 0 && current.track !== body.track) {
        const message = `Offers hold seats of this cohort for ${current.track}: its track cannot change`;
        throw new ConflictException({ message, errors: { track: message } });
      }
      await offers.saveSeats(m, cohort.id, intake, body.track, body.seats, me.id);
    });
    return this.cohortSeats(intake);
  }

  /**
   * An offer's seats: the cohort must have seats for the applications' intake and teach their
   * course track (each other application is named), and enough of them must be free.
   */
  private async checkSeats(m: EntityManager, apps: sql.LockedApplication[], cohort: { id: string; title: string }) {
    const intakes = [...new Set(apps.map((a) => a.intake))];
    const seatsOf = new Map<string, NonNullable<Awaited<ReturnType<typeof offers.lockSeats>>>>();
    for (const intake of intakes.sort()) {
      const seats = await offers.lockSeats(m, cohort.id, intake);
      if (!seats) throw new ConflictException({ message: NO_SEATS_FOR_INTAKE_MESSAGE, errors: { cohort_id: NO_SEATS_FOR_INTAKE_MESSAGE } });
      seatsOf.set(intake, seats);
    }
    const wrong = apps.filter((a) => seatsOf.get(a.intake)!.track !== a.course);
    if (wrong.length)
      throw new ConflictException({
        message: WRONG_TRACK_MESSAGE,
        errors: Object.fromEntries(wrong.map((a) => [a.id_slug, `${a.full_name} applied for ${a.course}`])),
      });
    for (const [intake, seats] of seatsOf) {
      const asked = apps.filter((a) => a.intake === intake).length;
      const free = Math.max(seats.seats - seats.held, 0);
      if (asked > free) {
        const message = noFreeSeatsMessage(cohort.title, free, asked);
        throw new ConflictException({ message, errors: { cohort_id: message } });
      }
    }
  }

  /** One decision for every application, in one transaction: all move (each with its mail) or none. */
  decide(me: AuthUser, body: Decide): Promise<DecideResponse> {
    const to = ADMISSION_DECISIONS[body.decision];
    return this.db.transaction(async (m) => {
      const apps = await lockSelection(m, body.application_ids, body.matching);
      checkMoves(apps, to);
      let cohortId: string | undefined;
      if (to === 'OFFERED') {
        if (new Date(body.accept_by!).getTime() <= Date.now())
          throw new BadRequestException({ message: ACCEPT_BY_PAST_MESSAGE, errors: { accept_by: ACCEPT_BY_PAST_MESSAGE } });
        const cohort = await offers.offerCohort(m, body.cohort_id!);
        if (!cohort) throw new BadRequestException({ message: COHORT_CLOSED_MESSAGE, errors: { cohort_id: COHORT_CLOSED_MESSAGE } });
        if (new Date(body.accept_by!) >= cohort.end_access_date)
          throw new BadRequestException({ message: ACCEPT_BY_AFTER_ACCESS_MESSAGE, errors: { accept_by: ACCEPT_BY_AFTER_ACCESS_MESSAGE } });
        await this.checkSeats(m, apps, cohort);
        cohortId = cohort.id;
      }
      const ids = apps.map((a) => a.id);
      const moved = await sql.moveApplications(m, ids, to, me.id, body.reason, to !== 'SHORTLISTED' && to !== 'WITHDRAWN');
      if (cohortId) await offers.saveOffers(m, ids, cohortId, body.accept_by!);
      // A withdrawn offer's place goes on to the waiting list, as a declined one does; so does an
      // accepted one, whose queue entry and invitation go with it.
      if (to === 'WITHDRAWN') {
        const holders = apps.filter((a) => a.status === 'OFFERED' || a.status === 'ACCEPTED');
        for (const a of holders) if (a.status === 'ACCEPTED') await releaseAcceptedSeat(this.enrol, m, a.id);
        await queuePromotion(
          this.jobs,
          m,
          holders.map((a) => a.id),
        );
      }
      if (to in STATUS_TEMPLATES) await queueStatusMails(this.jobs, m, moved, to as MailedStatus);
      return {
        data: {
          decided: moved.length,
          applications: moved.map(({ id_slug, from_status, to_status }) => ({ id_slug, from_status, to_status })),
        },
      };
    });
  }

  /** An admin moves an open offer's accept-by moment later: logged on the timeline with the reason, and mailed. */
  extendOffer(me: AuthUser, idSlug: string, body: ExtendOffer) {
    return this.db.transaction(async (m) => {
      const [app] = await lockAll(m, [idSlug]);
      if (app.status !== 'OFFERED') throw new ConflictException(OFFER_NOT_OPEN_MESSAGE);
      const facts = (await links.mailFacts(m, app.id))!;
      const next = new Date(body.accept_by);
      if (next.getTime() <= Date.now())
        throw new BadRequestException({ message: ACCEPT_BY_PAST_MESSAGE, errors: { accept_by: ACCEPT_BY_PAST_MESSAGE } });
      if (next <= new Date(facts.accept_by!))
        throw new BadRequestException({ message: EXTEND_LATER_MESSAGE, errors: { accept_by: EXTEND_LATER_MESSAGE } });
      const cohort = await offers.offerCohort(m, facts.cohort_id_slug!);
      if (!cohort || next >= cohort.end_access_date)
        throw new BadRequestException({ message: ACCEPT_BY_AFTER_ACCESS_MESSAGE, errors: { accept_by: ACCEPT_BY_AFTER_ACCESS_MESSAGE } });
      const reason = `Accept-by extended to ${deadlineText(next)}: ${body.reason}`;
      const saved = await offers.extendOffer(m, app.id, next.toISOString(), me.id, reason);
      await queueStatusMails(this.jobs, m, [app], 'OFFER_EXTENDED');
      return { data: { id_slug: app.id_slug, accept_by: saved!.accept_by } };
    });
  }

  /** The recurring job: offers past their accept-by date expire (each once), and their places are offered on. */
  async expireOffers(): Promise<number> {
    return this.db.transaction(async (m) => {
      const expired = await offers.expireOffers(m);
      await queueStatusMails(this.jobs, m, expired, 'OFFER_EXPIRED');
      await queuePromotion(
        this.jobs,
        m,
        expired.map((e) => e.id),
      );
      return expired.length;
    });
  }

  /**
   * The place a declined or expired offer freed goes to the best-ranked waitlisted applicant of the
   * same intake and course track (the cohort teaches that track): same cohort, a fresh accept-by date (the first offer's window again, at least a
   * day), and the offer mail. The place is claimed in PostgreSQL, so it goes once whatever the
   * number of workers or tries. Answers the promoted application's id, if any.
   */
  async promoteNext(freedFrom: string): Promise<string | undefined> {
    return this.db.transaction(async (m) => {
      const place = await offers.claimFreedPlace(m, freedFrom);
      if (!place) return undefined;
      const next = await offers.nextWaitlisted(m, place.intake, place.course);
      if (!next) return undefined;
      const acceptBy = new Date(Date.now() + place.window_seconds * 1000).toISOString();
      const moved = await sql.moveApplications(m, [next.id], 'OFFERED', null, 'A place became free: offered from the waiting list', true);
      await offers.saveOffers(m, [next.id], place.cohort_id, acceptBy);
      await offers.markPromoted(m, freedFrom, next.id);
      await queueStatusMails(this.jobs, m, moved, 'OFFERED');
      return next.id;
    });
  }
}

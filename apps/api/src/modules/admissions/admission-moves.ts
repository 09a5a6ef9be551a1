import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import {
  APPLICATION_LINK_INVALID_MESSAGE,
  type AdmissionSelection,
  type ApplicationStatus,
  BULK_LIMIT,
  bulkRefusedMessage,
  canMove,
  illegalTransitionMessage,
} from '@school/contracts';
import { getInitiative } from '@school/catalogue/data';
import type { DataSource, EntityManager } from 'typeorm';
import { likePattern } from '../../common/sql/list';
import { tokenHash } from '../../common/token-hash';
import type { JobsService } from '../../platform/jobs/jobs.service';
import type { BulkAddService } from '../enrolments';
import * as sql from './admissions.queries';
import * as links from './applicant-link.queries';

/**
 * What the admissions services share about moving applications: locking them (by id, by the
 * pipeline's filter or by the applicant's link), checking a move against the state machine, and
 * queueing, inside the moving transaction, the mail of the new state and the promotion from the
 * waiting list of a freed place.
 */

export const ADMISSION_MAIL_JOB = 'admission-mail';
export const PROMOTE_WAITLISTED_JOB = 'admission-promote-waitlisted';

/**
 * The template of each message an application's state sends (SCREENED, IN_REVIEW... send none),
 * and LINK: the status link sent again on request. A rejection after a 'Not eligible' screening
 * is told as such (admission-not-eligible, see sendMail).
 */
export const STATUS_TEMPLATES = {
  SUBMITTED: 'admission-received',
  SHORTLISTED: 'admission-shortlisted',
  OFFERED: 'admission-offer',
  WAITLISTED: 'admission-waitlisted',
  REJECTED: 'admission-rejected',
  DECLINED: 'admission-declined',
  WITHDRAWN: 'admission-withdrawn',
  OFFER_EXPIRED: 'admission-offer-expired',
  LINK: 'admission-status-link',
  /** Not a state: an open offer's accept-by moment moved later. */
  OFFER_EXTENDED: 'admission-offer-extended',
} as const;
export type MailedStatus = keyof typeof STATUS_TEMPLATES;

/** A message about an application: the job draws a fresh private-link token, stores its hash and mails the link. */
export interface AdmissionMailJob {
  application_id: string;
  status: MailedStatus;
  /** One message per (status, sequence): a second offer after a waitlist is mailed again. */
  seq: string;
}

const NOT_FOUND = 'Application not found';
export const notFound = () => new NotFoundException(NOT_FOUND);
export const linkNotFound = () => new NotFoundException(APPLICATION_LINK_INVALID_MESSAGE);

/**
 * Refuses the whole request when any application cannot make the move: one alone gets the move's
 * message; in bulk, the message counts them and `errors` names each (by id_slug) with its name and why.
 */
export function checkMoves(apps: sql.LockedApplication[], to: ApplicationStatus) {
  const bad = apps.filter((a) => !canMove(a.status, to));
  if (!bad.length) return;
  const errors = Object.fromEntries(bad.map((a) => [a.id_slug, `${a.full_name}: ${illegalTransitionMessage(a.status, to)}`]));
  if (apps.length === 1) throw new ConflictException({ message: illegalTransitionMessage(bad[0].status, to), errors });
  throw new ConflictException({ message: bulkRefusedMessage(bad.length, apps.length), errors });
}

/** The applications listed by id_slug, locked; 404 when one is unknown. */
export async function lockAll(m: EntityManager, idSlugs: string[]) {
  const apps = await sql.lockApplications(m, idSlugs);
  if (apps.length !== new Set(idSlugs).size) throw notFound();
  return apps;
}

/** The applications of a bulk action: listed by id_slug, or every one the pipeline's filter matches (locked either way). */
export async function lockSelection(m: EntityManager, ids: string[] | undefined, matching: AdmissionSelection | undefined) {
  if (ids) return lockAll(m, ids);
  const f = matching!;
  const apps = await sql.lockMatching(
    m,
    {
      search: f.search_query ? likePattern(f.search_query) : null,
      status: f.status ?? null,
      intake: f.intake || null,
      course: f.course || null,
      eligibility: f.eligibility ?? null,
      interview: f.interview ?? null,
    },
    BULK_LIMIT + 1,
  );
  if (!apps.length)
    throw new BadRequestException({
      message: 'No application matches this filter',
      errors: { matching: 'No application matches this filter' },
    });
  if (apps.length > BULK_LIMIT)
    throw new BadRequestException({
      message: `At most ${BULK_LIMIT} applications at once: narrow the filter`,
      errors: { matching: `At most ${BULK_LIMIT} applications at once` },
    });
  return apps;
}

/** The application of an applicant's private link, locked; a wrong token is a 404 that tells nothing. */
export async function lockByLink(m: EntityManager, idSlug: string, token: string) {
  const id = await links.applicationByLink(m, idSlug, tokenHash(token), true);
  if (!id) throw linkNotFound();
  const [app] = await sql.lockApplications(m, [idSlug]);
  return app;
}

/** An application's internal id; 404 when unknown. */
export async function internalId(db: DataSource, idSlug: string) {
  const id = await sql.applicationIdOf(db, idSlug);
  if (!id) throw notFound();
  return id;
}

export function knownIntake(intake: string) {
  if (!getInitiative(intake)) throw new NotFoundException('Unknown intake');
}

/** Queues the message of each moved application's new state, in the moving transaction. */
export async function queueStatusMails(jobs: JobsService, m: EntityManager, moved: { id: string }[], status: MailedStatus) {
  const seq = String(Date.now());
  await jobs.sendMany(
    m,
    ADMISSION_MAIL_JOB,
    moved.map((a) => ({ data: { application_id: a.id, status, seq } satisfies AdmissionMailJob })),
  );
}

/** Queues the offer of each freed place to the waiting list (PROMOTE_WAITLISTED_JOB), in the freeing transaction. */
export function queuePromotion(jobs: JobsService, m: EntityManager, ids: string[]) {
  return jobs.sendMany(
    m,
    PROMOTE_WAITLISTED_JOB,
    ids.map((id) => ({ data: { application_id: id } })),
  );
}

/**
 * An accepted applicant who withdraws no longer holds the seat: the queue entry and invitation
 * made on acceptance are removed, so the link mailed then no longer enrols them.
 */
export async function releaseAcceptedSeat(enrol: BulkAddService, m: EntityManager, applicationId: string): Promise<void> {
  const facts = await links.mailFacts(m, applicationId);
  if (facts?.cohort_id_slug) await enrol.withdrawWithin(m, facts.cohort_id_slug, facts.email.toLowerCase());
}

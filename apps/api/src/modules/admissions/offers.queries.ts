import type { CohortSeatsResponse } from '@school/contracts';
import { exec, one, rows, type Sql } from '../../common/sql/db';
import { iso } from '../../common/sql/list';

/** Offers: the cohorts and seats they draw on, saving and extending them, expiry and promotion from the waiting list. */

// ---- offers ---------------------------------------------------------------------------------

/** A cohort an offer may name (its access not ended), locked against deletion for the transaction. */
export function offerCohort(q: Sql, idSlug: string) {
  return one<{ id: string; title: string; end_access_date: Date }>(
    q,
    `SELECT id::text, title, end_access_date FROM cohorts WHERE id_slug = $1 AND end_access_date > now() FOR SHARE`,
    [idSlug],
  );
}

/** The seats held in a cohort for an intake: offers OFFERED, ACCEPTED or ENROLLED (alias `s` is the seats row). */
const HELD = `(SELECT count(*)::int FROM application_offers o JOIN programme_applications a ON a.id = o.application_id
   WHERE o.cohort_id = s.cohort_id AND a.intake = s.intake AND a.status IN ('OFFERED', 'ACCEPTED', 'ENROLLED'))`;

/**
 * The cohorts an offer may name. With an intake, only those given seats for it (and for the
 * course track, when given), each with its seats and free seats; otherwise every open cohort.
 */
export function offerCohorts(q: Sql, intake: string | null, course: string | null) {
  return rows(
    q,
    `SELECT k.id_slug, k.title, ${iso('k.start_date')} AS start_date, ${iso('k.end_date')} AS end_date,
            s.track, s.seats, CASE WHEN s.seats IS NULL THEN NULL ELSE greatest(s.seats - ${HELD}, 0) END AS free
       FROM cohorts k LEFT JOIN admission_cohort_seats s ON s.cohort_id = k.id AND s.intake = $1
      WHERE k.end_access_date > now()
        AND ($1::text IS NULL OR s.cohort_id IS NOT NULL)
        AND ($2::text IS NULL OR s.track = $2)
      ORDER BY k.start_date, k.id`,
    [intake, course],
  );
}

/** The intake's cohorts with seats: track, seats, held and free (one statement). */
export function cohortSeats(q: Sql, intake: string) {
  return rows<CohortSeatsResponse['data'][number]>(
    q,
    `SELECT k.id_slug AS cohort_id_slug, k.title AS cohort_title, s.track, s.seats, ${HELD} AS held,
            greatest(s.seats - ${HELD}, 0) AS free
       FROM admission_cohort_seats s JOIN cohorts k ON k.id = s.cohort_id
      WHERE s.intake = $1 ORDER BY k.start_date, k.id`,
    [intake],
  );
}

/**
 * A cohort's seats for an intake, locked (FOR UPDATE) while offers are counted against them, so
 * two offers at once cannot both take the last seat. Undefined: the cohort has no seats for it.
 */
export function lockSeats(q: Sql, cohortId: string, intake: string) {
  return one<{ track: string; seats: number; held: number }>(
    q,
    `SELECT s.track, s.seats, ${HELD} AS held FROM admission_cohort_seats s
      WHERE s.cohort_id = $1 AND s.intake = $2 FOR UPDATE`,
    [cohortId, intake],
  );
}

/** Sets a cohort's seats and track for an intake. */
export function saveSeats(q: Sql, cohortId: string, intake: string, track: string, seats: number, by: string) {
  return exec(
    q,
    `INSERT INTO admission_cohort_seats (cohort_id, intake, track, seats, updated_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (cohort_id, intake) DO UPDATE
        SET track = EXCLUDED.track, seats = EXCLUDED.seats, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [cohortId, intake, track, seats, by],
  );
}

/** A cohort by id_slug (any), locked against deletion. */
export function cohortById(q: Sql, idSlug: string) {
  return one<{ id: string }>(q, `SELECT id::text FROM cohorts WHERE id_slug = $1 FOR SHARE`, [idSlug]);
}

/**
 * Moves an OFFERED application's accept-by moment and logs it on the timeline (OFFERED -> OFFERED
 * with the reason), in one statement; answers the new moment, or undefined when no open offer.
 */
export function extendOffer(q: Sql, applicationId: string, acceptBy: string, actorId: string, reason: string) {
  return one<{ accept_by: string }>(
    q,
    `WITH moved AS (
       UPDATE application_offers o SET accept_by = $2 FROM programme_applications a
        WHERE o.application_id = $1 AND a.id = o.application_id AND a.status = 'OFFERED'
       RETURNING o.accept_by),
     logged AS (
       INSERT INTO application_transitions (application_id, from_status, to_status, actor_id, reason)
       SELECT $1, 'OFFERED', 'OFFERED', $3, $4 FROM moved)
     SELECT ${iso('accept_by')} AS accept_by FROM moved`,
    [applicationId, acceptBy, actorId, reason],
  );
}

/** Records the offers (a re-offer after waitlisting replaces an application's earlier one). */
export function saveOffers(q: Sql, applicationIds: string[], cohortId: string, acceptBy: string) {
  return exec(
    q,
    `INSERT INTO application_offers (application_id, cohort_id, accept_by)
     SELECT unnest($1::bigint[]), $2, $3
     ON CONFLICT (application_id) DO UPDATE
        SET cohort_id = EXCLUDED.cohort_id, accept_by = EXCLUDED.accept_by, offered_at = now(),
            promoted_application_id = NULL, place_released_at = NULL`,
    [applicationIds, cohortId, acceptBy],
  );
}

/** Expires every offer past its accept-by date, with its transition (one statement); answers the expired applications. */
export function expireOffers(q: Sql) {
  return rows<{ id: string }>(
    q,
    `WITH due AS (
       SELECT a.id FROM programme_applications a JOIN application_offers o ON o.application_id = a.id
        WHERE a.status = 'OFFERED' AND o.accept_by <= now()
        ORDER BY a.id FOR UPDATE OF a SKIP LOCKED),
     moved AS (
       UPDATE programme_applications a SET status = 'OFFER_EXPIRED', status_changed_at = now()
         FROM due WHERE a.id = due.id AND a.status = 'OFFERED' RETURNING a.id),
     logged AS (
       INSERT INTO application_transitions (application_id, from_status, to_status, reason)
       SELECT id, 'OFFERED', 'OFFER_EXPIRED', 'Not accepted by the accept-by date' FROM moved)
     SELECT id::text FROM moved`,
  );
}

/**
 * Claims the place a declined, withdrawn or expired offer freed: answers its cohort and offer window once,
 * and undefined to every later claim (whatever the number of workers).
 */
export function claimFreedPlace(q: Sql, applicationId: string) {
  return one<{ intake: string; course: string; cohort_id: string; window_seconds: number }>(
    q,
    `UPDATE application_offers o SET place_released_at = now()
       FROM programme_applications a
      WHERE o.application_id = $1 AND a.id = o.application_id AND a.status IN ('DECLINED', 'WITHDRAWN', 'OFFER_EXPIRED')
        AND o.place_released_at IS NULL
     RETURNING a.intake, a.course, o.cohort_id::text, GREATEST(extract(epoch FROM o.accept_by - o.offered_at), 86400)::float8 AS window_seconds`,
    [applicationId],
  );
}

/**
 * The best-ranked WAITLISTED application (weighted mean, then earliest) of the intake and course
 * track, locked; undefined when none. A freed seat stays in its cohort, so it goes to the same track.
 */
export function nextWaitlisted(q: Sql, intake: string, course: string) {
  return one<{ id: string }>(
    q,
    `SELECT a.id::text FROM programme_applications a
      WHERE a.intake = $1 AND a.course = $2 AND a.status = 'WAITLISTED'
      ORDER BY (SELECT avg(s.weighted) FROM application_scores s WHERE s.application_id = a.id) DESC NULLS LAST, a.created_date, a.id
      LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [intake, course],
  );
}

export function markPromoted(q: Sql, freedFrom: string, promoted: string) {
  return exec(q, `UPDATE application_offers SET promoted_application_id = $2 WHERE application_id = $1`, [freedFrom, promoted]);
}

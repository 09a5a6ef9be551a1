import type { HostCompany, HostCompanyListQuery, Placement, PlacementBreak, PlacementPerson, SaveHostCompany } from '@school/contracts';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';
import { iso, likePattern, listPage, orderBy } from '../../common/sql/list';
import { LISTED_ENROLMENT } from '../../common/sql/listed-enrolment';
import { SCHOOL_TIME_ZONE } from '../../common/school-time';
import { BREAKS_JSON } from './breaks.queries';

/** Staff who may coach: admins and instructors whose account is active (users `u`). */
const STAFF = `u.role IN ('ADMIN', 'INSTRUCTOR') AND NOT u.is_suspended`;
const PERSON = (u: string) =>
  `json_build_object('id_slug', ${u}.id_slug, 'first_name', ${u}.first_name, 'last_name', ${u}.last_name, 'email', ${u}.email)`;

// ---- host companies ---------------------------------------------------------------------------

const HOST_JSON = (
  h: string,
) => `json_build_object('id_slug', ${h}.id_slug, 'name', ${h}.name, 'registration_number', ${h}.registration_number,
  'sites', ${h}.sites, 'contacts', ${h}.contacts, 'created_date', ${iso(`${h}.created_at`)},
  'placements', (SELECT count(*)::int FROM placements pl WHERE pl.host_company_id = ${h}.id))`;

const HOST_SORTS = { name: 'lower(f.name)', registration_number: 'lower(f.registration_number)', created_date: 'f.created_at' };

/** One page of host companies, matching the search in name or registration number (trigram-indexed). */
export function hostCompanyPage(q: Sql, query: HostCompanyListQuery) {
  return listPage<Omit<HostCompany, 'figures'>>(q, {
    matching: `SELECT h.* FROM host_companies h WHERE $1::text IS NULL OR (h.name || ' ' || h.registration_number) ILIKE $1`,
    order: orderBy(query.order_by, HOST_SORTS, 'name', 'f.id'),
    item: HOST_JSON('p'),
    params: [query.search_query ? likePattern(query.search_query) : null],
    page: query,
  });
}

export const hostCompany = (q: Sql, slug: string) =>
  one<{ data: Omit<HostCompany, 'figures'> }>(q, `SELECT ${HOST_JSON('h')} AS data FROM host_companies h WHERE h.id_slug = $1`, [slug]);

export const insertHostCompany = (q: Sql, c: SaveHostCompany, by: string) =>
  mustOne<{ id_slug: string }>(
    q,
    `INSERT INTO host_companies (name, registration_number, sites, contacts, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id_slug`,
    [c.name, c.registration_number, JSON.stringify(c.sites), JSON.stringify(c.contacts), by],
  );

/** The company locked for an edit, with the sites its placements name. */
export const lockedHostCompany = (q: Sql, slug: string) =>
  one<{ id: string; used_sites: string[] }>(
    q,
    `SELECT h.id, coalesce((SELECT array_agg(DISTINCT pl.site) FROM placements pl WHERE pl.host_company_id = h.id), '{}') AS used_sites
       FROM host_companies h WHERE h.id_slug = $1 FOR UPDATE`,
    [slug],
  );

export const updateHostCompany = (q: Sql, id: string, c: SaveHostCompany) =>
  exec(q, `UPDATE host_companies SET name = $2, registration_number = $3, sites = $4, contacts = $5, updated_at = now() WHERE id = $1`, [
    id,
    c.name,
    c.registration_number,
    JSON.stringify(c.sites),
    JSON.stringify(c.contacts),
  ]);

// ---- placements -------------------------------------------------------------------------------

/** A placement row `pl` with its trainee `t`, host `h` and coach `c`, as the contracts' Placement less its dates. */
const PLACEMENT_FROM = `placements pl JOIN users t ON t.id = pl.user_id JOIN host_companies h ON h.id = pl.host_company_id
  LEFT JOIN users c ON c.id = pl.coach_id`;
const PLACEMENT_JSON = `json_build_object('id_slug', pl.id_slug, 'trainee', ${PERSON('t')},
  'host_company', json_build_object('id_slug', h.id_slug, 'name', h.name, 'registration_number', h.registration_number),
  'site', pl.site,
  'site_address', coalesce((SELECT s->>'address' FROM jsonb_array_elements(h.sites) s WHERE s->>'name' = pl.site LIMIT 1), ''),
  'supervisor_name', pl.supervisor_name, 'supervisor_email', pl.supervisor_email, 'supervisor_phone', pl.supervisor_phone,
  'weekly_hours_target', pl.weekly_hours_target::float8,
  'hours_logged', (SELECT coalesce(sum(d.hours), 0)::float8 FROM logbook_weeks w JOIN logbook_days d ON d.week_id = w.id
                    WHERE w.placement_id = pl.id AND w.status IN ('SUBMITTED', 'APPROVED')),
  'coach', CASE WHEN c.id IS NULL THEN NULL ELSE ${PERSON('c')} END,
  'breaks', ${BREAKS_JSON('pl.id')})`;

/** A placement before its dates: the internal ids its OJT window is looked up by. */
export type UndatedPlacement = Omit<Placement, 'starts_on' | 'ends_on' | 'hours_due'> & { cohort_id: string; user_id: string };

/** The cohort's placements by trainee name, the listed students not yet placed and the staff who may coach; undefined: no such cohort. */
export const cohortPlacements = (q: Sql, cohortSlug: string) =>
  one<{ id: string; data: UndatedPlacement[]; unplaced: PlacementPerson[]; coaches: PlacementPerson[] }>(
    q,
    `SELECT k.id,
            coalesce((SELECT json_agg(x.j ORDER BY x.last_name, x.first_name, x.id) FROM (
                SELECT ${PLACEMENT_JSON}::jsonb || jsonb_build_object('cohort_id', pl.cohort_id::text, 'user_id', pl.user_id::text) AS j,
                       lower(t.last_name) AS last_name, lower(t.first_name) AS first_name, pl.id
                  FROM ${PLACEMENT_FROM} WHERE pl.cohort_id = k.id) x), '[]') AS data,
            coalesce((SELECT json_agg(${PERSON('u')} ORDER BY lower(u.last_name), lower(u.first_name), u.id)
                        FROM enrolments e JOIN users u ON u.id = e.user_id
                       WHERE e.cohort_id = k.id AND ${LISTED_ENROLMENT}
                         AND NOT EXISTS (SELECT 1 FROM placements pl WHERE pl.cohort_id = k.id AND pl.user_id = e.user_id)), '[]') AS unplaced,
            coalesce((SELECT json_agg(${PERSON('u')} ORDER BY lower(u.last_name), lower(u.first_name), u.id)
                        FROM users u WHERE ${STAFF}), '[]') AS coaches
       FROM cohorts k WHERE k.id_slug = $1`,
    [cohortSlug],
  );

/** One placement of the cohort. */
export const placementOf = (q: Sql, cohortId: string, placementSlug: string) =>
  one<{ j: UndatedPlacement }>(
    q,
    `SELECT ${PLACEMENT_JSON}::jsonb || jsonb_build_object('cohort_id', pl.cohort_id::text, 'user_id', pl.user_id::text) AS j
       FROM ${PLACEMENT_FROM} WHERE pl.cohort_id = $1 AND pl.id_slug = $2`,
    [cohortId, placementSlug],
  ).then((r) => r?.j);

/** The student's own placements, in every cohort they are listed in. */
export const ownPlacements = (q: Sql, userId: string) =>
  rows<{ j: UndatedPlacement }>(
    q,
    `SELECT ${PLACEMENT_JSON}::jsonb || jsonb_build_object('cohort_id', pl.cohort_id::text, 'user_id', pl.user_id::text) AS j
       FROM ${PLACEMENT_FROM} JOIN enrolments e ON e.cohort_id = pl.cohort_id AND e.user_id = pl.user_id
      WHERE pl.user_id = $1 AND ${LISTED_ENROLMENT}
      ORDER BY pl.created_at DESC, pl.id DESC`,
    [userId],
  ).then((r) => r.map((x) => x.j));

/** What a placement's references resolve to in the cohort: the trainee (listed), the host's sites, the coach (staff). */
export const placementRefs = (q: Sql, cohortId: string, p: { trainee?: string; host: string; coach: string | null }) =>
  mustOne<{ trainee_id: string | null; host_id: string | null; sites: { name: string }[] | null; coach_id: string | null }>(
    q,
    `SELECT (SELECT u.id FROM enrolments e JOIN users u ON u.id = e.user_id
              WHERE e.cohort_id = $1 AND u.id_slug = $2 AND ${LISTED_ENROLMENT}) AS trainee_id,
            h.id AS host_id, h.sites,
            (SELECT u.id FROM users u WHERE u.id_slug = $4 AND ${STAFF}) AS coach_id
       FROM (SELECT 1) one LEFT JOIN host_companies h ON h.id_slug = $3`,
    [cohortId, p.trainee ?? null, p.host, p.coach],
  );

export interface PlacementWrite {
  user_id: string;
  host_company_id: string;
  site: string;
  supervisor_name: string;
  supervisor_email: string;
  supervisor_phone: string;
  weekly_hours_target: number;
  coach_id: string | null;
}

/**
 * Places the trainees in one statement: a trainee already placed in the cohort has their placement
 * replaced. Answers the slugs written and how many were new.
 */
export function upsertPlacements(q: Sql, cohortId: string, list: PlacementWrite[], by: string) {
  return rows<{ id_slug: string; created: boolean }>(
    q,
    `INSERT INTO placements AS pl (cohort_id, user_id, host_company_id, site, supervisor_name, supervisor_email, supervisor_phone,
                                   weekly_hours_target, coach_id, created_by)
     SELECT $1, x.user_id, x.host_company_id, x.site, x.supervisor_name, x.supervisor_email, x.supervisor_phone, x.hours, x.coach_id, $2
       FROM unnest($3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::text[], $9::numeric[], $10::bigint[])
            AS x(user_id, host_company_id, site, supervisor_name, supervisor_email, supervisor_phone, hours, coach_id)
     ON CONFLICT (cohort_id, user_id) DO UPDATE SET
       host_company_id = excluded.host_company_id, site = excluded.site, supervisor_name = excluded.supervisor_name,
       supervisor_email = excluded.supervisor_email, supervisor_phone = excluded.supervisor_phone,
       weekly_hours_target = excluded.weekly_hours_target, coach_id = excluded.coach_id, updated_at = now()
     RETURNING pl.id_slug, (xmax = 0) AS created`,
    [
      cohortId,
      by,
      list.map((p) => p.user_id),
      list.map((p) => p.host_company_id),
      list.map((p) => p.site),
      list.map((p) => p.supervisor_name),
      list.map((p) => p.supervisor_email),
      list.map((p) => p.supervisor_phone),
      list.map((p) => p.weekly_hours_target),
      list.map((p) => p.coach_id),
    ],
  );
}

export const insertPlacement = (q: Sql, cohortId: string, p: PlacementWrite, by: string) =>
  one<{ id_slug: string }>(
    q,
    `INSERT INTO placements (cohort_id, user_id, host_company_id, site, supervisor_name, supervisor_email, supervisor_phone,
                             weekly_hours_target, coach_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (cohort_id, user_id) DO NOTHING RETURNING id_slug`,
    [
      cohortId,
      p.user_id,
      p.host_company_id,
      p.site,
      p.supervisor_name,
      p.supervisor_email,
      p.supervisor_phone,
      p.weekly_hours_target,
      p.coach_id,
      by,
    ],
  );

export const updatePlacement = (q: Sql, cohortId: string, slug: string, p: Omit<PlacementWrite, 'user_id'>) =>
  exec(
    q,
    `UPDATE placements SET host_company_id = $3, site = $4, supervisor_name = $5, supervisor_email = $6, supervisor_phone = $7,
            weekly_hours_target = $8, coach_id = $9, updated_at = now()
      WHERE cohort_id = $1 AND id_slug = $2`,
    [
      cohortId,
      slug,
      p.host_company_id,
      p.site,
      p.supervisor_name,
      p.supervisor_email,
      p.supervisor_phone,
      p.weekly_hours_target,
      p.coach_id,
    ],
  );

/** What a CSV's rows name, resolved in one statement: the cohort's listed students by email (with their placement), hosts by registration number, staff by email. */
export const csvRefs = (q: Sql, cohortId: string, emails: string[], registrations: string[], coachEmails: string[]) =>
  mustOne<{
    trainees: { email: string; id: string; name: string; placed: boolean }[];
    hosts: { registration: string; id: string; name: string; sites: { name: string }[] }[];
    coaches: { email: string; id: string }[];
  }>(
    q,
    `SELECT coalesce((SELECT json_agg(json_build_object('email', lower(u.email), 'id', u.id::text, 'name', trim(u.first_name || ' ' || u.last_name),
                        'placed', EXISTS (SELECT 1 FROM placements pl WHERE pl.cohort_id = e.cohort_id AND pl.user_id = u.id)))
                        FROM enrolments e JOIN users u ON u.id = e.user_id
                       WHERE e.cohort_id = $1 AND ${LISTED_ENROLMENT} AND lower(u.email) = ANY($2::text[])), '[]') AS trainees,
            coalesce((SELECT json_agg(json_build_object('registration', lower(h.registration_number), 'id', h.id::text, 'name', h.name, 'sites', h.sites))
                        FROM host_companies h WHERE lower(h.registration_number) = ANY($3::text[])), '[]') AS hosts,
            coalesce((SELECT json_agg(json_build_object('email', lower(u.email), 'id', u.id::text))
                        FROM users u WHERE lower(u.email) = ANY($4::text[]) AND ${STAFF}), '[]') AS coaches`,
    [cohortId, emails, registrations, coachEmails],
  );

/** A placement by slug (any cohort), for staff who reach it. */
export const placementBySlug = (q: Sql, placementSlug: string) =>
  one<{ j: UndatedPlacement }>(
    q,
    `SELECT ${PLACEMENT_JSON}::jsonb || jsonb_build_object('cohort_id', pl.cohort_id::text, 'user_id', pl.user_id::text) AS j
       FROM ${PLACEMENT_FROM} WHERE pl.id_slug = $1`,
    [placementSlug],
  ).then((r) => r?.j);

// ---- per host company figures -----------------------------------------------------------------

/** A week `w`'s last submission up to $2 and the first signature or return after it. */
const WEEK_SIGNING = `(
  SELECT sub.at AS submitted_at,
         (SELECT min(a.created_at) FROM logbook_week_events a
           WHERE a.week_id = w.id AND a.kind = 'APPROVED' AND a.created_at >= sub.at AND a.created_at <= $2) AS signed_at,
         (SELECT min(r.created_at) FROM logbook_week_events r
           WHERE r.week_id = w.id AND r.kind = 'RETURNED' AND r.created_at >= sub.at AND r.created_at <= $2) AS returned_at
    FROM (SELECT max(ev.created_at) AS at FROM logbook_week_events ev
           WHERE ev.week_id = w.id AND ev.kind = 'SUBMITTED' AND ev.created_at <= $2) sub)`;

/**
 * The figures of the given host companies in one statement. Weeks signed on time: for each week
 * of their placements, its last submission (up to `now`) and the first signature after it; a week
 * counts once signed, or once its submission is 7 days old with no answer (a week returned to the
 * trainee waits for them and does not count); it is on time when signed within 7 days. Hours: each
 * placement's signed hours, its weekly target and standing breaks, for the caller to weigh against
 * the trainee's OJT window (the timeline's, read separately in one statement for all cohorts), and
 * its frozen reviews with the day each was, against their due days in that window.
 */
export const hostFigureRows = (q: Sql, hostSlugs: readonly string[], now: Date) =>
  rows<{
    host_id_slug: string;
    weeks_counted: number;
    weeks_signed_on_time: number;
    placements: {
      cohort_id: string;
      user_id: string;
      target: number;
      signed_hours: number;
      breaks: PlacementBreak[];
      /** The reviews frozen (signed by all three), with the Malaysian day they were. */
      reviews: { week: number; frozen_on: string }[];
    }[];
  }>(
    q,
    `SELECT h.id_slug AS host_id_slug, sw.weeks_counted, sw.weeks_signed_on_time,
            coalesce((SELECT json_agg(json_build_object(
                        'cohort_id', pl.cohort_id::text, 'user_id', pl.user_id::text, 'target', pl.weekly_hours_target::float8,
                        'signed_hours', (SELECT coalesce(sum(d.hours), 0)::float8 FROM logbook_weeks w JOIN logbook_days d ON d.week_id = w.id
                                          WHERE w.placement_id = pl.id AND w.status = 'APPROVED'),
                        'breaks', ${BREAKS_JSON('pl.id')},
                        'reviews', coalesce((SELECT json_agg(json_build_object('week', r.review_week,
                                                    'frozen_on', (r.frozen_at AT TIME ZONE '${SCHOOL_TIME_ZONE}')::date::text))
                                               FROM ojt_reviews r WHERE r.placement_id = pl.id AND r.frozen_at <= $2), '[]')))
                        FROM placements pl WHERE pl.host_company_id = h.id), '[]') AS placements
       FROM host_companies h
       CROSS JOIN LATERAL (
         SELECT count(*) FILTER (WHERE s.signed_at IS NOT NULL
                                    OR (s.returned_at IS NULL AND s.submitted_at <= $2::timestamptz - interval '7 days'))::int AS weeks_counted,
                count(*) FILTER (WHERE s.signed_at <= s.submitted_at + interval '7 days')::int AS weeks_signed_on_time
           FROM placements pl JOIN logbook_weeks w ON w.placement_id = pl.id CROSS JOIN LATERAL ${WEEK_SIGNING} s
          WHERE pl.host_company_id = h.id AND s.submitted_at IS NOT NULL) sw
      WHERE h.id_slug = ANY($1::text[])`,
    [hostSlugs, now],
  );

export const cohortIdOf = (q: Sql, cohortSlug: string, lock = false) =>
  one<{ id: string }>(q, `SELECT id FROM cohorts WHERE id_slug = $1${lock ? ' FOR UPDATE' : ''}`, [cohortSlug]);

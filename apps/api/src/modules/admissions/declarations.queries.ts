import type { AssignmentKind, ConflictsResponse } from '@school/contracts';
import { exec, one, rows, type Sql } from '../../common/sql/db';
import { iso } from '../../common/sql/list';

/** A panel member declared a conflict with the application's applicant ($app and $staff: SQL for their ids). */
export const INTERVIEW_CONFLICT = (app: string, staff: string) =>
  `EXISTS (SELECT 1 FROM assignment_declarations d
            WHERE d.assignment = 'interview' AND d.conflict AND d.application_id = ${app} AND d.staff_id = ${staff})`;

/**
 * Where each kind of assignment of a staff member to an application lives: its rows (a table, or
 * the panel of the slot the applicant booked, less the members who declared a conflict with them),
 * the staff column, when it began, and what a conflict deletes ($1 application, $2 staff member). A declaration counts for the
 * assignment it was made in (after it began), so an assignment made again (a new booking) asks again.
 */
const ASSIGNMENTS: Record<AssignmentKind, { table: string; staff: string; since: string; onConflict: string }> = {
  review: {
    table: 'application_reviewers',
    staff: 'reviewer_id',
    since: 'assigned_at',
    onConflict: 'DELETE FROM application_reviewers WHERE application_id = $1 AND reviewer_id = $2',
  },
  interview: {
    table: `(SELECT b.application_id, p.user_id AS interviewer_id, b.booked_at
               FROM interview_bookings b JOIN interview_panel p ON p.slot_id = b.slot_id
              WHERE NOT ${INTERVIEW_CONFLICT('b.application_id', 'p.user_id')})`,
    staff: 'interviewer_id',
    since: 'booked_at',
    onConflict: 'DELETE FROM interview_scores WHERE application_id = $1 AND interviewer_id = $2',
  },
};

/** The staff member's assignment of this kind to the application (by id_slug), and whether they have declared no conflict in it. */
export function assignmentDeclaration(q: Sql, kind: AssignmentKind, idSlug: string, staffId: string) {
  const a = ASSIGNMENTS[kind];
  return one<{ id: string; full_name: string; assigned: boolean; declared: boolean }>(
    q,
    `SELECT p.id::text, p.full_name, x.${a.staff} IS NOT NULL AS assigned,
            EXISTS (SELECT 1 FROM assignment_declarations d
                     WHERE d.application_id = p.id AND d.staff_id = $3 AND d.assignment = $1
                       AND NOT d.conflict AND d.declared_at >= x.${a.since}) AS declared
       FROM programme_applications p
       LEFT JOIN ${a.table} x ON x.application_id = p.id AND x.${a.staff} = $3
      WHERE p.id_slug = $2`,
    [kind, idSlug, staffId],
  );
}

/** Whether the staff member has declared no conflict in their current assignment of this kind (by internal application id). */
export async function hasDeclared(q: Sql, kind: AssignmentKind, applicationId: string, staffId: string): Promise<boolean> {
  const a = ASSIGNMENTS[kind];
  const row = await one<{ declared: boolean }>(
    q,
    `SELECT EXISTS (SELECT 1 FROM ${a.table} x JOIN assignment_declarations d
                      ON d.application_id = x.application_id AND d.staff_id = x.${a.staff} AND d.assignment = $1
                     AND NOT d.conflict AND d.declared_at >= x.${a.since}
                   WHERE x.application_id = $2 AND x.${a.staff} = $3) AS declared`,
    [kind, applicationId, staffId],
  );
  return row?.declared ?? false;
}

/**
 * Records a declaration; a conflict also ends the assignment (with anything hanging on it, such as
 * a review's or an interview's scores; a panel member's conflict itself takes them off the panel
 * of that applicant), in the same transaction. Answers whether the assignment remains.
 */
export async function declare(q: Sql, kind: AssignmentKind, applicationId: string, staffId: string, conflict: boolean, note: string) {
  await exec(q, `INSERT INTO assignment_declarations (assignment, application_id, staff_id, conflict, note) VALUES ($1, $2, $3, $4, $5)`, [
    kind,
    applicationId,
    staffId,
    conflict,
    note,
  ]);
  if (conflict) await exec(q, ASSIGNMENTS[kind].onConflict, [applicationId, staffId]);
  return !conflict;
}

/** The conflicts staff declared on an application, newest first. */
export function conflicts(q: Sql, applicationId: string) {
  return rows<ConflictsResponse['data'][number]>(
    q,
    `SELECT CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name) END AS staff,
            d.assignment, d.note, ${iso('d.declared_at')} AS at
       FROM assignment_declarations d LEFT JOIN users u ON u.id = d.staff_id
      WHERE d.application_id = $1 AND d.conflict
      ORDER BY d.declared_at DESC, d.id DESC`,
    [applicationId],
  );
}

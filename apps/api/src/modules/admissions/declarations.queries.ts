import type { AssignmentKind, ConflictsResponse } from '@school/contracts';
import { exec, one, rows, type Sql } from '../../common/sql/db';
import { iso } from '../../common/sql/list';

/**
 * Where each kind of assignment of a staff member to an application lives: its table, the staff
 * column and when it began. A declaration counts for the assignment it was made in (after it began),
 * so an assignment made again asks again. An interview panel adds its own line here.
 */
const ASSIGNMENTS: Record<AssignmentKind, { table: string; staff: string; since: string }> = {
  review: { table: 'application_reviewers', staff: 'reviewer_id', since: 'assigned_at' },
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
 * a review's scores) in the same statement. Answers whether the assignment remains.
 */
export async function declare(q: Sql, kind: AssignmentKind, applicationId: string, staffId: string, conflict: boolean, note: string) {
  const a = ASSIGNMENTS[kind];
  await exec(
    q,
    `WITH d AS (INSERT INTO assignment_declarations (assignment, application_id, staff_id, conflict, note) VALUES ($1, $2, $3, $4, $5))
     DELETE FROM ${a.table} WHERE $4 AND application_id = $2 AND ${a.staff} = $3`,
    [kind, applicationId, staffId, conflict, note],
  );
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

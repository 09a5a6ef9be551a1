import { AdminStudentListQuerySchema, type BulkStudentRow } from '@school/contracts';
import { bulkAdd, listStudents, studentListQuery } from '../src/modules/enrolments';
import type { Scenario, ScenarioContext } from './scenario';

/** The student list is measured over this many students, whatever the school was seeded with. */
export const LIST_STUDENTS = 100_000;
/** Rows of one bulk add: half existing student accounts, half new emails. */
export const BULK_ROWS = 10_000;
const BULK_COHORTS = 40;
const BULK_TITLE = 'Bench bulk cohort';

/** Tops the school up to `target` students (set-based, no enrolments), named like the seeded ones. */
async function ensureStudents(ctx: ScenarioContext, target: number) {
  const [{ n }] = await ctx.db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'STUDENT'`);
  if (n >= target) return;
  await ctx.db.query(
    `INSERT INTO users (email, first_name, last_name, role, password_hash, created_date)
     SELECT 'bench-student-' || i || '@example.com',
            (ARRAY['Aisyah','Wei Jie','Priya','Daniel','Nur','Hafiz','Mei Ling','Arjun','Siti','Jason'])[1 + i % 10] || ' ' || i,
            (ARRAY['Rahman','Tan','Kumar','Lim','Aina','Ismail','Wong','Nair','Aminah','Lee'])[1 + (i / 10) % 10],
            'STUDENT', (SELECT password_hash FROM users WHERE role = 'STUDENT' LIMIT 1), now() - (i || ' minutes')::interval
       FROM generate_series($1::int + 1, $2::int) AS i`,
    [n, target],
  );
  await ctx.db.query(`ANALYZE users`);
}

const adminToken = async (ctx: ScenarioContext) => {
  const [admin] = await ctx.db.query(`SELECT id, id_slug FROM users WHERE role = 'ADMIN' LIMIT 1`);
  return `Bearer ${ctx.tokenFor({ ...admin, role: 'ADMIN' })}`;
};

/** What admins type: surnames, first names with a number, parts of emails, a full name. */
const SEARCH_TERMS = ['tan', 'kumar', 'priya 4', 'mei ling 12', 'bench-student-777', 'rahman', 'siti 9', 'jason 40', 'wong', 'arjun 3'];

export const studentSearchScenario: Scenario = {
  name: 'students list, search',
  // It tops the students up to LIST_STUDENTS itself (their password hash copied from a seeded one).
  seed: { students: 1 },
  async requests(ctx) {
    await ensureStudents(ctx, LIST_STUDENTS);
    const authorization = await adminToken(ctx);
    return SEARCH_TERMS.flatMap((term) =>
      [1, 2].map((page) => ({
        method: 'GET' as const,
        path: `/api/auth/admin/students/list?role=STUDENT&page=${page}&page_size=10&order_by=-created_date&search_query=${encodeURIComponent(term)}`,
        headers: { authorization },
      })),
    );
  },
  async ceiling(client, req) {
    const q = AdminStudentListQuerySchema.parse(Object.fromEntries(req.url.searchParams));
    return { status: 200, body: await listStudents(client, q) };
  },
  // The list's one statement, as the API builds it for each search.
  async statementAlone(ctx, pool) {
    const requests = await this.requests(ctx);
    return requests.map((r) => {
      const { text, values } = studentListQuery(
        AdminStudentListQuerySchema.parse(Object.fromEntries(new URL(r.path, 'http://localhost').searchParams)),
      );
      return () => pool.query(text, values);
    });
  },
};

/** Each request fills its own empty cohort, so every one does the full work; reset empties them again. */
async function resetBulkCohorts(ctx: ScenarioContext) {
  await ctx.db.query(
    `WITH k AS (SELECT id FROM cohorts WHERE title LIKE $1)
     , e AS (DELETE FROM enrolments WHERE cohort_id IN (SELECT id FROM k))
     DELETE FROM cohort_queue WHERE cohort_id IN (SELECT id FROM k)`,
    [`${BULK_TITLE}%`],
  );
}

export const bulkAddScenario: Scenario = {
  name: 'bulk add 10,000 rows',
  // Half its rows are existing student accounts; it makes its own cohorts on the first course.
  seed: { students: BULK_ROWS / 2 },
  async requests(ctx) {
    const [{ n }] = await ctx.db.query(`SELECT count(*)::int AS n FROM cohorts WHERE title LIKE $1`, [`${BULK_TITLE}%`]);
    if (n === 0) {
      await ctx.db.query(
        `WITH k AS (
           INSERT INTO cohorts (title, start_date, end_date, end_access_date)
           SELECT $1 || ' ' || i, now(), now() + interval '90 days', now() + interval '120 days' FROM generate_series(1, $2::int) i
           RETURNING id)
         INSERT INTO cohort_courses (cohort_id, course_id) SELECT k.id, (SELECT min(id) FROM courses) FROM k`,
        [BULK_TITLE, BULK_COHORTS],
      );
    }
    const cohorts: { id_slug: string }[] = await ctx.db.query(`SELECT id_slug FROM cohorts WHERE title LIKE $1 ORDER BY id`, [
      `${BULK_TITLE}%`,
    ]);
    const existing: { email: string; first_name: string; last_name: string }[] = await ctx.db.query(
      `SELECT email, first_name, last_name FROM users WHERE role = 'STUDENT' ORDER BY id LIMIT $1`,
      [BULK_ROWS / 2],
    );
    const students: BulkStudentRow[] = [
      ...existing,
      ...Array.from({ length: BULK_ROWS - existing.length }, (_, i) => ({
        email: `bulk-new-${i}@example.com`,
        first_name: 'New',
        last_name: `Person ${i}`,
      })),
    ];
    const body = JSON.stringify({ students });
    const authorization = await adminToken(ctx);
    return cohorts.map((c) => ({
      method: 'POST' as const,
      path: `/api/cohorts/admin/${c.id_slug}/add-student-bulk`,
      headers: { authorization },
      body,
    }));
  },
  reset: resetBulkCohorts,
  async ceiling(client, req) {
    const m = /^\/api\/cohorts\/admin\/([^/]+)\/add-student-bulk\/?$/.exec(req.url.pathname);
    if (!m) return { status: 404, body: { message: 'Not found' } };
    try {
      await client.query('BEGIN');
      const body = await bulkAdd(client, m[1], (req.body as { students: BulkStudentRow[] }).students);
      await client.query('COMMIT');
      return { status: 200, body };
    } catch (e) {
      await client.query('ROLLBACK');
      throw e;
    }
  },
  // One admin uploading at a time; p50 is the server time of one 10,000-row add.
  connections: [1],
  duration: 8,
};

export const adminScenarios: Scenario[] = [studentSearchScenario, bulkAddScenario];

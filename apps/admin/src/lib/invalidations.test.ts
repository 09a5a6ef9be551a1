import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidations } from './invalidations';
import { staleReads } from '@school/ui/testing';
import { routeQueryKey } from '@school/ui';

/** One cached read of every screen's data, two entities each where a read is per entity. */
const READS: Record<string, QueryKey> = {
  cohortList: routeQueryKey('adminCohortList', { query: { page: 1 } }),
  cohortListByStatus: routeQueryKey('adminCohortList', { query: { page: 2, status: 'ONGOING' } }),
  activeCohorts: routeQueryKey('adminActiveCohorts', {}),
  instructorCohorts: routeQueryKey('instructorCohorts', {}),
  cohortK1: routeQueryKey('adminCohortDetail', { params: { cohortId: 'k1' } }),
  cohortK2: routeQueryKey('adminCohortDetail', { params: { cohortId: 'k2' } }),
  studentsOfK1: routeQueryKey('adminCohortStudents', { params: { cohortId: 'k1' }, query: { page: 2 } }),
  studentsOfK2: routeQueryKey('adminCohortStudents', { params: { cohortId: 'k2' }, query: { page: 1 } }),
  queueOfK1: routeQueryKey('adminCohortQueue', { params: { cohortId: 'k1' }, query: { page: 1 } }),
  queueOfK2: routeQueryKey('adminCohortQueue', { params: { cohortId: 'k2' }, query: { page: 1 } }),
  courseList: routeQueryKey('adminCourseList', { query: { page: 1, search_query: 'chip' } }),
  courseC1: routeQueryKey('adminCourseDetail', { params: { courseId: 'c1' } }),
  courseC2: routeQueryKey('adminCourseDetail', { params: { courseId: 'c2' } }),
  studentList: routeQueryKey('adminStudentList', { query: { page: 1, role: 'STUDENT' } }),
  certificateList: routeQueryKey('adminCertificateList', { query: { exclude_cohort_id_slug: 'k1' } }),
  applicationList: routeQueryKey('adminApplicationList', { query: { page: 1 } }),
  formSubmissionList: routeQueryKey('adminFormSubmissionList', { query: { page: 1 } }),
  dashboard: routeQueryKey('adminDashboard', {}),
};

/** Which of READS the keys make stale. */
const staleAfter = (keys: QueryKey[]) => staleReads(READS, keys);

const sorted = (names: string[]) => [...names].sort();
const enrolmentOfK1 = [
  'cohortK1',
  'studentsOfK1',
  'cohortList',
  'cohortListByStatus',
  'instructorCohorts',
  'studentList',
  'courseC1',
  'courseC2',
];

describe('what each change of the console makes stale', () => {
  it('renaming a course: that course, the course list and the cohorts showing courses, nothing else', async () => {
    const stale = await staleAfter(
      invalidations.adminCourseUpdate({ params: { courseId: 'c1' }, body: { title: 'New', description: '' } }, { id_slug: 'c1' }),
    );
    expect(stale).toEqual(sorted(['courseC1', 'courseList', 'cohortK1', 'cohortK2', 'instructorCohorts']));
  });

  it('saving a curriculum: the same reads as a rename (module and lesson counts show in lists and cohorts)', async () => {
    const stale = await staleAfter(
      invalidations.adminModulesUpdate({ params: { courseId: 'c2' }, body: { modules: [] } }, { modules: [] } as never),
    );
    expect(stale).toEqual(sorted(['courseC2', 'courseList', 'cohortK1', 'cohortK2', 'instructorCohorts']));
  });

  it('adding a module leaves the course itself alone (updated in place) but refreshes the counts elsewhere', async () => {
    const stale = await staleAfter(
      invalidations.adminAddModule({ params: { courseId: 'c1' }, body: { title: 'M', order: 0, lessons: [] } }, { id_slug: 'm1' }),
    );
    expect(stale).toEqual(sorted(['courseList', 'cohortK1', 'cohortK2', 'instructorCohorts']));
  });

  it('creating a course: only the course list', async () => {
    expect(
      await staleAfter(invalidations.adminCourseCreate({ body: { title: 'T', description: '' } }, { id_slug: 'c3' } as never)),
    ).toEqual(['courseList']);
  });

  it("adding a student to a cohort: the cohort's students and counts, its queue (an email may be queued), the cohort lists, the students list and the courses' cohorts", async () => {
    const stale = await staleAfter(
      invalidations.adminAddStudent({ params: { cohortId: 'k1' }, body: { user_id_slug: 'u1' } }, {} as never),
    );
    expect(stale).toEqual(sorted([...enrolmentOfK1, 'queueOfK1']));
    expect(stale).not.toContain('cohortK2');
    expect(stale).not.toContain('studentsOfK2');
  });

  it('removing a student or changing their enrolment status: the same reads as adding one', async () => {
    expect(
      await staleAfter(invalidations.adminRemoveStudent({ params: { cohortId: 'k1' }, body: { user_id_slug: 'u1' } }, {} as never)),
    ).toEqual(sorted(enrolmentOfK1));
    expect(
      await staleAfter(
        invalidations.adminUpdateStudents(
          { params: { cohortId: 'k1' }, body: { user_id_slug: 'u1', enrolment_status: 'SUSPENDED' } },
          {} as never,
        ),
      ),
    ).toEqual(sorted(enrolmentOfK1));
  });

  it("adding students from a CSV also refreshes that cohort's queue", async () => {
    const stale = await staleAfter(invalidations.adminAddStudentBulk({ params: { cohortId: 'k1' }, body: { students: [] } }, {} as never));
    expect(stale).toEqual(sorted([...enrolmentOfK1, 'queueOfK1']));
  });

  it('suspending an account: every read listing students', async () => {
    const stale = await staleAfter(
      invalidations.adminUpdateUserStatus({ params: { userIdSlug: 'u1' }, body: { is_suspended: true } }, {} as never),
    );
    expect(stale).toEqual(sorted(['studentList', 'studentsOfK1', 'studentsOfK2', 'cohortK1', 'cohortK2']));
  });

  it('linking or unlinking a course: both sides and both lists', async () => {
    const link = await staleAfter(
      invalidations.adminCohortAddCourse({ params: { cohortId: 'k2' }, body: { course_id_slug: 'c1' } }, {} as never),
    );
    const unlink = await staleAfter(invalidations.adminCohortRemoveCourse({ params: { cohortId: 'k2', courseId: 'c1' } }, {} as never));
    const both = sorted(['cohortK2', 'courseC1', 'cohortList', 'cohortListByStatus', 'courseList', 'instructorCohorts']);
    expect(link).toEqual(both);
    expect(unlink).toEqual(both);
  });

  it('editing a cohort: the cohort, every cohort list, the courses showing it, the students list (enrolment titles) and the certificates list (cohort titles)', async () => {
    const stale = await staleAfter(invalidations.adminCohortUpdate({ params: { cohortId: 'k1' }, body: {} as never }, { id_slug: 'k1' }));
    expect(stale).toEqual(
      sorted([
        'cohortK1',
        'cohortList',
        'cohortListByStatus',
        'activeCohorts',
        'instructorCohorts',
        'courseC1',
        'courseC2',
        'studentList',
        'certificateList',
      ]),
    );
  });

  it('creating a cohort: the cohort lists, the course list and the linked courses only', async () => {
    const stale = await staleAfter(invalidations.adminCohortCreate({ body: { course_ids: ['c2'] } as never }, { id_slug: 'k3' } as never));
    expect(stale).toEqual(sorted(['cohortList', 'cohortListByStatus', 'activeCohorts', 'instructorCohorts', 'courseList', 'courseC2']));
  });

  it('deleting a cohort: every list counting it, never the deleted cohort itself (its page is leaving)', async () => {
    const stale = await staleAfter(invalidations.adminCohortDelete({ params: { cohortId: 'k1' } }, { message: 'ok' }));
    expect(stale).toEqual(
      sorted([
        'cohortList',
        'cohortListByStatus',
        'activeCohorts',
        'instructorCohorts',
        'courseList',
        'courseC1',
        'courseC2',
        'studentList',
        'certificateList',
      ]),
    );
  });

  it('deleting a course: the course lists only (no cohort uses it, and its own page is leaving)', async () => {
    expect(await staleAfter(invalidations.adminCourseDelete({ params: { courseId: 'c1' } }, { message: 'ok' }))).toEqual(['courseList']);
  });

  it('completing an enrolment: as any change of enrolment in that cohort', async () => {
    const stale = await staleAfter(
      invalidations.adminCompleteStudent({ params: { cohortId: 'k1' }, body: { user_id_slug: 'u1' } }, { cohort_id_slug: 'k1' }),
    );
    expect(stale).toEqual(sorted(enrolmentOfK1));
  });

  it('certificates: creating one refreshes the list; linking one also refreshes that cohort', async () => {
    expect(await staleAfter(invalidations.adminCertificateCreate({ body: { title: 'T', provider: ['P'] } }, {} as never))).toEqual([
      'certificateList',
    ]);
    const stale = await staleAfter(
      invalidations.adminAddCertificate({ params: { cohortId: 'k1' }, body: { certificate_id_slug: 'x' } }, {} as never),
    );
    expect(stale).toEqual(sorted(['cohortK1', 'certificateList']));
  });

  it('issuing or revoking a certificate, or new rules issuing some: the certificates list counts them', async () => {
    const issue = await staleAfter(
      invalidations.adminIssueCertificate(
        { params: { cohortId: 'k1', certificateId: 'x' }, body: { user_id_slug: 'u1', reason: 'r' } },
        {} as never,
      ),
    );
    const revoke = await staleAfter(
      invalidations.adminRevokeCertificate({ params: { credentialId: 'x' }, body: { reason: 'r' } }, {} as never),
    );
    const rules = await staleAfter(
      invalidations.adminUpdateCertificateRules({ params: { cohortId: 'k1', certificateId: 'x' }, body: {} as never }, {} as never),
    );
    for (const stale of [issue, revoke, rules]) expect(stale).toEqual(['certificateList']);
  });

  it("retrying a failed job refreshes the dashboard's failed jobs figure", async () => {
    expect(await staleAfter(invalidations.adminRetryJob({ params: { jobId: 'j1' } }, {} as never))).toEqual(['dashboard']);
  });

  it('no change makes the applications or form submissions stale', async () => {
    for (const [name, invalidates] of Object.entries(invalidations)) {
      const stale = await staleAfter(
        (invalidates as (v: unknown, a: unknown) => QueryKey[])(
          { params: { cohortId: 'k1', courseId: 'c1', userIdSlug: 'u1' }, body: { course_ids: [], course_id_slug: 'c1' } },
          {},
        ),
      );
      expect(stale, name).not.toContain('applicationList');
      expect(stale, name).not.toContain('formSubmissionList');
    }
  });

  it("saving a cohort's timeline: that cohort (its start and end) and the lists showing cohort dates; a preview nothing", async () => {
    const change = { params: { cohortId: 'k1' }, body: { start_date: '2027-03-08' } };
    const saved = { data: {} as never, moved: 3, students_told: 2 };
    expect(await staleAfter(invalidations.adminSaveTimeline(change, saved))).toEqual(
      sorted(['cohortK1', 'cohortList', 'cohortListByStatus', 'activeCohorts', 'instructorCohorts']),
    );
    expect(await staleAfter(invalidations.adminPreviewTimeline(change, { data: { moves: [], students_to_tell: 0 } }))).toEqual([]);
  });

  it("saving a lesson's date template: every cohort's dates and the cohort lists (the cohorts linking its course are dated again)", async () => {
    const template = { open: null, deadline: null, late: null, result: null };
    expect(
      await staleAfter(invalidations.adminLessonDateTemplate({ params: { lessonId: 'l1' }, body: template }, { data: template })),
    ).toEqual(sorted(['cohortK1', 'cohortK2', 'cohortList', 'cohortListByStatus', 'activeCohorts', 'instructorCohorts']));
  });
});

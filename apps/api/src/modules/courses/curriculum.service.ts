import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AddModule, AdminModule, LessonInput, UpdateModules } from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { FILE_PURPOSE } from '../../platform/storage/storage.service';
import { MODULES_JSON } from './courses.queries';
import { COURSE_NOT_FOUND } from '../../common/not-found';

const fieldError = (field: string, message: string) => new BadRequestException({ message, errors: { [field]: message } });

/** Items sorted by the order the editor sent (ties keep the array order), numbered from 0. */
function renumber<T extends { order: number }>(items: T[]): (T & { index: number; position: number })[] {
  return items
    .map((item, index) => ({ ...item, index, position: 0 }))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map((item, position) => ({ ...item, position }));
}

interface LessonRow {
  id?: string;
  module_id: string;
  title: string;
  description: string;
  ord: number;
  lesson_type: string;
  video_set: boolean;
  video_lecture_id_slug: string | null;
  reading_pdf_id_slugs: string[];
  link_urls: string[];
}

const lessonRow = (l: LessonInput, moduleId: string, position: number): LessonRow => ({
  module_id: moduleId,
  title: l.title,
  description: l.description,
  ord: position,
  lesson_type: l.lesson_type,
  // Left out means "keep the current video"; null removes it.
  video_set: l.video_lecture_id_slug !== undefined,
  video_lecture_id_slug: l.video_lecture_id_slug ?? null,
  reading_pdf_id_slugs: l.reading_pdf_id_slugs,
  link_urls: l.link_urls,
});

const LESSON_RECORD = `x(id bigint, module_id bigint, title text, description text, ord int, lesson_type text,
  video_set boolean, video_lecture_id_slug text, reading_pdf_id_slugs text[], link_urls text[])`;

/** Adds modules and rewrites a course's curriculum, each in one transaction with set-based writes. */
@Injectable()
export class CurriculumService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async addModule(courseIdSlug: string, body: AddModule): Promise<{ id_slug: string }> {
    return this.db.transaction(async (m) => {
      const courseId = await this.lockCourse(m, courseIdSlug);
      await this.assertFilesExist(m, courseId, body.lessons, 'lessons');
      const [{ count }] = await m.query(`SELECT count(*)::int AS count FROM modules WHERE course_id = $1`, [courseId]);
      const position = Math.min(body.order, count);
      await m.query(`UPDATE modules SET "order" = "order" + 1 WHERE course_id = $1 AND "order" >= $2`, [courseId, position]);
      const [mod] = await m.query(`INSERT INTO modules (course_id, title, "order") VALUES ($1, $2, $3) RETURNING id, id_slug`, [
        courseId,
        body.title,
        position,
      ]);
      // Close any gaps the editor's orders left, so orders run 0..n-1.
      await m.query(
        `UPDATE modules md SET "order" = r.n FROM (
           SELECT id, (row_number() OVER (ORDER BY "order", id) - 1)::int AS n FROM modules WHERE course_id = $1) r
         WHERE md.id = r.id AND md."order" <> r.n`,
        [courseId],
      );
      const lessons = renumber(body.lessons).map((l) => lessonRow(l, mod.id, l.position));
      if (lessons.length) await this.insertLessons(m, lessons);
      await m.query(`UPDATE courses SET modified_date = now() WHERE id = $1`, [courseId]);
      return { id_slug: mod.id_slug };
    });
  }

  /**
   * Saves the whole curriculum: modules and lessons sent are kept (created when they have no
   * id_slug, moved and renamed otherwise), those left out are deleted, and orders are renumbered from 0.
   */
  async updateModules(idSlug: string, body: UpdateModules): Promise<{ id_slug: string; modules: AdminModule[] }> {
    return this.db.transaction(async (m) => {
      const courseId = await this.lockCourse(m, idSlug);
      const existing: { module_slug: string; module_id: string; lesson_slug: string | null; lesson_id: string | null }[] = await m.query(
        `SELECT md.id_slug AS module_slug, md.id AS module_id, l.id_slug AS lesson_slug, l.id AS lesson_id
           FROM modules md LEFT JOIN lessons l ON l.module_id = md.id WHERE md.course_id = $1`,
        [courseId],
      );
      const moduleIds = new Map(existing.map((r) => [r.module_slug, r.module_id]));
      const lessonIds = new Map(existing.filter((r) => r.lesson_slug).map((r) => [r.lesson_slug!, r.lesson_id!]));

      const seenModules = new Set<string>();
      const seenLessons = new Set<string>();
      body.modules.forEach((mod, i) => {
        if (mod.id_slug !== undefined) {
          if (!moduleIds.has(mod.id_slug)) throw fieldError(`modules.${i}.id_slug`, 'This module is not part of the course');
          if (seenModules.has(mod.id_slug)) throw fieldError(`modules.${i}.id_slug`, 'This module is listed twice');
          seenModules.add(mod.id_slug);
        }
        mod.lessons.forEach((lesson, j) => {
          if (lesson.id_slug === undefined) return;
          const field = `modules.${i}.lessons.${j}.id_slug`;
          if (!lessonIds.has(lesson.id_slug)) throw fieldError(field, 'This lesson is not part of the course');
          if (seenLessons.has(lesson.id_slug)) throw fieldError(field, 'This lesson is listed twice');
          seenLessons.add(lesson.id_slug);
        });
      });
      await this.assertFilesExist(m, courseId, body.modules.flatMap((mod) => mod.lessons), 'modules');

      const modules = renumber(body.modules);
      const kept = modules.filter((mod) => mod.id_slug !== undefined);
      if (kept.length) {
        await m.query(
          `UPDATE modules md SET title = x.title, "order" = x.ord
             FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, title text, ord int) WHERE md.id = x.id`,
          [JSON.stringify(kept.map((mod) => ({ id: moduleIds.get(mod.id_slug!), title: mod.title, ord: mod.position })))],
        );
      }
      const fresh = modules.filter((mod) => mod.id_slug === undefined);
      const newIds = new Map<number, string>();
      if (fresh.length) {
        const inserted: { id: string; order: number }[] = await m.query(
          `INSERT INTO modules (course_id, title, "order")
           SELECT $1, x.title, x.ord FROM jsonb_to_recordset($2::jsonb) AS x(title text, ord int) ORDER BY x.ord
           RETURNING id, "order"`,
          [courseId, JSON.stringify(fresh.map((mod) => ({ title: mod.title, ord: mod.position })))],
        );
        for (const row of inserted) newIds.set(row.order, row.id);
      }

      const keptLessons: LessonRow[] = [];
      const newLessons: LessonRow[] = [];
      for (const mod of modules) {
        const moduleId = mod.id_slug !== undefined ? moduleIds.get(mod.id_slug)! : newIds.get(mod.position)!;
        for (const lesson of renumber(mod.lessons)) {
          const row = lessonRow(lesson, moduleId, lesson.position);
          if (lesson.id_slug !== undefined) keptLessons.push({ ...row, id: lessonIds.get(lesson.id_slug) });
          else newLessons.push(row);
        }
      }
      // Lessons left out go first, then modules left out (after their kept lessons moved away).
      await m.query(
        `DELETE FROM lessons l USING modules md
          WHERE l.module_id = md.id AND md.course_id = $1 AND NOT (l.id = ANY($2::bigint[]))`,
        [courseId, keptLessons.map((l) => l.id)],
      );
      if (keptLessons.length) {
        await m.query(
          `UPDATE lessons l SET module_id = x.module_id, title = x.title, description = x.description, "order" = x.ord,
                  lesson_type = x.lesson_type,
                  video_lecture_id_slug = CASE WHEN x.video_set THEN x.video_lecture_id_slug ELSE l.video_lecture_id_slug END,
                  reading_pdf_id_slugs = x.reading_pdf_id_slugs, link_urls = x.link_urls
             FROM jsonb_to_recordset($1::jsonb) AS ${LESSON_RECORD} WHERE l.id = x.id`,
          [JSON.stringify(keptLessons)],
        );
      }
      if (newLessons.length) await this.insertLessons(m, newLessons);
      await m.query(`DELETE FROM modules WHERE course_id = $1 AND NOT (id = ANY($2::bigint[]))`, [
        courseId,
        [...kept.map((mod) => moduleIds.get(mod.id_slug!)!), ...newIds.values()],
      ]);
      await m.query(`UPDATE courses SET modified_date = now() WHERE id = $1`, [courseId]);
      const [{ modules: saved }] = await m.query(`SELECT ${MODULES_JSON} AS modules FROM courses c WHERE c.id = $1`, [courseId]);
      return { id_slug: idSlug, modules: saved };
    });
  }

  private async lockCourse(m: EntityManager, idSlug: string): Promise<string> {
    const [course] = await m.query(`SELECT id FROM courses WHERE id_slug = $1 FOR UPDATE`, [idSlug]);
    if (!course) throw new NotFoundException(COURSE_NOT_FOUND);
    return course.id;
  }

  private async insertLessons(m: EntityManager, rows: LessonRow[]): Promise<void> {
    await m.query(
      `INSERT INTO lessons (module_id, title, description, "order", lesson_type, video_lecture_id_slug, reading_pdf_id_slugs, link_urls)
       SELECT x.module_id, x.title, x.description, x.ord, x.lesson_type, x.video_lecture_id_slug,
              COALESCE(x.reading_pdf_id_slugs, '{}'), COALESCE(x.link_urls, '{}')
         FROM jsonb_to_recordset($1::jsonb) AS ${LESSON_RECORD}`,
      [JSON.stringify(rows)],
    );
  }

  /**
   * Lessons may only point at files stored for lessons (a video at a lesson video, a reading at a
   * lesson reading; never an applicant's upload or a certificate); references the course already
   * has are kept as they are (the editor sends them back unchanged).
   */
  private async assertFilesExist(m: EntityManager, courseId: string, lessons: LessonInput[], field: string): Promise<void> {
    const videos = [...new Set(lessons.flatMap((l) => (l.video_lecture_id_slug ? [l.video_lecture_id_slug] : [])))];
    const readings = [...new Set(lessons.flatMap((l) => l.reading_pdf_id_slugs))];
    const ids = [...new Set([...videos, ...readings])];
    if (!ids.length) return;
    const found: { ref: string; purpose: string }[] = await m.query(
      `SELECT f.id_slug AS ref, f.purpose FROM stored_files f WHERE f.id_slug = ANY($1::text[])
       UNION
       SELECT r.ref, 'kept' FROM lessons l JOIN modules md ON md.id = l.module_id,
              unnest(l.reading_pdf_id_slugs || ARRAY[l.video_lecture_id_slug]) AS r(ref)
        WHERE md.course_id = $2 AND r.ref = ANY($1::text[])`,
      [ids, courseId],
    );
    const purposes = new Map<string, Set<string>>();
    for (const f of found) purposes.set(f.ref, (purposes.get(f.ref) ?? new Set()).add(f.purpose));
    const missing = ids.find((id) => !purposes.has(id));
    if (missing) throw fieldError(field, `File ${missing} does not exist`);
    const fits = (id: string, purpose: string) => purposes.get(id)!.has(purpose) || purposes.get(id)!.has('kept');
    const badVideo = videos.find((id) => !fits(id, FILE_PURPOSE.lessonVideo));
    if (badVideo) throw fieldError(field, `File ${badVideo} is not a lesson video`);
    const badReading = readings.find((id) => !fits(id, FILE_PURPOSE.lessonReading));
    if (badReading) throw fieldError(field, `File ${badReading} is not a lesson reading`);
  }
}

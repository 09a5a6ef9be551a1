import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AddModule, AdminModule, LessonInput, UpdateModules } from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { FILE_PURPOSE } from '../../platform/storage/storage.service';
import * as sql from './courses.queries';
import type { LessonRow } from './courses.queries';
import { COURSE_NOT_FOUND } from '../../common/not-found';

const fieldError = (field: string, message: string) => new BadRequestException({ message, errors: { [field]: message } });

/** Items sorted by the order the editor sent (ties keep the array order), numbered from 0. */
function renumber<T extends { order: number }>(items: T[]): (T & { index: number; position: number })[] {
  return items
    .map((item, index) => ({ ...item, index, position: 0 }))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map((item, position) => ({ ...item, position }));
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
  // The same for the video's captions.
  captions_set: l.video_captions_id_slug !== undefined,
  video_captions_id_slug: l.video_captions_id_slug ?? null,
  reading_pdf_id_slugs: l.reading_pdf_id_slugs,
  link_urls: l.link_urls,
});

/** Adds modules and rewrites a course's curriculum, each in one transaction with set-based writes. */
@Injectable()
export class CurriculumService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async addModule(courseIdSlug: string, body: AddModule): Promise<{ id_slug: string }> {
    return this.db.transaction(async (m) => {
      const courseId = await this.lockCourse(m, courseIdSlug);
      await this.assertFilesExist(m, courseId, body.lessons, 'lessons');
      const count = await sql.countModules(m, courseId);
      const position = Math.min(body.order, count);
      await sql.shiftModules(m, courseId, position);
      const mod = await sql.insertModule(m, courseId, body.title, position);
      // Close any gaps the editor's orders left, so orders run 0..n-1.
      await sql.renumberModules(m, courseId);
      const lessons = renumber(body.lessons).map((l) => lessonRow(l, mod.id, l.position));
      if (lessons.length) await sql.insertLessons(m, lessons);
      await sql.touchCourse(m, courseId);
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
      const existing = await sql.curriculumIds(m, courseId);
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
      await this.assertFilesExist(
        m,
        courseId,
        body.modules.flatMap((mod) => mod.lessons),
        'modules',
      );

      const modules = renumber(body.modules);
      const kept = modules.filter((mod) => mod.id_slug !== undefined);
      if (kept.length) {
        await sql.updateModules(
          m,
          kept.map((mod) => ({ id: moduleIds.get(mod.id_slug!), title: mod.title, ord: mod.position })),
        );
      }
      const fresh = modules.filter((mod) => mod.id_slug === undefined);
      const newIds = new Map<number, string>();
      if (fresh.length) {
        const inserted = await sql.insertModules(
          m,
          courseId,
          fresh.map((mod) => ({ title: mod.title, ord: mod.position })),
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
      await sql.deleteOtherLessons(
        m,
        courseId,
        keptLessons.map((l) => l.id),
      );
      if (keptLessons.length) await sql.updateLessons(m, keptLessons);
      if (newLessons.length) await sql.insertLessons(m, newLessons);
      await sql.deleteOtherModules(m, courseId, [...kept.map((mod) => moduleIds.get(mod.id_slug!)!), ...newIds.values()]);
      await sql.touchCourse(m, courseId);
      const saved = await sql.courseModules(m, courseId);
      return { id_slug: idSlug, modules: saved };
    });
  }

  private async lockCourse(m: EntityManager, idSlug: string): Promise<string> {
    const courseId = await sql.lockCourse(m, idSlug);
    if (!courseId) throw new NotFoundException(COURSE_NOT_FOUND);
    return courseId;
  }

  /**
   * Lessons may only point at files stored for lessons (a video at a lesson video, a reading at a
   * lesson reading; never an applicant's upload or a certificate); references the course already
   * has are kept as they are (the editor sends them back unchanged).
   */
  private async assertFilesExist(m: EntityManager, courseId: string, lessons: LessonInput[], field: string): Promise<void> {
    const videos = [...new Set(lessons.flatMap((l) => (l.video_lecture_id_slug ? [l.video_lecture_id_slug] : [])))];
    const readings = [...new Set(lessons.flatMap((l) => l.reading_pdf_id_slugs))];
    const captions = [...new Set(lessons.flatMap((l) => (l.video_captions_id_slug ? [l.video_captions_id_slug] : [])))];
    const ids = [...new Set([...videos, ...readings, ...captions])];
    if (!ids.length) return;
    const found = await sql.fileRefs(m, courseId, ids);
    const purposes = new Map<string, Set<string>>();
    for (const f of found) purposes.set(f.ref, (purposes.get(f.ref) ?? new Set()).add(f.purpose));
    const missing = ids.find((id) => !purposes.has(id));
    if (missing) throw fieldError(field, `File ${missing} does not exist`);
    const fits = (id: string, purpose: string) => purposes.get(id)!.has(purpose) || purposes.get(id)!.has('kept');
    const badVideo = videos.find((id) => !fits(id, FILE_PURPOSE.lessonVideo));
    if (badVideo) throw fieldError(field, `File ${badVideo} is not a lesson video`);
    const badReading = readings.find((id) => !fits(id, FILE_PURPOSE.lessonReading));
    if (badReading) throw fieldError(field, `File ${badReading} is not a lesson reading`);
    const badCaptions = captions.find((id) => !fits(id, FILE_PURPOSE.lessonCaptions));
    if (badCaptions) throw fieldError(field, `File ${badCaptions} is not a lesson captions file`);
  }
}

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EntityManager } from 'typeorm';
import { buildTextDocument } from '../common/pdf/text-document';
import { exec, rows } from '../common/sql/db';
import { FILE_PURPOSE, type StorageService } from '../platform/storage/storage.service';

/** The committed demo video (a few seconds, H.264 + AAC in MP4). */
export const DEMO_VIDEO_PATH = 'apps/api/src/startup/seed-assets/demo-lecture.mp4';
/** Its captions (WebVTT). */
export const DEMO_CAPTIONS_PATH = 'apps/api/src/startup/seed-assets/demo-lecture.vtt';

export interface ReadingHandout {
  /** Paragraphs of the handout; a paragraph starting with '# ' is a heading. */
  paragraphs: string[];
}

/**
 * Gives every seeded VIDEO lesson the demo video with its captions and every READING lesson a PDF handout made from
 * its text, stored through StorageService inside the seed's transaction.
 */
export async function attachDemoLessonFiles(
  m: EntityManager,
  storage: StorageService,
  repoRoot: string,
  handouts: ReadonlyMap<string, ReadingHandout>,
): Promise<void> {
  const video = await readFile(join(repoRoot, DEMO_VIDEO_PATH));
  const captions = await readFile(join(repoRoot, DEMO_CAPTIONS_PATH));
  const lessons = await rows<{ id: string; title: string; description: string; lesson_type: string; course_title: string }>(
    m,
    `SELECT l.id, l.title, l.description, l.lesson_type, c.title AS course_title
       FROM lessons l JOIN modules mo ON mo.id = l.module_id JOIN courses c ON c.id = mo.course_id
      WHERE l.lesson_type IN ('VIDEO', 'READING') ORDER BY l.id`,
  );
  for (const lesson of lessons) {
    if (lesson.lesson_type === 'VIDEO') {
      const file = await storage.save(
        { data: video, originalName: `${lesson.title}.mp4`, contentType: 'video/mp4', purpose: FILE_PURPOSE.lessonVideo },
        m,
      );
      const track = await storage.save(
        { data: captions, originalName: `${lesson.title}.vtt`, contentType: 'text/vtt', purpose: FILE_PURPOSE.lessonCaptions },
        m,
      );
      await exec(m, `UPDATE lessons SET video_lecture_id_slug = $1, video_captions_id_slug = $2 WHERE id = $3`, [
        file.id_slug,
        track.id_slug,
        lesson.id,
      ]);
    } else {
      const handout = handouts.get(lesson.title);
      const pdf = await buildTextDocument({
        title: lesson.title,
        subtitle: lesson.course_title,
        paragraphs: handout?.paragraphs ?? [lesson.description],
      });
      const file = await storage.save(
        { data: pdf, originalName: `${lesson.title}.pdf`, contentType: 'application/pdf', purpose: FILE_PURPOSE.lessonReading },
        m,
      );
      await exec(m, `UPDATE lessons SET reading_pdf_id_slugs = ARRAY[$1] WHERE id = $2`, [file.id_slug, lesson.id]);
    }
  }
}

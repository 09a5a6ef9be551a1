import { BadRequestException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import {
  type AdminProjectSettings,
  type CohortGradeLesson,
  closesAt,
  PDF_REQUIRED_MESSAGE,
  PROJECT_PDF_MAX_BYTES,
  ProjectSettingsSchema,
  type GradeItemSettings,
  type CreateRubricTemplate,
  type ProjectSettings,
} from '@school/contracts';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { StorageService } from '../../platform/storage/storage.service';
import {
  cohortGradeLessons,
  insertRubricTemplate,
  rubricTemplates,
  projectLesson,
  storedFilesOfPurpose,
  updateProjectSettings,
  shareDefaultWeights,
  upsertGradeItem,
} from './grading-authoring.queries';
import { storedFileNames } from './project-hand-in.queries';
import { readUpload } from '../../common/upload';
import { PROJECT_INSTRUCTIONS_PURPOSE, NOT_AVAILABLE, resultBeforeDeadlineMessage } from './grading-rules';

/** Authoring for admins: project settings and files, rubric templates, and a cohort's grade items. */
@Injectable()
export class GradingAuthoringService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  rubricTemplates() {
    return rubricTemplates(this.db);
  }

  createRubricTemplate(me: AuthUser, body: CreateRubricTemplate) {
    return insertRubricTemplate(this.db, body.title, body.rubric, me.id);
  }

  async projectSettings(lessonSlug: string): Promise<AdminProjectSettings> {
    const row = await projectLesson(this.db, lessonSlug);
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    // The group also holds the spec's other project fields; only the settings are read back.
    const parsed = ProjectSettingsSchema.strip().safeParse(row.project_group ?? {});
    const project = parsed.success ? parsed.data : ProjectSettingsSchema.parse({});
    const files = project.instructions_file_ids.length ? await storedFileNames(this.db, project.instructions_file_ids) : [];
    const byId = new Map(files.map((f) => [f.id_slug, f.original_name]));
    return {
      lesson_id_slug: row.id_slug,
      lesson_title: row.title,
      course_id_slug: row.course_id_slug,
      project,
      instructions_files: project.instructions_file_ids
        .filter((id) => byId.has(id))
        .map((id) => ({ id_slug: id, name: byId.get(id)!, url: this.storage.signedUrl(id) })),
    };
  }

  /** Stores a PDF for a project's instructions (checked by its content); the settings list it once saved. */
  async uploadProjectFile(lessonSlug: string, adminId: string, req: Request, res: Response) {
    if (!(await projectLesson(this.db, lessonSlug))) throw new NotFoundException(NOT_AVAILABLE);
    const file = await readUpload(req, res, PROJECT_PDF_MAX_BYTES);
    if (file.buffer.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new BadRequestException({ message: PDF_REQUIRED_MESSAGE, errors: { file: PDF_REQUIRED_MESSAGE } });
    const name = (file.originalname || 'instructions.pdf').replace(/[^\p{L}\p{N} ._()-]+/gu, '_').slice(0, 200);
    const stored = await this.storage.save({
      data: file.buffer,
      originalName: name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`,
      contentType: 'application/pdf',
      purpose: PROJECT_INSTRUCTIONS_PURPOSE,
      uploadedBy: adminId,
    });
    return { data: { id_slug: stored.id_slug, name: stored.original_name, url: this.storage.signedUrl(stored.id_slug) } };
  }

  async cohortGradeLessons(cohortSlug: string): Promise<{ data: CohortGradeLesson[] }> {
    const row = await cohortGradeLessons(this.db, cohortSlug);
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return row as { data: CohortGradeLesson[] };
  }

  async updateProjectSettings(lessonSlug: string, settings: ProjectSettings) {
    const ids = settings.instructions_file_ids;
    if (ids.length) {
      const known = await storedFilesOfPurpose(this.db, ids, PROJECT_INSTRUCTIONS_PURPOSE);
      if (known.length !== new Set(ids).size) {
        const message = 'Unknown instructions file';
        throw new UnprocessableEntityException({ message, errors: { instructions_file_ids: message } });
      }
    }
    const row = await updateProjectSettings(this.db, lessonSlug, settings);
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return { lesson_id_slug: row.id_slug, project: settings };
  }

  async updateGradeItem(cohortSlug: string, lessonSlug: string, s: GradeItemSettings) {
    if (
      s.late_deadline_datetime &&
      (!s.deadline_datetime ||
        closesAt({ deadline: Date.parse(s.deadline_datetime), lateDeadline: Date.parse(s.late_deadline_datetime) }) !==
          Date.parse(s.late_deadline_datetime))
    ) {
      throw new UnprocessableEntityException({
        message: 'The late deadline must come after the deadline',
        errors: { late_deadline_datetime: 'The late deadline must come after the deadline' },
      });
    }
    // Results (and a quiz's key) must not show while students can still hand in or start the item.
    const closes = closesAt({
      deadline: s.deadline_datetime ? Date.parse(s.deadline_datetime) : null,
      lateDeadline: s.late_deadline_datetime ? Date.parse(s.late_deadline_datetime) : null,
    });
    if (s.result_open_datetime && closes !== null && Date.parse(s.result_open_datetime) < closes) {
      const message = resultBeforeDeadlineMessage(s.late_deadline_datetime !== null);
      throw new BadRequestException({ message, errors: { result_open_datetime: message } });
    }
    // One transaction: the adjusted item no longer shares weight, the default ones share again.
    const row = await this.db.transaction(async (m) => {
      const saved = await upsertGradeItem(m, cohortSlug, lessonSlug, {
        open: s.open_datetime,
        deadline: s.deadline_datetime,
        late: s.late_deadline_datetime,
        result: s.result_open_datetime,
        mandatory: s.is_mandatory,
        weight: s.grade_percentage,
        perDay: s.late_penalty_per_day,
        cap: s.late_score_cap,
      });
      if (saved) await shareDefaultWeights(m, cohortSlug);
      return saved;
    });
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return row;
  }
}

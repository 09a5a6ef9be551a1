import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  type CohortEvidencePack,
  type CohortEvidencePacksResponse,
  EVIDENCE_PACK_MESSAGES,
  type EvidencePackFormat,
} from '@school/contracts';
import { zipSync, type Zippable } from 'fflate';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { schoolDate } from '../../common/school-calendar';
import type { Sql } from '../../common/sql/db';
import { JobsService } from '../../platform/jobs/jobs.service';
import { StorageService } from '../../platform/storage/storage.service';
import { TimelineService } from '../timeline';
import { buildPackPdf, cohortCsv, loadSections, packCsv, packFileStem, packOf, type TraineePack } from './evidence-pack-document';
import {
  cohortPacks,
  cohortPlacementIds,
  failPack,
  finishPack,
  insertPack,
  ownPackPlacement,
  packPlacements,
  packProgress,
  type PackRecord,
  startPack,
  staffPackPlacement,
} from './evidence-pack.queries';
import { cohortIdOf } from './placements.queries';

export const EVIDENCE_PACK_JOB = 'evidence-pack';
export const EVIDENCE_PACK_FILE_PURPOSE = 'evidence-pack';
/** How often the job records its progress: every this many trainees. */
const PROGRESS_EVERY = 10;

/**
 * Evidence packs of on-the-job training. A trainee's pack (PDF or CSV) is made on request from two
 * statements (the placement with its whole logbook, then each extra section's data); a cohort's is
 * one job that makes every placed trainee's pair from the same two statements over the cohort,
 * zips them with a cohort CSV, stores the ZIP and records its progress as it goes.
 */
@Injectable()
export class EvidencePackService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(TimelineService) private readonly timeline: TimelineService,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {
    jobs.define<{ pack_id: string }>({
      name: EVIDENCE_PACK_JOB,
      queue: { retryLimit: 1, retryDelay: 10, expireInSeconds: 900 },
      handler: (data) => this.produce(data.pack_id),
    });
  }

  /** The trainee's own pack. */
  async mine(me: AuthUser, placementSlug: string, format: EvidencePackFormat) {
    const found = await ownPackPlacement(this.db, placementSlug, me.id);
    if (!found) throw new NotFoundException(EVIDENCE_PACK_MESSAGES.notFound);
    return this.file(found.id, format);
  }

  /** A trainee's pack for staff: an admin any, a coach only the trainees they follow (the same 404 for the others). */
  async forStaff(me: AuthUser, placementSlug: string, format: EvidencePackFormat) {
    const found = await staffPackPlacement(this.db, placementSlug, me.id, me.role === 'ADMIN');
    if (!found) throw new NotFoundException(EVIDENCE_PACK_MESSAGES.notFound);
    return this.file(found.id, format);
  }

  async list(cohortSlug: string): Promise<CohortEvidencePacksResponse> {
    const cohort = await this.cohort(cohortSlug);
    return { data: (await cohortPacks(this.db, cohort)).map((r) => this.shown(r)) };
  }

  /** Records the request and queues its job in one transaction; one pack of a cohort at a time. */
  request(me: AuthUser, cohortSlug: string): Promise<CohortEvidencePack> {
    return this.db.transaction(async (tx) => {
      const cohort = await this.cohort(cohortSlug, tx);
      const ids = await cohortPlacementIds(tx, cohort);
      if (!ids.length) throw new BadRequestException({ message: EVIDENCE_PACK_MESSAGES.cohortHasNoPlacements });
      const made = await insertPack(tx, cohort, ids.length, me.id);
      if (!made) throw new ConflictException({ message: EVIDENCE_PACK_MESSAGES.alreadyRunning });
      await this.jobs.send(tx, EVIDENCE_PACK_JOB, { pack_id: String(made.id) });
      return this.shown(made.record);
    });
  }

  /** The job: every placed trainee's PDF and CSV and the cohort CSV, zipped and stored; progress recorded every few trainees. */
  async produce(packId: string): Promise<void> {
    const job = await startPack(this.db, packId);
    if (!job) return;
    try {
      const packs = await this.packs(this.db, await cohortPlacementIds(this.db, job.cohort_id));
      await packProgress(this.db, packId, 0, packs.length);
      const files: Zippable = {};
      for (const [i, p] of packs.entries()) {
        const stem = packFileStem(p);
        // PDFs are compressed inside already: stored as they are, the ZIP costs no time on them.
        files[`${stem}.pdf`] = [await buildPackPdf(p), { level: 0 }];
        files[`${stem}.csv`] = Buffer.from(packCsv(p), 'utf8');
        if ((i + 1) % PROGRESS_EVERY === 0 && i + 1 < packs.length) await packProgress(this.db, packId, i + 1, packs.length);
      }
      files['cohort.csv'] = Buffer.from(cohortCsv(packs), 'utf8');
      const zip = zipSync(files, { level: 6 });
      const name = `Evidence pack ${job.cohort_title}`.replace(/[^\p{L}\p{M}\p{N} .,&()-]+/gu, ' ').trim();
      await this.db.transaction(async (tx) => {
        const stored = await this.storage.save(
          {
            data: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength),
            originalName: `${name}.zip`,
            contentType: 'application/zip',
            purpose: EVIDENCE_PACK_FILE_PURPOSE,
          },
          tx,
        );
        await finishPack(tx, packId, stored.id_slug);
      });
    } catch (e) {
      await failPack(this.db, packId, (e as Error).message).catch(() => undefined);
      throw e;
    }
  }

  /** The trainees' packs: the placements with their logbooks in one statement, each section in one more, the windows from the timeline. */
  async packs(q: Sql, placementIds: string[]): Promise<TraineePack[]> {
    if (!placementIds.length) return [];
    const [placements, sectionsOf] = await Promise.all([packPlacements(q, placementIds), loadSections(q, placementIds)]);
    const windows = await this.timeline.phaseWindows(q, [...new Set(placements.map((p) => p.cohort_id))], 'OJT');
    const now = new Date();
    const today = schoolDate(now);
    return placements.map((p) => {
      const w = windows.get(p.cohort_id)!;
      return packOf(p, w.students.get(p.user_id) ?? w.cohort, sectionsOf(p.id), now, today);
    });
  }

  private async file(placementId: string, format: EvidencePackFormat) {
    const [p] = await this.packs(this.db, [placementId]);
    const name = packFileStem(p);
    if (format === 'csv') return { file: Buffer.from(packCsv(p), 'utf8'), name: `${name}.csv`, type: 'text/csv; charset=utf-8' };
    return { file: await buildPackPdf(p), name: `${name}.pdf`, type: 'application/pdf' };
  }

  private async cohort(slug: string, q: Sql = this.db): Promise<string> {
    const row = await cohortIdOf(q, slug);
    if (!row) throw new NotFoundException(COHORT_NOT_FOUND);
    return row.id;
  }

  private shown({ zip_slug, ...r }: PackRecord): CohortEvidencePack {
    return { ...r, zip_url: r.state === 'READY' && zip_slug ? this.storage.signedUrl(zip_slug, { download: true }) : null };
  }
}

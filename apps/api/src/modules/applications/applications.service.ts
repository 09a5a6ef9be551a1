import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  APPLICATION_ALREADY_SUBMITTED_MESSAGE,
  type Application,
  type ApplicationExportQuery,
  type ApplicationListQuery,
  type ApplicationListResponse,
  INVALID_FILE_URL_MESSAGE,
  type ProgrammeApplication,
} from '@school/contracts';
import { getInitiative } from '@school/catalogue/data';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { budgetLimiters, takeEach } from '../../common/rate-budget';
import { AppConfig } from '../../config/app-config';
import { likePattern, orderBy, SUBMISSION_SORT } from '../../common/sql/list';
import { StorageService } from '../../platform/storage/storage.service';
import { AdmissionsService } from '../admissions';
import { toCsv } from '../../common/csv/csv';
import { applicationDetail, exportApplications, hasApplied, listApplications, recordSubmitted, storedFileId } from './applications.queries';
import { screen } from './screening';
import { ProgrammeApplicationEntity } from './programme-application.entity';

/** Stored-file purpose of resumes and transcripts uploaded with an application. */
export const APPLICATION_FILE_PURPOSE = 'application-document';

const SORTABLE = {
  created_date: 'created_date',
  full_name: 'full_name',
  email: 'email',
  course: 'course',
} as const;

/** The files URL the upload call answers: /api/files/<id_slug>?…, possibly absolute. */
const FILE_URL = /^(?:https?:\/\/[^/]+)?\/api\/files\/([A-Za-z0-9_-]{1,200})(?:\?|$)/i;

/** Export columns: every field of the application, then the uploaded files' names. */
const EXPORT_FIELDS = [
  'created_date',
  'course',
  'email',
  'full_name',
  'age',
  'dobYear',
  'dobMonth',
  'dobDate',
  'gender',
  'ethnicity',
  'marital_status',
  'full_address',
  'state',
  'city',
  'postcode',
  'linkedin',
  'phone',
  'secondary_phone',
  'highest_qualification',
  'uni_name',
  'degree_name',
  'country_study',
  'field_study',
  'qualification_type',
  'academic_result',
  'grad_year',
  'english_qualification',
  'english_score',
  'prev_employment',
  'employment_details',
  'prev_leadership',
  'leadership_details',
  'is_citizen',
  'can_participate',
  'can_device',
  'can_relocate',
  'resume_file',
  'transcript_file',
] as const;

const alreadyApplied = () =>
  new ConflictException({
    message: APPLICATION_ALREADY_SUBMITTED_MESSAGE,
    errors: { email: APPLICATION_ALREADY_SUBMITTED_MESSAGE },
  });

const HOUR = 3600;

/**
 * The confirmation an application mails ('We have received your application') goes to whatever
 * address the form names, so its mails are limited apart from the submissions themselves (which
 * PublicFormLimit counts): a few a day to one address, and per client address far fewer mails
 * than the submissions it may store, whatever its visitor tokens. An application past a budget is
 * stored all the same, without its confirmation mail.
 */
export const APPLICATION_MAIL_LIMITS = {
  recipient: { points: 2, duration: 24 * HOUR },
  client: { points: 10, duration: HOUR },
};

@Injectable()
export class ApplicationsService {
  private readonly mailLimits: Record<keyof typeof APPLICATION_MAIL_LIMITS, RateLimiterPostgres>;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(AdmissionsService) private readonly admissions: AdmissionsService,
  ) {
    this.mailLimits = budgetLimiters(ds, 'application-mail', APPLICATION_MAIL_LIMITS);
  }

  /** Counts a confirmation mail against the client's and the recipient's budgets; false when one is spent. */
  private async mayMail(ip: string, email: string): Promise<boolean> {
    if (this.config.DISABLE_RATE_LIMITS) return true;
    return (
      (await takeEach([
        [this.mailLimits.client, ip],
        [this.mailLimits.recipient, email.toLowerCase()],
      ])) === null
    );
  }

  /** The stored file an uploaded-file URL points to; '' or absent means no file. */
  private async fileId(field: 'resume' | 'transcript', url: string | undefined): Promise<string | null> {
    if (!url) return null;
    const slug = FILE_URL.exec(url)?.[1];
    const id = slug ? await storedFileId(this.ds, slug, APPLICATION_FILE_PURPOSE) : undefined;
    if (!id) throw new BadRequestException({ message: INVALID_FILE_URL_MESSAGE, errors: { [field]: INVALID_FILE_URL_MESSAGE } });
    return id;
  }

  /** Stores an application; a second one from the same email to the same intake is a 409. `ip`: the client's address. */
  async submit(body: ProgrammeApplication, intake: string, ip: string): Promise<string> {
    const resume = await this.fileId('resume', body.resume);
    const transcript = await this.fileId('transcript', body.transcript);
    if (await hasApplied(this.ds, intake, body.email)) throw alreadyApplied();
    const screening = screen(body, getInitiative(intake)?.first_cohort_start ?? new Date().toISOString().slice(0, 10));
    return this.ds.transaction(async (m) => {
      const result = await m
        .createQueryBuilder()
        .insert()
        .into(ProgrammeApplicationEntity)
        .values({
          intake,
          course: body.course,
          email: body.email,
          full_name: body.full_name,
          age: body.age,
          dob_year: body.dobYear,
          dob_month: body.dobMonth,
          dob_date: body.dobDate,
          gender: body.gender,
          ethnicity: body.ethnicity,
          marital_status: body.marital_status,
          full_address: body.full_address,
          state: body.state,
          city: body.city,
          postcode: body.postcode,
          linkedin: body.linkedin,
          phone: body.phone,
          secondary_phone: body.secondary_phone || null,
          highest_qualification: body.highest_qualification,
          uni_name: body.uni_name,
          degree_name: body.degree_name,
          country_study: body.country_study,
          field_study: body.field_study,
          qualification_type: body.qualification_type,
          academic_result: body.academic_result,
          grad_year: body.grad_year,
          english_qualification: body.english_qualification,
          english_score: body.english_score,
          prev_employment: body.prev_employment,
          employment_details: body.employment_details || null,
          prev_leadership: body.prev_leadership,
          leadership_details: body.leadership_details || null,
          is_citizen: body.is_citizen === 'true',
          eligibility: screening.flags,
          screening_notes: { basis: screening.basis, warnings: screening.warnings },
          can_participate: body.can_participate === 'true',
          can_device: body.can_device === 'true',
          can_relocate: body.can_relocate === 'true',
          resume_file_id: resume,
          transcript_file_id: transcript,
        })
        .orIgnore()
        .returning(['id', 'id_slug'])
        .execute();
      // Nothing inserted: the unique index (intake, lower(email)) already holds this applicant.
      if (!result.raw[0]) throw alreadyApplied();
      await recordSubmitted(m, result.raw[0].id);
      // The confirmation with the applicant's private status link, sent only if the application is
      // stored and the mail budgets allow it.
      if (await this.mayMail(ip, body.email)) await this.admissions.submitted(m, String(result.raw[0].id));
      return result.raw[0].id_slug as string;
    });
  }

  /** One statement: the filtered count and the requested page; each application shown is written to the audit log of views. */
  async list(query: ApplicationListQuery, viewerId: string): Promise<ApplicationListResponse> {
    const page = await listApplications(
      this.ds,
      query.search_query ? likePattern(query.search_query) : null,
      query.course || null,
      orderBy(query.order_by, SORTABLE, '-created_date', 'id', SUBMISSION_SORT),
      query,
    );
    await this.admissions.recordViews(
      page.data.map((a) => a.id_slug),
      viewerId,
      query.search_query ? 'adminApplicationListSearch' : 'adminApplicationList',
    );
    return page;
  }

  /** Every field, with short-lived download links for the uploaded files. */
  async detail(idSlug: string, viewerId: string): Promise<Application> {
    const row = await applicationDetail(this.ds, idSlug);
    if (!row) throw new NotFoundException('Application not found');
    await this.admissions.recordView(idSlug, viewerId, 'adminApplicationDetail');
    const { resume_slug, transcript_slug, created_date, ...fields } = row;
    return {
      ...fields,
      created_date: new Date(created_date).toISOString(),
      resume: resume_slug ? this.storage.signedUrl(resume_slug, { download: true }) : null,
      transcript: transcript_slug ? this.storage.signedUrl(transcript_slug, { download: true }) : null,
    };
  }

  /** Every matching application as CSV, in the list's order (each one written to the audit log of views). */
  async exportCsv(query: ApplicationExportQuery, viewerId: string): Promise<string> {
    const order = orderBy(query.order_by, SORTABLE, '-created_date', 'id', SUBMISSION_SORT).replace(/\b(\w+) (ASC|DESC)/g, 'a.$1 $2');
    const rows = await exportApplications(
      this.ds,
      query.search_query ? likePattern(query.search_query) : null,
      query.course || null,
      order,
      viewerId,
    );
    return toCsv(
      EXPORT_FIELDS,
      rows.map((r) => EXPORT_FIELDS.map((f) => (f === 'created_date' ? new Date(r[f] as string).toISOString() : r[f]))),
    );
  }
}

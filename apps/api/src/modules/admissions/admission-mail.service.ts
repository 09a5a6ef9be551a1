import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  ADMISSION_MAIL_KINDS,
  ADMISSION_MAIL_LABELS,
  ADMISSION_MAIL_PLACEHOLDERS,
  type AdmissionMailKind,
  type IntakeMailResponse,
  type MailPreviewResponse,
  MailPreviewSchema,
  MailTemplateSchema,
  NO_PREVIEW_APPLICATION_MESSAGE,
  TEMPLATE_SAVED_TOGETHER_MESSAGE,
  unknownPlaceholderMessage,
  unknownPlaceholders,
} from '@school/contracts';
import { getInitiative } from '@school/catalogue/data';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import type { AuthUser } from '../../common/auth.decorators';
import { MailService } from '../../platform/mail/mail.service';
import { renderEditedMessage } from '../../platform/mail/templates/edited-message';
import { DEFAULT_TEMPLATES } from './admission-mail-defaults';
import { editedMessage, mailValues } from './admission-mail-compose';
import * as mail from './admission-mail.queries';
import * as sql from './admissions.queries';
import * as links from './applicant-link.queries';
import * as interviews from './interviews.queries';
import { unmetRules } from './admission-status-mail.service';

type TemplateBody = z.output<typeof MailTemplateSchema>;

/** An intake the catalogue knows, or 404. */
function knownIntake(intake: string) {
  if (!getInitiative(intake)) throw new NotFoundException('Unknown intake');
}

/** A template that names a placeholder its kind cannot fill in is refused, naming it, beside the field that uses it. */
function checkPlaceholders(kind: AdmissionMailKind, t: Pick<TemplateBody, 'subject' | 'body'>) {
  const inSubject = unknownPlaceholders(kind, t.subject);
  const inBody = unknownPlaceholders(kind, t.body);
  if (!inSubject.length && !inBody.length) return;
  throw new BadRequestException({
    message: unknownPlaceholderMessage([...new Set([...inSubject, ...inBody])], kind),
    errors: {
      ...(inSubject.length ? { subject: unknownPlaceholderMessage(inSubject, kind) } : {}),
      ...(inBody.length ? { body: unknownPlaceholderMessage(inBody, kind) } : {}),
    },
  });
}

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

/**
 * An intake's admissions mail, for admins: each kind of message may be rewritten (every save a new
 * version with who and when; the newest is mailed, see composeMail), previewed filled in from a real
 * application of the intake, and replies go to the intake's reply-to address.
 */
@Injectable()
export class AdmissionMailService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(MailService) private readonly mailer: MailService,
  ) {}

  async intakeMail(intake: string): Promise<IntakeMailResponse> {
    knownIntake(intake);
    const { reply_to, versions } = await mail.intakeMail(this.db, intake);
    return {
      data: {
        intake,
        reply_to,
        templates: ADMISSION_MAIL_KINDS.map((kind) => ({
          kind,
          label: ADMISSION_MAIL_LABELS[kind],
          placeholders: [...ADMISSION_MAIL_PLACEHOLDERS[kind]],
          default: { subject: DEFAULT_TEMPLATES[kind].subject, body: DEFAULT_TEMPLATES[kind].body },
          versions: versions.filter((v) => v.kind === kind).map(({ kind: _k, ...v }) => v),
        })),
      },
    };
  }

  async save(me: AuthUser, intake: string, kind: AdmissionMailKind, body: TemplateBody) {
    knownIntake(intake);
    checkPlaceholders(kind, body);
    try {
      return { data: await mail.saveVersion(this.db, intake, kind, body.language, body.subject, body.body, me.id) };
    } catch (e) {
      // Two admins saved the same template at once: both read the same last version number.
      if (isUniqueViolation(e)) throw new ConflictException(TEMPLATE_SAVED_TOGETHER_MESSAGE);
      throw e;
    }
  }

  /** The template as it would be mailed to a real applicant of the intake (without minting them a link: the link shown opens nothing). */
  async preview(
    me: AuthUser,
    intake: string,
    kind: AdmissionMailKind,
    body: z.output<typeof MailPreviewSchema>,
  ): Promise<MailPreviewResponse> {
    knownIntake(intake);
    checkPlaceholders(kind, body);
    const app = await mail.previewApplication(this.db, intake, body.application_id ?? null, kind.startsWith('offer'));
    if (!app) throw new NotFoundException(NO_PREVIEW_APPLICATION_MESSAGE);
    const facts = (await links.mailFacts(this.db, app.id))!;
    await sql.recordView(this.db, app.id, me.id, 'admissionsPreviewMailTemplate');
    const values = mailValues(
      facts,
      `${this.mailer.webOrigin}/applications/${facts.id_slug}`,
      unmetRules(facts.eligibility, facts.screening_reason),
      kind === 'shortlisted' && (await interviews.intakeHasOpenSlot(this.db, intake)),
    );
    const rendered = await renderEditedMessage(editedMessage(kind, body.subject, body.body, values));
    return { data: { ...rendered, application: { id_slug: facts.id_slug, full_name: facts.full_name } } };
  }

  async setReplyTo(me: AuthUser, intake: string, replyTo: string | null) {
    knownIntake(intake);
    await mail.setReplyTo(this.db, intake, replyTo, me.id);
    return { data: { reply_to: replyTo } };
  }
}

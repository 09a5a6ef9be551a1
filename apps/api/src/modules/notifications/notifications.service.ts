import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  UNSUBSCRIBE_INVALID_MESSAGE,
  unsubscribedMessage,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { JWT_SECRET } from '../../common/jwt-secret';
import { MailService } from '../../platform/mail/mail.service';
import { certificateNotice, gradeNotices, preferencesOf, savePreferences, turnOff, userBySlug } from './notifications.queries';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token';

/** Same answer for "not yours" and "no such user": a student learns nothing about other accounts. */
const NOT_FOUND = 'User not found';

/**
 * What each user receives by mail, and the notices other modules send through it.
 *
 * Other modules call (through Nest: `NotificationsModule` exports this service):
 * - `gradeReleased(m, userGradeId)` when a grade becomes visible to its student;
 * - `certificateIssued(m, userCertificateId)` when a certificate is issued to a student;
 * - `quizzesRegraded(m, notices)` when a corrected answer key changed submitted scores.
 * Each queues its message inside the caller's transaction `m`, so it goes only if the change
 * commits, and once per grade or certificate however often it is called.
 */
@Injectable()
export class NotificationsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(JWT_SECRET) private readonly secret: string,
  ) {}

  /** The user's own choices, or any user's for an admin. */
  async preferences(me: AuthUser, userIdSlug: string): Promise<NotificationPreferences> {
    const userId = await this.target(me, userIdSlug);
    const prefs = await preferencesOf(this.db, userId);
    if (!prefs) throw new NotFoundException(NOT_FOUND);
    return prefs;
  }

  async update(me: AuthUser, userIdSlug: string, body: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
    const userId = await this.target(me, userIdSlug);
    return savePreferences(this.db, userId, body.deadline_reminders ?? null, body.application_digest ?? null, body.announcements ?? null);
  }

  /** One-click unsubscribe: turns off the kind the signed link names, for the user it names only. */
  async unsubscribe(token: string): Promise<{ message: string; kind: NotificationKind }> {
    const named = verifyUnsubscribe(this.secret, token);
    if (!named || !(await turnOff(this.db, named.userIdSlug, named.kind))) {
      throw new BadRequestException({ message: UNSUBSCRIBE_INVALID_MESSAGE, errors: { token: UNSUBSCRIBE_INVALID_MESSAGE } });
    }
    return { message: unsubscribedMessage(named.kind), kind: named.kind };
  }

  /**
   * The two links of a message that may be turned off: the one-click URL of the List-Unsubscribe
   * header (POST, RFC 8058) and the page the footer links to (which posts it on a click).
   */
  unsubscribeLinks(userIdSlug: string, kind: NotificationKind): { oneClick: string; page: string } {
    const token = encodeURIComponent(signUnsubscribe(this.secret, userIdSlug, kind));
    return {
      oneClick: `${this.mail.apiOrigin}/api/notifications/unsubscribe/?token=${token}`,
      page: `${this.mail.webOrigin}/unsubscribe?token=${token}`,
    };
  }

  /**
   * Call when a grade becomes visible to its student (graded with no result date, or its result
   * date reached): queues "your grade is ready" in the caller's transaction. Sent once per grade;
   * an unknown id queues nothing. Account-level notice: it cannot be turned off.
   */
  async gradeReleased(m: EntityManager, userGradeId: string): Promise<void> {
    await this.gradesReleased(m, [userGradeId]);
  }

  /** `gradeReleased` for many grades at once (the scheduled release): one query, one batch of mail jobs. */
  async gradesReleased(m: EntityManager, userGradeIds: string[]): Promise<void> {
    if (!userGradeIds.length) return;
    const notices = await gradeNotices(m, userGradeIds);
    await this.mail.queueMany(
      m,
      notices.map((n) => ({
        template: 'grade-released' as const,
        to: n.email,
        subjectId: `grade:${n.id_slug}`,
        props: {
          firstName: n.first_name,
          itemTitle: n.item_title,
          cohortTitle: n.cohort_title,
          gradesUrl: `${this.mail.learnOrigin}/class/${n.cohort_id_slug}`,
        },
      })),
    );
  }

  /** Call when a certificate is issued to a student: queues its notice in the caller's transaction, once per certificate. */
  async certificateIssued(m: EntityManager, userCertificateId: string): Promise<void> {
    const n = await certificateNotice(m, userCertificateId);
    if (!n) return;
    await this.mail.queue(m, {
      template: 'certificate-issued',
      to: n.email,
      // One message per credential: repeated evaluations send nothing more, a reissue (new credential) is told again.
      subjectId: n.credential_id ? `certificate:${n.id_slug}:${n.credential_id}` : `certificate:${n.id_slug}`,
      props: {
        firstName: n.first_name,
        certificateTitle: n.certificate_title,
        cohortTitle: n.cohort_title,
        certificatesUrl: `${this.mail.learnOrigin}/class/${n.cohort_id_slug}`,
      },
    });
  }

  /**
   * Call when a corrected answer key changed the score of submitted attempts whose results are
   * open: queues one message per attempt in the caller's transaction. `regradeId` names the
   * regrade, so a later correction of the same attempt is told again.
   */
  async quizzesRegraded(
    m: EntityManager,
    regradeId: string,
    notices: {
      email: string;
      first_name: string;
      quiz_title: string;
      cohort_title: string;
      cohort_id_slug: string;
      session_id_slug: string;
      attempt_number: number;
      old_score: string;
      new_score: string;
    }[],
  ): Promise<void> {
    if (!notices.length) return;
    await this.mail.queueMany(
      m,
      notices.map((n) => ({
        template: 'quiz-regraded' as const,
        to: n.email,
        subjectId: `quiz-regrade:${regradeId}:${n.session_id_slug}`,
        props: {
          firstName: n.first_name,
          quizTitle: n.quiz_title,
          cohortTitle: n.cohort_title,
          attemptNumber: n.attempt_number,
          oldScore: n.old_score,
          newScore: n.new_score,
          resultUrl: `${this.mail.learnOrigin}/class/${n.cohort_id_slug}`,
        },
      })),
    );
  }

  private async target(me: AuthUser, userIdSlug: string): Promise<string> {
    if (me.id_slug === userIdSlug) return me.id;
    if (me.role !== 'ADMIN') throw new NotFoundException(NOT_FOUND);
    const user = await userBySlug(this.db, userIdSlug);
    if (!user) throw new NotFoundException(NOT_FOUND);
    return user.id;
  }
}

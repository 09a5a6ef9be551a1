import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  CHECK_IN_LATE_MINUTES,
  CHECK_IN_MESSAGES,
  type CheckInCode,
  type CheckInResponse,
  LIVE_SESSION_MESSAGES,
  SESSION_LINK_OPENS_MINUTES,
} from '@school/contracts';
import QRCode from 'qrcode';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { budgetLimiters, inMinutes, takeEach, tooManyRequests } from '../../common/rate-budget';
import { MailService } from '../../platform/mail/mail.service';
import { CHECK_IN_PERIOD_MS, checkInCode, codeMatches, newCheckInSecret, periodOf } from './check-in-code';
import { appendCheckIn, checkInTarget, sessionCheckInSecret } from './check-in.queries';
import { manageableCohort } from './live-sessions.queries';

/** Tries per trainee and session: a six-digit code is not guessed in ten. */
const TRIES = { session: { points: 10, duration: 10 * 60 } };

/**
 * Check-in to an on-site session with the rotating code: the facilitator's screen shows the code
 * (and its QR), which changes every 30 seconds and is accepted for two periods; a trainee of the
 * cohort types it (or scans it) on their phone from 15 minutes before the start until the end.
 */
@Injectable()
export class CheckInService {
  private readonly tries: Record<keyof typeof TRIES, RateLimiterPostgres>;

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(MailService) private readonly origins: MailService,
  ) {
    this.tries = budgetLimiters(db, 'check-in', TRIES);
  }

  /** The code to show now, for staff managing the cohort. */
  async code(me: AuthUser, cohortSlug: string, sessionSlug: string): Promise<{ data: CheckInCode }> {
    const cohort = await manageableCohort(this.db, cohortSlug, me.id, me.role === 'ADMIN');
    if (!cohort) throw new NotFoundException(COHORT_NOT_FOUND);
    const s = await sessionCheckInSecret(this.db, cohort.id, sessionSlug, newCheckInSecret());
    if (!s) throw new NotFoundException(LIVE_SESSION_MESSAGES.notFound);
    if (s.cancelled) throw new ConflictException(CHECK_IN_MESSAGES.cancelled);
    if (!s.on_site) throw new ConflictException(CHECK_IN_MESSAGES.onSiteOnly);
    const period = periodOf(Date.now());
    const code = checkInCode(s.secret, period);
    const url = `${this.origins.learnOrigin}/class/${s.cohort_id_slug}?check_in=${sessionSlug}&code=${code}`;
    return {
      data: {
        code,
        changes_at: new Date((period + 1) * CHECK_IN_PERIOD_MS).toISOString(),
        valid_until: new Date((period + 2) * CHECK_IN_PERIOD_MS).toISOString(),
        period_seconds: CHECK_IN_PERIOD_MS / 1000,
        check_in_url: url,
        qr_svg: await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      },
    };
  }

  /** The trainee's check-in: present, or late after the first minutes; a second one changes nothing. */
  async checkIn(me: AuthUser, cohortSlug: string, sessionSlug: string, code: string): Promise<CheckInResponse> {
    return this.db.transaction(async (m) => {
      const t = await checkInTarget(m, cohortSlug, sessionSlug, me.id, SESSION_LINK_OPENS_MINUTES, CHECK_IN_LATE_MINUTES);
      if (!t) throw new NotFoundException(COHORT_NOT_FOUND);
      if (t.cancelled) throw new ConflictException(CHECK_IN_MESSAGES.cancelled);
      if (!t.on_site) throw new ConflictException(CHECK_IN_MESSAGES.onSiteOnly);
      if (!t.open) throw new ConflictException(CHECK_IN_MESSAGES.closed);
      if (t.mark === 'PRESENT' || t.mark === 'LATE') return { status: t.mark, message: CHECK_IN_MESSAGES.already };
      const wait = await takeEach([[this.tries.session, `${sessionSlug}:${me.id}`]]);
      if (wait !== null) throw tooManyRequests(CHECK_IN_MESSAGES.tooMany(inMinutes(wait)));
      if (!t.secret || !codeMatches(t.secret, code, Date.now()))
        throw new BadRequestException({ message: CHECK_IN_MESSAGES.wrongCode, errors: { code: CHECK_IN_MESSAGES.wrongCode } });
      const status = t.late ? 'LATE' : 'PRESENT';
      await appendCheckIn(m, t.session_id, me.id, status);
      return { status, message: CHECK_IN_MESSAGES.checkedIn(t.late) };
    });
  }
}

import { randomBytes } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { SUPERVISOR_LINK_MESSAGES, type SupervisorLinkGone } from '@school/contracts';
import { DataSource } from 'typeorm';
import type { Sql } from '../../common/sql/db';
import { tokenHash } from '../../common/token-hash';
import * as sql from './supervisor-links.queries';

export type SupervisorLinkPurpose = 'WEEK' | 'REVIEW';
export type { SupervisorLinkRow } from './supervisor-links.queries';

/** How long a supervisor's link works after it is mailed. */
export const SUPERVISOR_LINK_DAYS = 14;
const DAY_MS = 86_400_000;

/** The 410 of a known link that no longer works, with the reason the page shows. */
export function linkGone(reason: SupervisorLinkGone): HttpException {
  return new HttpException({ message: SUPERVISOR_LINK_MESSAGES[reason], reason }, HttpStatus.GONE);
}

/**
 * Signed single-purpose links for host supervisors, who never have an account: one link per thing
 * to sign (a logbook week, a review), its random token mailed and stored only as a sha256 hash,
 * working for 14 days and once (the decision spends it), revocable by the school. Issuing a new
 * link for a subject revokes the one before, so only the newest mail works. Every opening is logged
 * with the client address. The public routes using it are rate-limited by WrongSecretLimit (a wrong
 * token is a 404, counted); a spent, expired or revoked one is a 410 saying which.
 *
 * `now` is a parameter so the reminder job and the tests can ask "as of" another moment.
 */
@Injectable()
export class SupervisorLinksService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Issues a link in the caller's transaction and answers its raw token (to mail; never stored). */
  async issue(placementId: string, purpose: SupervisorLinkPurpose, subjectId: string, tx: Sql, now = new Date()): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await sql.revokeLive(tx, purpose, subjectId, now);
    await sql.insertLink(
      tx,
      tokenHash(token),
      placementId,
      purpose,
      subjectId,
      new Date(now.getTime() + SUPERVISOR_LINK_DAYS * DAY_MS),
      now,
    );
    return token;
  }

  /**
   * The link a token opens for `purpose`, logged as viewed from `ip`: 404 for an unknown token (or
   * one of another purpose), 410 once expired, used or revoked. Within a transaction (`q`), the
   * link is locked until it commits, so a decision spends it exactly once.
   */
  async open(
    token: string,
    purpose: SupervisorLinkPurpose,
    ip: string,
    q: Sql = this.db,
    now = new Date(),
  ): Promise<sql.SupervisorLinkRow> {
    const link = await sql.linkByHash(q, tokenHash(token), purpose, q !== this.db);
    if (!link) throw new NotFoundException(SUPERVISOR_LINK_MESSAGES.notFound);
    const gone = goneReason(link, now);
    if (gone) throw linkGone(gone);
    await sql.recordView(q, link.id, ip);
    return link;
  }

  /** Spends the link: it works no more (a decision was taken through it). */
  async markUsed(linkId: string, tx: Sql, now = new Date()): Promise<void> {
    await sql.markUsed(tx, linkId, now);
  }

  /** Spends whatever link of the subject still works (the subject was decided some other way). */
  async spendAll(purpose: SupervisorLinkPurpose, subjectId: string, tx: Sql, now = new Date()): Promise<void> {
    await sql.spendLive(tx, purpose, subjectId, now);
  }

  /** Revokes the subject's working links; answers how many there were. */
  revoke(purpose: SupervisorLinkPurpose, subjectId: string, tx: Sql, now = new Date()): Promise<number> {
    return sql.revokeLive(tx, purpose, subjectId, now);
  }
}

/** Why a link no longer works, or null while it does; a revocation or a use is told before an expiry. */
export function goneReason(
  link: Pick<sql.SupervisorLinkRow, 'expires_at' | 'used_at' | 'revoked_at'>,
  now: Date,
): SupervisorLinkGone | null {
  if (link.revoked_at) return 'revoked';
  if (link.used_at) return 'used';
  if (new Date(link.expires_at).getTime() <= now.getTime()) return 'expired';
  return null;
}

import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  type ChangePassword,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_INVALID_MESSAGE,
  INVITATION_OTHER_EMAIL_MESSAGE,
  INVITATION_USED_MESSAGE,
  type Login,
  type ProfileUpdate,
  type Register,
  type Role,
  type User,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { tokenHash } from '../../common/token-hash';
import {
  accountById,
  enrolQueued,
  insertStudent,
  lockAccount,
  lockInvitation,
  lockQueueForRegistration,
  passwordAccountByEmail,
  passwordAccountById,
  type PasswordRow,
  setPasswordHash,
  deleteAccount,
  lockAdmins,
  setRole,
  setSuspended,
  updateProfile,
  type UserRow,
} from './accounts.queries';
import { invalidateResetLinks } from './password-reset.queries';
import { TokenVersionsService } from './token-versions.service';
import { EmailVerificationService } from './email-verification.service';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordService, WEAK_PASSWORD_MESSAGE } from './password.service';
import { StorageService } from '../../platform/storage/storage.service';
import { type IssuedTokens, TokenService } from './token.service';

export const NO_USER_MESSAGE = 'There is no user with that email.';
export const WRONG_PASSWORD_MESSAGE = 'Incorrect password. Please try again.';
export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists.';
export const SUSPENDED_MESSAGE = 'This account is suspended. Please contact the school.';
export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const LAST_ADMIN_MESSAGE = 'The school needs at least one admin: make another account an admin first.';
export const SUSPEND_SELF_MESSAGE = 'You cannot suspend your own account.';
export const DELETE_SELF_MESSAGE = 'You cannot delete your own account.';

const toUser = ({ id_slug, first_name, last_name, email, role }: UserRow): User => ({ id_slug, first_name, last_name, email, role });
const fieldError = (field: string, message: string) => new BadRequestException({ message, errors: { [field]: message } });

@Injectable()
export class AuthService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(PasswordService) private readonly passwords: PasswordService,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(LoginThrottleService) private readonly throttle: LoginThrottleService,
    @Inject(EmailVerificationService) private readonly verifications: EmailVerificationService,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(TokenVersionsService) private readonly versions: TokenVersionsService,
  ) {}

  /**
   * Self-registration always creates a STUDENT and signs it in. Through an invitation link (which
   * must be for the invited email) the address is proven: the account is verified and the cohorts
   * that queued the email enrol it in the same transaction (their invitations are accepted).
   * Without a link nobody has proven the address: the account joins no cohort until its email is
   * confirmed from the link mailed to it (EmailVerificationService).
   */
  async register(body: Register, ip: string): Promise<{ user: User } & IssuedTokens> {
    if (this.passwords.isWeak(body.password, [body.email, body.first_name, body.last_name])) {
      throw fieldError('password', WEAK_PASSWORD_MESSAGE);
    }
    const passwordHash = await this.passwords.hash(body.password);
    const invited = body.invite !== undefined;
    return this.db.transaction(async (m) => {
      await lockQueueForRegistration(m);
      if (body.invite !== undefined) await this.checkInvitation(m, body.invite, body.email);
      const row = await insertStudent(m, body.email, body.first_name, body.last_name, passwordHash, invited);
      if (!row) throw fieldError('email', DUPLICATE_EMAIL_MESSAGE);
      if (invited) await enrolQueued(m, row.id, body.email);
      // Counted only once the account exists: failed attempts spend no one's mail budget.
      else if (await this.verifications.mayMailOnRegistration(body.email, ip)) await this.verifications.start(m, row.id, body.email);
      const tokens = await this.tokens.issue(row, m);
      return { user: toUser(row), ...tokens };
    });
  }

  /**
   * An invitation link registers the email it was sent to, once, while the person is still queued
   * and the cohort open; the queue then enrols them and marks it accepted (enrolQueued).
   */
  private async checkInvitation(m: EntityManager, token: string, email: string): Promise<void> {
    const invitation = await lockInvitation(m, tokenHash(token));
    if (!invitation) throw fieldError('invite', INVITATION_INVALID_MESSAGE);
    if (invitation.accepted) throw fieldError('invite', INVITATION_USED_MESSAGE);
    if (invitation.expired) throw fieldError('invite', INVITATION_EXPIRED_MESSAGE);
    if (!invitation.queued) throw fieldError('invite', INVITATION_INVALID_MESSAGE);
    if (invitation.email !== email) throw fieldError('email', INVITATION_OTHER_EMAIL_MESSAGE);
  }

  /** The attempt is counted before the password is verified (see LoginThrottleService); `knownDevice`: see known-device.ts. */
  async login(body: Login, ip: string, knownDevice = false): Promise<{ user: User } & IssuedTokens> {
    const attempt = await this.throttle.begin(body.email, ip, knownDevice);
    const row = await passwordAccountByEmail(this.db, body.email);
    const ok = await this.passwords.verify(row?.password_hash ?? null, body.password);
    if (!row || !ok) throw row ? fieldError('password', WRONG_PASSWORD_MESSAGE) : fieldError('email', NO_USER_MESSAGE);
    await this.throttle.succeeded(attempt);
    if (row.is_suspended) throw new ForbiddenException(SUSPENDED_MESSAGE);
    // Signing in with the password withdraws any reset link sent for it.
    await invalidateResetLinks(this.db, row.id);
    const tokens = await this.tokens.issue(row);
    return { user: toUser(row), ...tokens };
  }

  async findUser(id: string): Promise<User> {
    const row = await accountById(this.db, id);
    if (!row) throw new NotFoundException(USER_NOT_FOUND_MESSAGE);
    if (row.is_suspended) throw new ForbiddenException(SUSPENDED_MESSAGE);
    return toUser(row);
  }

  /**
   * Suspends or reinstates an account. Suspension revokes every refresh token, and the trigger on
   * users bumps the token version, so every access token issued so far is refused on every instance.
   */
  async setSuspended(admin: { id_slug: string }, userIdSlug: string, suspended: boolean): Promise<User & { is_suspended: boolean }> {
    if (suspended && userIdSlug === admin.id_slug) throw new BadRequestException(SUSPEND_SELF_MESSAGE);
    const row = await this.db.transaction(async (m) => {
      const changed = await setSuspended(m, userIdSlug, suspended);
      if (!changed) throw new NotFoundException(USER_NOT_FOUND_MESSAGE);
      if (suspended) await this.tokens.endAllSessions(changed.id, m);
      return changed;
    });
    this.versions.changed(row.id);
    return { ...toUser(row), is_suspended: suspended };
  }

  /**
   * Gives an account another role. The trigger on users bumps the token version, so tokens naming
   * the old role are refused at once on every instance; the account signs in again with the new one.
   */
  async setRole(userIdSlug: string, role: Role): Promise<User> {
    const row = await this.db.transaction(async (m) => {
      const admins = await lockAdmins(m);
      const demoted = role !== 'ADMIN' && admins.some((a) => a.id_slug === userIdSlug);
      if (demoted && admins.length === 1) throw new BadRequestException(LAST_ADMIN_MESSAGE);
      const changed = await setRole(m, userIdSlug, role);
      if (!changed) throw new NotFoundException(USER_NOT_FOUND_MESSAGE);
      return changed;
    });
    this.versions.changed(row.id);
    return toUser(row);
  }

  /**
   * Deletes an account and what it holds, in one transaction (never one's own, nor the last admin);
   * then its hand-in files leave storage. Its sessions end with it: its tokens name an account that
   * no longer exists.
   */
  async deleteAccount(admin: { id_slug: string }, userIdSlug: string): Promise<{ message: string }> {
    if (userIdSlug === admin.id_slug) throw new BadRequestException(DELETE_SELF_MESSAGE);
    const gone = await this.db.transaction(async (m) => {
      const admins = await lockAdmins(m);
      if (admins.length === 1 && admins[0].id_slug === userIdSlug) throw new BadRequestException(LAST_ADMIN_MESSAGE);
      const row = await deleteAccount(m, userIdSlug);
      if (!row) throw new NotFoundException(USER_NOT_FOUND_MESSAGE);
      return row;
    });
    this.versions.changed(gone.id);
    await this.storage.removeFiles(gone.storage_keys);
    return { message: `Account deleted: ${gone.first_name} ${gone.last_name}.` };
  }

  async updateProfile(userId: string, body: ProfileUpdate): Promise<User> {
    const row = await updateProfile(this.db, userId, body.first_name, body.last_name);
    if (!row) throw new NotFoundException(USER_NOT_FOUND_MESSAGE);
    return toUser(row);
  }

  /**
   * A new password ends every session (other tabs and devices lose their access tokens too); the
   * caller gets a fresh pair for this one, unless the account was suspended meanwhile. Guesses of
   * the current password count against the login back-off.
   */
  async changePassword(userId: string, body: ChangePassword, ip: string): Promise<{ user: User } & IssuedTokens> {
    const row = await this.accountOf(userId);
    const attempt = await this.throttle.begin(row.email, ip);
    if (!(await this.passwords.verify(row.password_hash, body.old_password))) {
      throw fieldError('old_password', 'Current password is incorrect.');
    }
    await this.throttle.succeeded(attempt);
    if (body.new_password === body.old_password) {
      throw fieldError('new_password', 'The new password must be different from the current one.');
    }
    if (this.passwords.isWeak(body.new_password, [row.email, row.first_name, row.last_name])) {
      throw fieldError('new_password', WEAK_PASSWORD_MESSAGE);
    }
    const passwordHash = await this.passwords.hash(body.new_password);
    const changed = await this.db.transaction(async (m) => {
      // Locked, so a suspension is either seen here or waits and then ends the session issued here.
      const current = await lockAccount(m, userId);
      if (!current) throw new NotFoundException(USER_NOT_FOUND_MESSAGE);
      if (current.is_suspended) throw new ForbiddenException(SUSPENDED_MESSAGE);
      await setPasswordHash(m, userId, passwordHash);
      const token_version = await this.tokens.endAllSessions(userId, m);
      const tokens = await this.tokens.issue({ ...current, token_version }, m);
      return { user: toUser(current), ...tokens };
    });
    this.versions.changed(userId);
    return changed;
  }

  /** The signed-in account with its password hash; a suspended one may do nothing with its password. */
  private async accountOf(userId: string): Promise<PasswordRow> {
    const row = await passwordAccountById(this.db, userId);
    if (!row) throw new NotFoundException(USER_NOT_FOUND_MESSAGE);
    if (row.is_suspended) throw new ForbiddenException(SUSPENDED_MESSAGE);
    return row;
  }
}

import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ChangeEmail, ChangePassword, Login, ProfileUpdate, Register, User } from '@school/contracts';
import { DataSource } from 'typeorm';
import { LOCK_QUEUE_FOR_REGISTRATION_SQL } from '../../common/cohort-queue-lock';
import { LoginThrottleService } from './login-throttle.service';
import { invalidateResetLinks } from './password-reset-links';
import { PasswordService, WEAK_PASSWORD_MESSAGE } from './password.service';
import { type IssuedTokens, type TokenSubject, TokenService } from './token.service';

const USER_COLUMNS = 'id, id_slug, first_name, last_name, email, role, token_version';
export const NO_USER_MESSAGE = 'There is no user with that email.';
export const WRONG_PASSWORD_MESSAGE = 'Incorrect password. Please try again.';
export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists.';
export const SUSPENDED_MESSAGE = 'This account is suspended. Please contact the school.';
export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const SUSPEND_SELF_MESSAGE = 'You cannot suspend your own account.';

interface UserRow extends User, TokenSubject {
  id: string;
  is_suspended?: boolean;
}

const toUser = ({ id_slug, first_name, last_name, email, role }: UserRow): User => ({ id_slug, first_name, last_name, email, role });
const fieldError = (field: string, message: string) => new BadRequestException({ message, errors: { [field]: message } });

@Injectable()
export class AuthService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(PasswordService) private readonly passwords: PasswordService,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(LoginThrottleService) private readonly throttle: LoginThrottleService,
  ) {}

  /**
   * Self-registration always creates a STUDENT. Cohorts that queued this email enrol the
   * new account in the same transaction.
   */
  async register(body: Register): Promise<{ user: User } & IssuedTokens> {
    if (this.passwords.isWeak(body.password, [body.email, body.first_name, body.last_name])) {
      throw fieldError('password', WEAK_PASSWORD_MESSAGE);
    }
    const passwordHash = await this.passwords.hash(body.password);
    return this.db.transaction(async (m) => {
      await m.query(LOCK_QUEUE_FOR_REGISTRATION_SQL);
      const [row]: UserRow[] = await m.query(
        `INSERT INTO users (email, first_name, last_name, role, password_hash)
         VALUES ($1, $2, $3, 'STUDENT', $4)
         ON CONFLICT (email) DO NOTHING
         RETURNING ${USER_COLUMNS}`,
        [body.email, body.first_name, body.last_name, passwordHash],
      );
      if (!row) throw fieldError('email', DUPLICATE_EMAIL_MESSAGE);
      await m.query(
        `WITH queued AS (DELETE FROM cohort_queue WHERE email = $2 RETURNING cohort_id)
         INSERT INTO enrolments (cohort_id, user_id) SELECT cohort_id, $1 FROM queued
         ON CONFLICT (cohort_id, user_id) DO NOTHING`,
        [row.id, body.email],
      );
      const tokens = await this.tokens.issue(row, m);
      return { user: toUser(row), ...tokens };
    });
  }

  /** The attempt is counted before the password is verified (see LoginThrottleService). */
  async login(body: Login, ip: string): Promise<{ user: User } & IssuedTokens> {
    const attempt = await this.throttle.begin(body.email, ip);
    const [row]: (UserRow & { password_hash: string; is_suspended: boolean })[] = await this.db.query(
      `SELECT ${USER_COLUMNS}, password_hash, is_suspended FROM users WHERE email = $1`,
      [body.email],
    );
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
    const [row]: (UserRow & { is_suspended: boolean })[] = await this.db.query(
      `SELECT ${USER_COLUMNS}, is_suspended FROM users WHERE id = $1`,
      [id],
    );
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
    return this.db.transaction(async (m) => {
      const [rows]: [UserRow[]] = await m.query(
        `UPDATE users SET is_suspended = $2, modified_date = now() WHERE id_slug = $1 RETURNING ${USER_COLUMNS}, is_suspended`,
        [userIdSlug, suspended],
      );
      const row = rows[0];
      if (!row) throw new NotFoundException(USER_NOT_FOUND_MESSAGE);
      if (suspended) await this.tokens.endAllSessions(row.id, m);
      return { ...toUser(row), is_suspended: suspended };
    });
  }

  async updateProfile(userId: string, body: ProfileUpdate): Promise<User> {
    const [rows]: [UserRow[]] = await this.db.query(
      `UPDATE users SET first_name = $2, last_name = $3, modified_date = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
      [userId, body.first_name, body.last_name],
    );
    if (!rows[0]) throw new NotFoundException(USER_NOT_FOUND_MESSAGE);
    return toUser(rows[0]);
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
    return this.db.transaction(async (m) => {
      // Locked, so a suspension is either seen here or waits and then ends the session issued here.
      const [current]: UserRow[] = await m.query(`SELECT ${USER_COLUMNS}, is_suspended FROM users WHERE id = $1 FOR UPDATE`, [userId]);
      if (!current) throw new NotFoundException(USER_NOT_FOUND_MESSAGE);
      if (current.is_suspended) throw new ForbiddenException(SUSPENDED_MESSAGE);
      await m.query(`UPDATE users SET password_hash = $2, modified_date = now() WHERE id = $1`, [userId, passwordHash]);
      const token_version = await this.tokens.endAllSessions(userId, m);
      const tokens = await this.tokens.issue({ ...current, token_version }, m);
      return { user: toUser(current), ...tokens };
    });
  }

  /** The signed-in account with its password hash; a suspended one may do nothing with its password. */
  private async accountOf(userId: string): Promise<UserRow & { password_hash: string }> {
    const [row]: (UserRow & { password_hash: string; is_suspended: boolean })[] = await this.db.query(
      `SELECT ${USER_COLUMNS}, password_hash, is_suspended FROM users WHERE id = $1`,
      [userId],
    );
    if (!row) throw new NotFoundException(USER_NOT_FOUND_MESSAGE);
    if (row.is_suspended) throw new ForbiddenException(SUSPENDED_MESSAGE);
    return row;
  }

  async changeEmail(userId: string, body: ChangeEmail, ip: string): Promise<User> {
    const row = await this.accountOf(userId);
    if (row.email !== body.current_email) throw fieldError('current_email', 'Current email does not match your account.');
    const attempt = await this.throttle.begin(row.email, ip);
    if (!(await this.passwords.verify(row.password_hash, body.current_password))) {
      throw fieldError('current_password', WRONG_PASSWORD_MESSAGE);
    }
    await this.throttle.succeeded(attempt);
    if (body.new_email === row.email) throw fieldError('new_email', 'The new email is the same as the current one.');
    const [updated]: [UserRow[]] = await this.db
      .query(`UPDATE users SET email = $2, modified_date = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`, [userId, body.new_email])
      .catch((e: { code?: string }) => {
        if (e.code === '23505') throw fieldError('new_email', DUPLICATE_EMAIL_MESSAGE);
        throw e;
      });
    return toUser(updated[0]);
  }
}

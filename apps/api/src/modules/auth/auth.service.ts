import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ChangeEmail, ChangePassword, Login, ProfileUpdate, Register, User } from '@school/contracts';
import { DataSource } from 'typeorm';
import { LOCK_QUEUE_FOR_REGISTRATION_SQL } from '../../common/cohort-queue-lock';
import { LoginThrottleService } from './login-throttle.service';
import { COMMON_PASSWORD_MESSAGE, PasswordService } from './password.service';
import { type IssuedTokens, TokenService } from './token.service';

const USER_COLUMNS = 'id, id_slug, first_name, last_name, email, role';
export const NO_USER_MESSAGE = 'There is no user with that email.';
export const WRONG_PASSWORD_MESSAGE = 'Incorrect password. Please try again.';
export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists.';
export const SUSPENDED_MESSAGE = 'This account is suspended. Please contact the school.';

interface UserRow extends User {
  id: string;
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
    if (this.passwords.isCommon(body.password)) throw fieldError('password', COMMON_PASSWORD_MESSAGE);
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

  async login(body: Login, ip: string): Promise<{ user: User } & IssuedTokens> {
    await this.throttle.assertAllowed(body.email, ip);
    const [row]: (UserRow & { password_hash: string; is_suspended: boolean })[] = await this.db.query(
      `SELECT ${USER_COLUMNS}, password_hash, is_suspended FROM users WHERE email = $1`,
      [body.email],
    );
    const ok = await this.passwords.verify(row?.password_hash ?? null, body.password);
    if (!row || !ok) {
      await this.throttle.recordFailure(body.email, ip);
      throw row ? fieldError('password', WRONG_PASSWORD_MESSAGE) : fieldError('email', NO_USER_MESSAGE);
    }
    if (row.is_suspended) throw new ForbiddenException(SUSPENDED_MESSAGE);
    await this.throttle.recordSuccess(body.email);
    const tokens = await this.tokens.issue(row);
    return { user: toUser(row), ...tokens };
  }

  async findUser(id: string): Promise<User> {
    const [row]: (UserRow & { is_suspended: boolean })[] = await this.db.query(
      `SELECT ${USER_COLUMNS}, is_suspended FROM users WHERE id = $1`,
      [id],
    );
    if (!row) throw new NotFoundException('User not found');
    if (row.is_suspended) throw new ForbiddenException(SUSPENDED_MESSAGE);
    return toUser(row);
  }

  async updateProfile(userId: string, body: ProfileUpdate): Promise<User> {
    const [rows]: [UserRow[]] = await this.db.query(
      `UPDATE users SET first_name = $2, last_name = $3, modified_date = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
      [userId, body.first_name, body.last_name],
    );
    if (!rows[0]) throw new NotFoundException('User not found');
    return toUser(rows[0]);
  }

  /** A new password ends every other session; the caller gets a fresh pair for this one. */
  async changePassword(userId: string, body: ChangePassword): Promise<{ user: User } & IssuedTokens> {
    const [row]: (UserRow & { password_hash: string })[] = await this.db.query(
      `SELECT ${USER_COLUMNS}, password_hash FROM users WHERE id = $1`,
      [userId],
    );
    if (!row) throw new NotFoundException('User not found');
    if (!(await this.passwords.verify(row.password_hash, body.old_password))) {
      throw fieldError('old_password', 'Current password is incorrect.');
    }
    if (body.new_password === body.old_password) {
      throw fieldError('new_password', 'The new password must be different from the current one.');
    }
    if (this.passwords.isCommon(body.new_password)) throw fieldError('new_password', COMMON_PASSWORD_MESSAGE);
    const passwordHash = await this.passwords.hash(body.new_password);
    return this.db.transaction(async (m) => {
      await m.query(`UPDATE users SET password_hash = $2, modified_date = now() WHERE id = $1`, [userId, passwordHash]);
      await this.tokens.revokeAllForUser(userId, m);
      const tokens = await this.tokens.issue(row, m);
      return { user: toUser(row), ...tokens };
    });
  }

  async changeEmail(userId: string, body: ChangeEmail): Promise<User> {
    const [row]: (UserRow & { password_hash: string })[] = await this.db.query(
      `SELECT ${USER_COLUMNS}, password_hash FROM users WHERE id = $1`,
      [userId],
    );
    if (!row) throw new NotFoundException('User not found');
    if (row.email !== body.current_email) throw fieldError('current_email', 'Current email does not match your account.');
    if (!(await this.passwords.verify(row.password_hash, body.current_password))) {
      throw fieldError('current_password', WRONG_PASSWORD_MESSAGE);
    }
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

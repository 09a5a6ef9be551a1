import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  AUDIT_ACTIONS,
  type AuditLogResponse,
  FINANCE_MESSAGES,
  type MaskedPaymentDetails,
  type MyPaymentDetailsResponse,
  type PaymentDetails,
  type AdminStaffMember,
  type StudentPaymentDetailsResponse,
  type StudentSummary,
} from '@school/contracts';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { exec, one, rows, type Sql } from '../../common/sql/db';
import { auditLogPage, type AuditFilter, recordAudit } from '../audit';
import { assertFinance } from './finance-permission';
import { paymentDetailsRow, savePaymentDetails } from './payment-details.queries';
import { PAYMENT_DETAILS_KEY, type PaymentKey } from './payment-key';

type Details = Record<keyof PaymentDetails, string>;

const ONLY_TRAINEES = 'Only trainees enter their own allowance payment details.';

const last4 = (v: string | null) => (v ? v.slice(-4) : '');

function masked(row: { details: PaymentDetails; updated_at: string }): MaskedPaymentDetails {
  return {
    id_number_last4: last4(row.details.id_number),
    bank_name: row.details.bank_name ?? '',
    account_number_last4: last4(row.details.account_number),
    account_holder: row.details.account_holder ?? '',
    updated_at: row.updated_at,
  };
}

/** Which fields a save changed, by name only: the audit log never holds the values. */
function changedFields(before: PaymentDetails | undefined, after: Details): string[] {
  return (Object.keys(after) as (keyof Details)[]).filter((f) => before?.[f] !== after[f]);
}

const STAFF_COLUMNS = `u.id::text AS id, u.id_slug, u.first_name, u.last_name, u.email, u.role,
  EXISTS (SELECT 1 FROM staff_permissions p WHERE p.user_id = u.id AND p.permission = 'FINANCE') AS finance`;

@Injectable()
export class FinanceService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(PAYMENT_DETAILS_KEY) private readonly key: PaymentKey,
  ) {}

  // ---- the finance permission ---------------------------------------------------

  async staffList(): Promise<{ data: AdminStaffMember[] }> {
    const data = await rows<AdminStaffMember>(
      this.db,
      `SELECT u.id_slug, u.first_name, u.last_name, u.email,
              EXISTS (SELECT 1 FROM staff_permissions p WHERE p.user_id = u.id AND p.permission = 'FINANCE') AS finance
         FROM users u WHERE u.role = 'ADMIN' ORDER BY u.first_name, u.last_name, u.id`,
    );
    return { data };
  }

  /** Grants or removes another admin's finance permission, with its audit entry, in one transaction. */
  async setFinance(me: AuthUser, idSlug: string, finance: boolean): Promise<{ staff: AdminStaffMember }> {
    return this.db.transaction(async (m) => {
      // Locked so two admins changing the same account's permission apply one after the other.
      const target = await one<AdminStaffMember & { id: string; role: string }>(
        m,
        `SELECT ${STAFF_COLUMNS} FROM users u WHERE u.id_slug = $1 FOR UPDATE OF u`,
        [idSlug],
      );
      if (!target) throw new NotFoundException(FINANCE_MESSAGES.staffNotFound);
      if (target.id === me.id) throw new ForbiddenException(FINANCE_MESSAGES.ownPermission);
      if (target.role !== 'ADMIN') throw new BadRequestException(FINANCE_MESSAGES.notAdmin);
      const changed = finance
        ? await exec(
            m,
            `INSERT INTO staff_permissions (user_id, permission, granted_by) VALUES ($1::bigint, 'FINANCE', $2::bigint) ON CONFLICT DO NOTHING`,
            [target.id, me.id],
          )
        : await exec(m, `DELETE FROM staff_permissions WHERE user_id = $1::bigint AND permission = 'FINANCE'`, [target.id]);
      if (changed > 0) {
        await recordAudit(m, {
          actor: me.id,
          action: finance ? AUDIT_ACTIONS.financeGranted : AUDIT_ACTIONS.financeRevoked,
          subject_type: 'user',
          subject_id: target.id,
        });
      }
      return {
        staff: { id_slug: target.id_slug, first_name: target.first_name, last_name: target.last_name, email: target.email, finance },
      };
    });
  }

  // ---- a trainee's own details ------------------------------------------------------

  async myDetails(me: AuthUser): Promise<MyPaymentDetailsResponse> {
    if (me.role !== 'STUDENT') return { details: null };
    const row = await paymentDetailsRow(this.db, this.key, me.id);
    return { details: row ? masked(row) : null };
  }

  async saveMine(me: AuthUser, body: Details): Promise<MyPaymentDetailsResponse> {
    if (me.role !== 'STUDENT') throw new ForbiddenException(ONLY_TRAINEES);
    await this.db.transaction(async (m) => {
      const before = await paymentDetailsRow(m, this.key, me.id);
      await savePaymentDetails(m, this.key, me.id, body, me.id);
      await recordAudit(m, {
        actor: me.id,
        action: AUDIT_ACTIONS.paymentDetailsChangedBySelf,
        subject_type: 'user',
        subject_id: me.id,
        detail: { fields: changedFields(before?.details, body) },
      });
    });
    return this.myDetails(me);
  }

  // ---- finance staff ------------------------------------------------------------------

  private async student(q: Sql, idSlug: string): Promise<StudentSummary & { id: string }> {
    const row = await one<StudentSummary & { id: string }>(
      q,
      `SELECT id::text AS id, id_slug, first_name, last_name, email FROM users WHERE id_slug = $1 AND role = 'STUDENT'`,
      [idSlug],
    );
    if (!row) throw new NotFoundException(FINANCE_MESSAGES.studentNotFound);
    return row;
  }

  async studentSummary(idSlug: string): Promise<{ student: StudentSummary }> {
    const { id: _id, ...student } = await this.student(this.db, idSlug);
    return { student };
  }

  /** A trainee's details in full, for finance staff only; the read is recorded with the answer. */
  async studentDetails(me: AuthUser, idSlug: string): Promise<StudentPaymentDetailsResponse> {
    await assertFinance(this.db, me);
    return this.db.transaction(async (m) => {
      const student = await this.student(m, idSlug);
      const row = await paymentDetailsRow(m, this.key, student.id);
      await recordAudit(m, {
        actor: me.id,
        action: AUDIT_ACTIONS.paymentDetailsViewed,
        subject_type: 'user',
        subject_id: student.id,
        detail: { recorded: !!row },
      });
      return { details: row?.details ?? null, updated_at: row?.updated_at ?? null };
    });
  }

  async saveStudentDetails(me: AuthUser, idSlug: string, body: Details): Promise<StudentPaymentDetailsResponse> {
    await assertFinance(this.db, me);
    return this.db.transaction(async (m) => {
      const student = await this.student(m, idSlug);
      const before = await paymentDetailsRow(m, this.key, student.id);
      await savePaymentDetails(m, this.key, student.id, body, me.id);
      await recordAudit(m, {
        actor: me.id,
        action: AUDIT_ACTIONS.paymentDetailsChanged,
        subject_type: 'user',
        subject_id: student.id,
        detail: { fields: changedFields(before?.details, body) },
      });
      const row = await paymentDetailsRow(m, this.key, student.id);
      return { details: row?.details ?? null, updated_at: row?.updated_at ?? null };
    });
  }

  async auditLog(me: AuthUser, filter: AuditFilter): Promise<AuditLogResponse> {
    await assertFinance(this.db, me);
    const { data, count } = await auditLogPage(this.db, filter);
    return { data, count, num_pages: Math.ceil(count / filter.page_size) };
  }
}

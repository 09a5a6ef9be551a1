import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { currentIntake, initiatives, intakeOptions } from '@school/catalogue/data';
import { ANALYTICS_UNKNOWN_INTAKE_MESSAGE, type ApplicationsAnalyticsQuery, DECISIONS_CSV_HEADER } from '@school/contracts';
import { DataSource } from 'typeorm';
import { toCsv } from '../../common/csv/csv';
import type { Sql } from '../../common/sql/db';
import { type AnalyticsScope, breakdowns, decisions, funnel, overTime, timeToDecision } from './applications-analytics.queries';

/** The decisions export of the selected applications as CSV text (formula-safe cells). */
export async function decisionsCsvText(q: Sql, scope: AnalyticsScope, viewerId: string): Promise<string> {
  const found = await decisions(q, scope, viewerId);
  return toCsv(
    DECISIONS_CSV_HEADER,
    found.map((r) => [
      r.reference,
      r.full_name,
      r.email,
      r.course,
      r.state,
      r.status,
      r.decision,
      r.decision_date,
      r.decided_at,
      r.reason,
      r.decided_by,
    ]),
  );
}

/** The programme managers' figures on one intake's applications; each is one SQL statement. */
@Injectable()
export class ApplicationsAnalyticsService {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** The query's intake (a known initiative; the current one when absent) and range. */
  scope(query: ApplicationsAnalyticsQuery): AnalyticsScope {
    const intake = query.intake ?? currentIntake();
    if (!initiatives.some((i) => i.frontend_slug === intake))
      throw new BadRequestException({ message: ANALYTICS_UNKNOWN_INTAKE_MESSAGE, errors: { intake: ANALYTICS_UNKNOWN_INTAKE_MESSAGE } });
    return { intake, from: query.from ?? null, to: query.to ?? null };
  }

  async funnel(query: ApplicationsAnalyticsQuery) {
    const scope = this.scope(query);
    return { scope, intakes: intakeOptions(), ...(await funnel(this.ds, scope)) };
  }

  async overTime(query: ApplicationsAnalyticsQuery) {
    const scope = this.scope(query);
    return { scope, ...(await overTime(this.ds, scope)) };
  }

  async breakdowns(query: ApplicationsAnalyticsQuery) {
    const scope = this.scope(query);
    return { scope, ...(await breakdowns(this.ds, scope)) };
  }

  async timeToDecision(query: ApplicationsAnalyticsQuery) {
    const scope = this.scope(query);
    return { scope, data: await timeToDecision(this.ds, scope) };
  }

  /** The decisions as CSV (formula-safe cells). */
  decisionsCsv(query: ApplicationsAnalyticsQuery, viewerId: string): Promise<string> {
    return decisionsCsvText(this.ds, this.scope(query), viewerId);
  }
}

import { Controller, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type QueryOf, Route, RouteQuery } from '../../common/route.decorator';
import { ApplicationsAnalyticsService } from './applications-analytics.service';

/** The admissions overview's figures (admins only, by the route table). */
@Controller()
export class ApplicationsAnalyticsController {
  constructor(@Inject(ApplicationsAnalyticsService) private readonly analytics: ApplicationsAnalyticsService) {}

  @Route('applicationsAnalyticsFunnel')
  funnel(@RouteQuery() query: QueryOf<'applicationsAnalyticsFunnel'>) {
    return this.analytics.funnel(query);
  }

  @Route('applicationsAnalyticsOverTime')
  overTime(@RouteQuery() query: QueryOf<'applicationsAnalyticsOverTime'>) {
    return this.analytics.overTime(query);
  }

  @Route('applicationsAnalyticsBreakdowns')
  breakdowns(@RouteQuery() query: QueryOf<'applicationsAnalyticsBreakdowns'>) {
    return this.analytics.breakdowns(query);
  }

  @Route('applicationsAnalyticsTimeToDecision')
  timeToDecision(@RouteQuery() query: QueryOf<'applicationsAnalyticsTimeToDecision'>) {
    return this.analytics.timeToDecision(query);
  }

  /** The CSV headers are set once the file is made, so a refusal stays a JSON answer. */
  @Route('applicationsAnalyticsDecisionsExport')
  async decisionsCsv(
    @CurrentUser() me: AuthUser,
    @RouteQuery() query: QueryOf<'applicationsAnalyticsDecisionsExport'>,
    @Res({ passthrough: true }) res: Response,
  ) {
    const csv = await this.analytics.decisionsCsv(query, me.id);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="decisions.csv"');
    res.setHeader('Cache-Control', 'no-store');
    return csv;
  }
}

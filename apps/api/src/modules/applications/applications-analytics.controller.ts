import { Controller, Header, Inject } from '@nestjs/common';
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

  @Route('applicationsAnalyticsDecisionsExport')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="decisions.csv"')
  @Header('Cache-Control', 'no-store')
  decisionsCsv(@RouteQuery() query: QueryOf<'applicationsAnalyticsDecisionsExport'>) {
    return this.analytics.decisionsCsv(query);
  }
}

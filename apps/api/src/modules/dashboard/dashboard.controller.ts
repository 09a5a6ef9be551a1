import { Controller, Inject } from '@nestjs/common';
import type { AdminDashboard } from '@school/contracts';
import { Route } from '../../common/route.decorator';
import { DashboardService } from './dashboard.service';

/** The admin dashboard's figures (/admin). */
@Controller()
export class DashboardController {
  constructor(@Inject(DashboardService) private readonly dashboard: DashboardService) {}

  @Route('adminDashboard')
  figures(): Promise<AdminDashboard> {
    return this.dashboard.figures();
  }
}

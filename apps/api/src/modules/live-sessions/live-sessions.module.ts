import { Module } from '@nestjs/common';
import { LiveSessionsController } from './live-sessions.controller';
import { AttendanceImportService } from './attendance-import.service';
import { CheckInService } from './check-in.service';
import { LiveSessionsService } from './live-sessions.service';

@Module({
  controllers: [LiveSessionsController],
  providers: [LiveSessionsService, CheckInService, AttendanceImportService],
})
export class LiveSessionsModule {}

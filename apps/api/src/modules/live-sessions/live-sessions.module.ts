import { Module } from '@nestjs/common';
import { LiveSessionsController } from './live-sessions.controller';
import { AttendanceImportService } from './attendance-import.service';
import { AttendanceRegisterService } from './attendance-register.service';
import { CheckInService } from './check-in.service';
import { LiveSessionsService } from './live-sessions.service';

@Module({
  controllers: [LiveSessionsController],
  providers: [LiveSessionsService, CheckInService, AttendanceRegisterService, AttendanceImportService],
})
export class LiveSessionsModule {}

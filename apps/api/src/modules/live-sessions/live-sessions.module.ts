import { Module } from '@nestjs/common';
import { LiveSessionsController } from './live-sessions.controller';
import { AttendanceRegisterService } from './attendance-register.service';
import { CheckInService } from './check-in.service';
import { LiveSessionsService } from './live-sessions.service';

@Module({
  controllers: [LiveSessionsController],
  providers: [LiveSessionsService, CheckInService, AttendanceRegisterService],
})
export class LiveSessionsModule {}

import { Module } from '@nestjs/common';
import { BulkAddService } from './bulk-add.service';
import { EnrolmentsController, StudentsController } from './enrolments.controller';
import { EnrolmentsService } from './enrolments.service';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';
import { StudentsService } from './students.service';

@Module({
  controllers: [EnrolmentsController, StudentsController, InvitationsController],
  providers: [EnrolmentsService, BulkAddService, StudentsService, InvitationsService],
  exports: [BulkAddService],
})
export class EnrolmentsModule {}

import { Module } from '@nestjs/common';
import { BulkAddService } from './bulk-add.service';
import { EnrolmentsController, StudentsController } from './enrolments.controller';
import { EnrolmentsService } from './enrolments.service';
import { StudentsService } from './students.service';

@Module({
  controllers: [EnrolmentsController, StudentsController],
  providers: [EnrolmentsService, BulkAddService, StudentsService],
})
export class EnrolmentsModule {}

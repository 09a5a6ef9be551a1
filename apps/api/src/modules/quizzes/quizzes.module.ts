import { Module } from '@nestjs/common';
import { CertificatesModule } from '../certificates';
import { QuizzesController } from './quizzes.controller';
import { QuizzesService } from './quizzes.service';

/** Quizzes; QuizzesService is exported for the grading area (free-text answers). */
@Module({ imports: [CertificatesModule], controllers: [QuizzesController], providers: [QuizzesService], exports: [QuizzesService] })
export class QuizzesModule {}

import { Module } from '@nestjs/common';
import { CertificatesModule } from '../certificates';
import { NotificationsModule } from '../notifications';
import { QuestionBanksService } from './question-banks.service';
import { QuizToolsService } from './quiz-tools.service';
import { QuizzesController } from './quizzes.controller';
import { QuizzesService } from './quizzes.service';

/** Quizzes; QuizzesService is exported for the grading area (free-text answers). */
@Module({
  imports: [CertificatesModule, NotificationsModule],
  controllers: [QuizzesController],
  providers: [QuizzesService, QuizToolsService, QuestionBanksService],
  exports: [QuizzesService],
})
export class QuizzesModule {}

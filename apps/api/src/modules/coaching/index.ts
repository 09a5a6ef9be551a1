/** What other modules may use of coaching: who follows whom (see coach-reach.ts). */
export { COACHED_TRAINEES, FOLLOWED_ENROLMENTS, coachesOf, isCoachOf, followsBySlug, type CoachContact } from './coach-reach';
export { CoachingModule } from './coaching.module';
export { CoachingService } from './coaching.service';

import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  ALREADY_REOPENED_MESSAGE,
  type ApplicationScoresResponse,
  type AdmissionCriterion,
  type ApplicationStatus,
  DISAGREEMENT_THRESHOLD,
  NOT_SCORED_MESSAGE,
  type ReopenScore,
  SCORE_FINAL_MESSAGE,
  type MyScoreResponse,
  type ReviewQueueQuery,
  type ReviewScore,
  type Rubric,
  DECLARE_FIRST_MESSAGE,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { internalId, knownIntake, notFound } from './admission-moves';
import * as sql from './admissions.queries';
import * as reviews from './review.queries';
import { hasDeclared } from './declarations.queries';

export const NOT_ASSIGNED_MESSAGE = 'This application is not assigned to you.';
export const NO_RUBRIC_MESSAGE = 'This intake has no rubric yet: an admin defines it before reviewers score.';
export const RUBRIC_FIXED_MESSAGE = 'Reviewers have scored this intake: its criteria and weights can no longer change (their texts can).';
export const SCORING_CLOSED_MESSAGE = 'Scoring is closed for this application.';
export const SCORE_EVERY_CRITERION_MESSAGE = 'Score every criterion of the rubric, and only those';

/** The weighted mean (1-5) of a review's levels under the rubric's weights. */
export function weightedScore(criteria: AdmissionCriterion[], scores: Record<string, number>): number {
  const total = criteria.reduce((n, c) => n + c.weight, 0);
  return Math.round((criteria.reduce((n, c) => n + c.weight * scores[c.id], 0) / total) * 10_000) / 10_000;
}

/** The intake's rubric, the reviewers' queue and scores (final once submitted; an admin reopens one), and the ranking. */
@Injectable()
export class ReviewScoresService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async rubric(intake: string) {
    knownIntake(intake);
    const [row, scored] = await Promise.all([reviews.rubric(this.db, intake), reviews.intakeScored(this.db, intake)]);
    return { data: { intake, criteria: row?.criteria ?? [], blind: row?.blind ?? true, updated_at: row?.updated_at ?? null, scored } };
  }

  async updateRubric(me: AuthUser, intake: string, body: Rubric) {
    knownIntake(intake);
    await this.db.transaction(async (m) => {
      const current = await reviews.lockRubric(m, intake);
      if (current && (await reviews.intakeScored(m, intake))) {
        const shape = (cs: AdmissionCriterion[]) => JSON.stringify(cs.map((c) => [c.id, c.weight]));
        if (shape(current.criteria) !== shape(body.criteria)) throw new ConflictException(RUBRIC_FIXED_MESSAGE);
      }
      await reviews.saveRubric(m, intake, body.criteria, body.blind, me.id);
    });
    return this.rubric(intake);
  }

  reviewQueue(me: AuthUser, query: ReviewQueueQuery) {
    return reviews.reviewQueue(this.db, me.id, query.intake || null, query.scored === undefined ? null : query.scored === 'true', query);
  }

  /** The assignment of the caller to the application: 404 when there is no such application, 403 when not theirs. */
  private async myAssignment(q: DataSource | EntityManager, me: AuthUser, idSlug: string) {
    const row = await reviews.assignment(q, idSlug, me.id);
    if (!row) throw notFound();
    if (!row.assigned) throw new ForbiddenException(NOT_ASSIGNED_MESSAGE);
    if (!(await hasDeclared(q, 'review', row.id, me.id))) throw new ForbiddenException(DECLARE_FIRST_MESSAGE);
    return row;
  }

  async myScore(me: AuthUser, idSlug: string): Promise<MyScoreResponse> {
    const row = await this.myAssignment(this.db, me, idSlug);
    const rubric = await reviews.rubric(this.db, row.intake);
    return {
      data: {
        rubric: rubric?.criteria ?? [],
        score: row.submitted_at
          ? {
              scores: row.scores!,
              comment: row.comment ?? '',
              weighted: Number(row.weighted),
              submitted_at: row.submitted_at,
              reopened_at: row.reopened_at,
            }
          : null,
        can_score: reviews.SCORING_STATUSES.includes(row.status),
      },
    };
  }

  async submitScore(me: AuthUser, idSlug: string, body: ReviewScore): Promise<MyScoreResponse> {
    await this.db.transaction(async (m) => {
      await this.myAssignment(m, me, idSlug);
      const [app] = await sql.lockApplications(m, [idSlug]);
      // Read again under the application's lock: two submissions at once cannot both be "the first".
      const row = await this.myAssignment(m, me, idSlug);
      // A submitted score is final: the reviewer has seen the blind fields since, so only an admin reopens it.
      if (row.submitted_at && !row.reopened_at)
        throw new ConflictException({ message: SCORE_FINAL_MESSAGE, errors: { scores: SCORE_FINAL_MESSAGE } });
      if (!reviews.SCORING_STATUSES.includes(app.status)) throw new ConflictException(SCORING_CLOSED_MESSAGE);
      const rubric = await reviews.lockRubric(m, row.intake);
      if (!rubric?.criteria.length) throw new ConflictException(NO_RUBRIC_MESSAGE);
      const ids = rubric.criteria.map((c) => c.id).sort();
      if (JSON.stringify(Object.keys(body.scores).sort()) !== JSON.stringify(ids))
        throw new BadRequestException({ message: SCORE_EVERY_CRITERION_MESSAGE, errors: { scores: SCORE_EVERY_CRITERION_MESSAGE } });
      await reviews.saveScore(m, row.id, me.id, body.scores, weightedScore(rubric.criteria, body.scores), body.comment);
    });
    return this.myScore(me, idSlug);
  }

  /** An application's current reviews and the reopenings and changes of its scores. */
  async scores(idSlug: string): Promise<ApplicationScoresResponse> {
    return { data: await reviews.applicationScores(this.db, await internalId(this.db, idSlug)) };
  }

  /** An admin reopens a reviewer's final score (logged with the reason) so that they may score it again. */
  async reopenScore(me: AuthUser, idSlug: string, body: ReopenScore): Promise<ApplicationScoresResponse> {
    await this.db.transaction(async (m) => {
      const [app] = await sql.lockApplications(m, [idSlug]);
      if (!app) throw notFound();
      if (!reviews.SCORING_STATUSES.includes(app.status)) throw new ConflictException(SCORING_CLOSED_MESSAGE);
      const outcome = await reviews.reopenScore(m, app.id, body.reviewer_id, me.id, body.reason);
      if (outcome === 'not_assigned') throw new NotFoundException('This reviewer is not assigned to the application');
      if (outcome === 'not_scored') throw new ConflictException(NOT_SCORED_MESSAGE);
      if (outcome === 'already_reopened') throw new ConflictException(ALREADY_REOPENED_MESSAGE);
    });
    return this.scores(idSlug);
  }

  /** The ranked list; each application it shows is written to the audit log of views. */
  async ranking(me: AuthUser, intake: string, status: ApplicationStatus | undefined) {
    knownIntake(intake);
    const data = await reviews.ranking(this.db, intake, status ?? null);
    await sql.recordViews(
      this.db,
      data.map((r) => r.id_slug),
      me.id,
      'admissionsRanking',
    );
    return { data, disagreement_threshold: DISAGREEMENT_THRESHOLD };
  }
}

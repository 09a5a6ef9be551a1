import type { Eligibility, ScreeningNotes } from '@school/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A youth programme application as submitted (select values are the catalogue's option values). */
@Entity('programme_applications')
export class ProgrammeApplicationEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: string;
  @Column({ type: 'text', insert: false, update: false }) id_slug: string;
  /** The initiative applied to (its frontend_slug); one application per email and intake. */
  @Column({ type: 'text' }) intake: string;
  @Column({ type: 'text' }) course: string;
  @Column({ type: 'text' }) email: string;
  @Column({ type: 'text' }) full_name: string;
  @Column({ type: 'text' }) age: string;
  @Column({ type: 'text' }) dob_year: string;
  @Column({ type: 'text' }) dob_month: string;
  @Column({ type: 'text' }) dob_date: string;
  @Column({ type: 'text' }) gender: string;
  @Column({ type: 'text' }) ethnicity: string;
  @Column({ type: 'text' }) marital_status: string;
  @Column({ type: 'text' }) full_address: string;
  @Column({ type: 'text' }) state: string;
  @Column({ type: 'text' }) city: string;
  @Column({ type: 'text' }) postcode: string;
  @Column({ type: 'text' }) linkedin: string;
  @Column({ type: 'text' }) phone: string;
  @Column({ type: 'text', nullable: true }) secondary_phone: string | null;
  @Column({ type: 'text' }) highest_qualification: string;
  @Column({ type: 'text' }) uni_name: string;
  @Column({ type: 'text' }) degree_name: string;
  @Column({ type: 'text' }) country_study: string;
  @Column({ type: 'text' }) field_study: string;
  @Column({ type: 'text' }) qualification_type: string;
  @Column({ type: 'text' }) academic_result: string;
  @Column({ type: 'text' }) grad_year: string;
  @Column({ type: 'text' }) english_qualification: string;
  @Column({ type: 'text' }) english_score: string;
  @Column({ type: 'text' }) prev_employment: string;
  @Column({ type: 'text', nullable: true }) employment_details: string | null;
  @Column({ type: 'text' }) prev_leadership: string;
  @Column({ type: 'text', nullable: true }) leadership_details: string | null;
  /** Null for applications sent before the form asked it. */
  @Column({ type: 'boolean', nullable: true }) is_citizen: boolean | null;
  @Column({ type: 'boolean' }) can_participate: boolean;
  @Column({ type: 'boolean' }) can_device: boolean;
  @Column({ type: 'boolean' }) can_relocate: boolean;
  @Column({ type: 'bigint', nullable: true }) resume_file_id: string | null;
  @Column({ type: 'bigint', nullable: true }) transcript_file_id: string | null;
  /** The screening rules' flags, computed on submission (see screening.ts). */
  @Column({ type: 'jsonb', nullable: true }) eligibility: Eligibility | null;
  /** What decided each flag, and the warnings (see screening.ts). */
  @Column({ type: 'jsonb', nullable: true }) screening_notes: ScreeningNotes | null;
  @CreateDateColumn({ type: 'timestamptz' }) created_date: Date;
}

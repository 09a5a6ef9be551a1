import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { FormKind } from '@school/contracts';

/** One submission of the contact or course-interest form. */
@Entity('form_submissions')
export class FormSubmissionEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: string;
  @Column({ type: 'text', insert: false, update: false }) id_slug: string;
  @Column({ type: 'text' }) kind: FormKind;
  @Column({ type: 'text' }) first_name: string;
  @Column({ type: 'text' }) last_name: string;
  @Column({ type: 'text' }) email: string;
  @Column({ type: 'text', nullable: true }) phone: string | null;
  @Column({ type: 'text', nullable: true }) message: string | null;
  @Column({ type: 'text', nullable: true }) course: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) created_date: Date;
}

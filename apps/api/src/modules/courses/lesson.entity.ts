import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { LessonType } from '@school/contracts';

@Entity('lessons')
export class LessonEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: string;
  @Column({ type: 'text', insert: false, update: false }) id_slug: string;
  @Column({ type: 'bigint' }) module_id: string;
  @Column({ type: 'text' }) title: string;
  @Column({ type: 'text', default: '' }) description: string;
  @Column({ type: 'integer' }) order: number;
  @Column({ type: 'text' }) lesson_type: LessonType;
  @Column({ type: 'text', nullable: true }) video_lecture_id_slug: string | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) reading_pdf_id_slugs: string[];
  @Column({ type: 'text', array: true, default: () => "'{}'" }) link_urls: string[];
  @Column({ type: 'jsonb', nullable: true }) quiz_group: Record<string, unknown> | null;
  @Column({ type: 'jsonb', nullable: true }) project_group: Record<string, unknown> | null;
  @CreateDateColumn({ type: 'timestamptz' }) created_date: Date;
}

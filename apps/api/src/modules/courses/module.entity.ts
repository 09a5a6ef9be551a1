import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A module of a course (the table is `modules`). */
@Entity('modules')
export class CourseModuleEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: string;
  @Column({ type: 'text', insert: false, update: false }) id_slug: string;
  @Column({ type: 'bigint' }) course_id: string;
  @Column({ type: 'text' }) title: string;
  @Column({ type: 'integer' }) order: number;
  @CreateDateColumn({ type: 'timestamptz' }) created_date: Date;
}

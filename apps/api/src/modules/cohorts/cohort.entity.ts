import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('cohorts')
export class CohortEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: string;
  @Column({ type: 'text', insert: false, update: false }) id_slug: string;
  @Column({ type: 'text' }) title: string;
  @Column({ type: 'timestamptz' }) start_date: Date;
  @Column({ type: 'timestamptz' }) end_date: Date;
  @Column({ type: 'timestamptz' }) end_access_date: Date;
  @Column({ type: 'timestamptz', nullable: true }) result_open_date: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) created_date: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) modified_date: Date;
}

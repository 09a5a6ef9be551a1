import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Role } from '@school/contracts';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: string;
  @Column({ type: 'text', insert: false, update: false }) id_slug: string;
  @Column({ type: 'text' }) email: string;
  @Column({ type: 'text' }) first_name: string;
  @Column({ type: 'text' }) last_name: string;
  @Column({ type: 'text' }) role: Role;
  @Column({ type: 'text', select: false }) password_hash: string;
  @Column({ type: 'boolean' }) is_suspended: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) created_date: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) modified_date: Date;
}

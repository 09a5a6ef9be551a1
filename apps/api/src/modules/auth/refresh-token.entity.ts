import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('refresh_tokens')
export class RefreshTokenEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: string;
  @Column({ type: 'bigint' }) user_id: string;
  @Column({ type: 'uuid' }) family_id: string;
  @Column({ type: 'text' }) token_hash: string;
  @Column({ type: 'timestamptz' }) expires_at: Date;
  @Column({ type: 'timestamptz', nullable: true }) used_at: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) revoked_at: Date | null;
  @Column({ type: 'timestamptz', insert: false, update: false }) created_at: Date;
}

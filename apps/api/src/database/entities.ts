import { RefreshTokenEntity } from '../modules/auth/refresh-token.entity';
import { UserEntity } from '../modules/users/user.entity';

/** Every TypeORM entity. Entities serve writes and small reads; hot reads use SQL. */
export const entities = [UserEntity, RefreshTokenEntity];

import { InitialSchema1763700000000 } from './1763700000000-initial-schema';

/** Every migration, oldest first. Add a new one at the end. */
export const migrations = [InitialSchema1763700000000];

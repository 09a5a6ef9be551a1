import { readOrigins } from '@school/ui/origins';

/** Origins of the three apps in a subdomain deployment; empty means everything is at one origin. */
export const origins = readOrigins(import.meta.env);

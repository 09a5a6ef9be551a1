import { z } from 'zod';
import type { AppOrigins } from './routing';

const OriginsEnvSchema = z.object({
  VITE_WEB_ORIGIN: z.url().optional().or(z.literal('')),
  VITE_LEARN_ORIGIN: z.url().optional().or(z.literal('')),
  VITE_ADMIN_ORIGIN: z.url().optional().or(z.literal('')),
});

/**
 * Origins of the three apps in a subdomain deployment, read from a build's environment
 * (`import.meta.env`); empty means everything is at one origin. Imported as `@school/ui/origins`
 * so that the public site, which checks its environment without zod, does not load it.
 */
export function readOrigins(env: unknown): AppOrigins {
  const parsed = OriginsEnvSchema.parse(env);
  return {
    web: parsed.VITE_WEB_ORIGIN || undefined,
    learn: parsed.VITE_LEARN_ORIGIN || undefined,
    admin: parsed.VITE_ADMIN_ORIGIN || undefined,
  };
}

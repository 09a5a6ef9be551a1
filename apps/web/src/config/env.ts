import type { AppOrigins } from '@school/ui';
import { z } from 'zod';

const EnvSchema = z.object({
  VITE_WEB_ORIGIN: z.url().optional().or(z.literal('')),
  VITE_LEARN_ORIGIN: z.url().optional().or(z.literal('')),
  VITE_ADMIN_ORIGIN: z.url().optional().or(z.literal('')),
});

const env = EnvSchema.parse(import.meta.env);

/** Origins of the three apps in a subdomain deployment; empty means everything is at one origin. */
export const origins: AppOrigins = {
  web: env.VITE_WEB_ORIGIN || undefined,
  learn: env.VITE_LEARN_ORIGIN || undefined,
  admin: env.VITE_ADMIN_ORIGIN || undefined,
};

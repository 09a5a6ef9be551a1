import { parse } from 'yaml';

/**
 * docker-compose.yml read as `docker compose` reads it: YAML with merge keys, then `${VAR}`,
 * `${VAR:-default}`, `${VAR:?message}` and `$$` filled in from the environment given.
 */
export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  environment: Record<string, string>;
  depends_on: Record<string, { condition: string }>;
  healthcheck?: { test: string | string[] };
  restart?: string;
  volumes: string[];
  ports: string[];
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes: string[];
}

/** Fills one string as compose does; a required variable that is unset throws its message. */
export function interpolate(text: string, env: Record<string, string | undefined>): string {
  return text.replace(/\$\$|\$\{([A-Za-z_]\w*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_]\w*)/g, (all, braced, op, arg, bare) => {
    if (all === '$$') return '$';
    const name = (braced ?? bare) as string;
    const value = env[name];
    const unset = op?.startsWith(':') ? !value : value === undefined;
    if (op?.endsWith('?') && unset) throw new Error(`required variable ${name} is missing a value: ${arg}`);
    if (op?.endsWith('-') && unset) return arg as string;
    return value ?? '';
  });
}

function fill(value: unknown, env: Record<string, string | undefined>): unknown {
  if (typeof value === 'string') return interpolate(value, env);
  if (Array.isArray(value)) return value.map((v) => fill(v, env));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, env)]));
  return value;
}

/** `KEY: value` maps and `- KEY=value` lists alike. */
function asMap(value: unknown): Record<string, string> {
  if (!value) return {};
  if (Array.isArray(value)) return Object.fromEntries(value.map((item: string) => [item.split('=')[0], item.slice(item.indexOf('=') + 1)]));
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}

export function readCompose(text: string, env: Record<string, string | undefined>): ComposeFile {
  const raw = fill(parse(text, { merge: true }), env) as {
    services: Record<string, Record<string, unknown>>;
    volumes?: Record<string, unknown>;
  };
  const services = Object.fromEntries(
    Object.entries(raw.services).map(([name, s]) => {
      const deps = s.depends_on as Record<string, { condition?: string }> | string[] | undefined;
      const depends_on = Array.isArray(deps)
        ? Object.fromEntries(deps.map((d) => [d, { condition: 'service_started' }]))
        : Object.fromEntries(Object.entries(deps ?? {}).map(([d, c]) => [d, { condition: c?.condition ?? 'service_started' }]));
      const service: ComposeService = {
        image: s.image as string | undefined,
        build: s.build as ComposeService['build'],
        environment: asMap(s.environment),
        depends_on,
        healthcheck: s.healthcheck as ComposeService['healthcheck'],
        restart: s.restart as string | undefined,
        volumes: ((s.volumes as string[] | undefined) ?? []).map(String),
        ports: ((s.ports as string[] | undefined) ?? []).map(String),
      };
      return [name, service];
    }),
  );
  return { services, volumes: Object.keys(raw.volumes ?? {}) };
}

/** A service's health check as one command line. */
export function healthcheckText(service: ComposeService): string {
  const test = service.healthcheck?.test;
  return Array.isArray(test) ? test.join(' ') : (test ?? '');
}

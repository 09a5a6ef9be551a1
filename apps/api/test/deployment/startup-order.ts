import { type ComposeFile, healthcheckText } from './compose-file';

/** `from` cannot become healthy (or start) until `to` is: a depends_on, or what its health check asks. */
export interface Need {
  from: string;
  to: string;
  why: string;
}

/**
 * The service a host name reaches from inside the compose network: a service by its name, or the
 * nginx service for the public names its servers answer (DNS sends them to its published port).
 */
export function serviceForHost(host: string, compose: ComposeFile, proxy: { service: string; names: string[] }): string | undefined {
  if (compose.services[host]) return host;
  return proxy.names.includes(host) ? proxy.service : undefined;
}

/**
 * Every need between services: their depends_on, and for an API replica whose health check is
 * its readiness (/api/health/ready) the dependencies that readiness asks (health.controller.ts:
 * the database, and the file store when STORAGE=s3), found by the hosts of its settings.
 */
export function startupNeeds(compose: ComposeFile, proxy: { service: string; names: string[] }): Need[] {
  const needs: Need[] = [];
  for (const [name, service] of Object.entries(compose.services)) {
    for (const [to, { condition }] of Object.entries(service.depends_on))
      needs.push({ from: name, to, why: `depends_on ${to} (${condition})` });
    if (!healthcheckText(service).includes('/api/health/ready')) continue;
    const asked: [string, string | undefined][] = [['DATABASE_URL', service.environment.DATABASE_URL]];
    if (service.environment.STORAGE === 's3') asked.push(['S3_ENDPOINT', service.environment.S3_ENDPOINT]);
    for (const [setting, url] of asked) {
      if (!url) continue;
      const host = new URL(url).hostname;
      const to = serviceForHost(host, compose, proxy);
      if (to && to !== name) needs.push({ from: name, to, why: `its readiness asks ${setting} at ${host}` });
    }
  }
  return needs;
}

/** An order in which every service can become healthy, or the cycle that prevents one. */
export function startupOrder(services: string[], needs: Need[]): { order: string[] } | { cycle: Need[] } {
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const path: Need[] = [];
  const visit = (name: string): Need[] | undefined => {
    if (state.get(name) === 'done') return undefined;
    if (state.get(name) === 'visiting') return path.slice(path.findIndex((n) => n.from === name));
    state.set(name, 'visiting');
    for (const need of needs.filter((n) => n.from === name)) {
      path.push(need);
      const cycle = visit(need.to);
      if (cycle) return cycle;
      path.pop();
    }
    state.set(name, 'done');
    order.push(name);
    return undefined;
  };
  for (const name of services) {
    const cycle = visit(name);
    if (cycle) return { cycle };
  }
  return { order };
}

export const describeCycle = (cycle: Need[]) => cycle.map((n) => `${n.from} waits for ${n.to}: ${n.why}`).join('; ');

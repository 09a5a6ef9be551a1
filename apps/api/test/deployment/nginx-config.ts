import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * Enough of nginx to say what it answers for a host and a path, without nginx: its config parsed
 * into directives, a server chosen by name, a location chosen as nginx chooses it (exact, then
 * the longest prefix unless a regex matches first, `^~` stopping the regexes), then that
 * location's `if (-f)`/`return`, `proxy_pass`, `alias` or `try_files`, with `error_page`.
 * Only what infra/nginx uses is modelled; anything else fails the test instead of passing silently.
 */
export interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

export type Answer =
  | { kind: 'proxy'; upstream: string; servers: string[]; host: string | undefined }
  | { kind: 'file'; file: string; status: number }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'status'; status: number };

function tokens(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) i++;
    else if (c === '#') while (i < text.length && text[i] !== '\n') i++;
    else if (c === '{' || c === '}' || c === ';') out.push(text[i++]);
    else if (c === '"' || c === "'") {
      let j = i + 1;
      let word = '';
      while (text[j] !== c) {
        if (text[j] === '\\') j++;
        word += text[j++];
      }
      out.push(word);
      i = j + 1;
    } else {
      let word = '';
      while (i < text.length && !/[\s{};]/.test(text[i])) word += text[i++];
      out.push(word);
    }
  }
  return out;
}

/** Parses nginx config text; `include /etc/nginx/<file>` reads infra/nginx/<file>, as the image lays them. */
export function parseNginx(text: string, includeDir: string): Directive[] {
  const list = tokens(text);
  let at = 0;
  const block = (): Directive[] => {
    const out: Directive[] = [];
    while (at < list.length && list[at] !== '}') {
      const words: string[] = [];
      while (list[at] !== ';' && list[at] !== '{') {
        if (at >= list.length) throw new Error(`nginx config ends inside "${words.join(' ')}"`);
        words.push(list[at++]);
      }
      const [name, ...args] = words;
      if (list[at++] === '{') {
        out.push({ name, args, block: block() });
        if (list[at++] !== '}') throw new Error(`nginx block "${words.join(' ')}" is not closed`);
      } else if (name === 'include') {
        out.push(...parseNginx(readFileSync(join(includeDir, basename(args[0])), 'utf8'), includeDir));
      } else out.push({ name, args });
    }
    return out;
  };
  const all = block();
  if (at < list.length) throw new Error('nginx config has an unmatched }');
  return all;
}

const first = (list: Directive[] | undefined, name: string) => list?.find((d) => d.name === name);

export class NginxSite {
  private readonly servers: Directive[];

  /** `exists(path)`: whether an absolute file path is in the image. */
  constructor(
    private readonly http: Directive[],
    private readonly exists: (path: string) => boolean,
  ) {
    this.servers = http.filter((d) => d.name === 'server');
  }

  /** The hosts of every upstream block, by name: what nginx must resolve when it starts. */
  upstreams(): Map<string, string[]> {
    return new Map(
      this.http
        .filter((d) => d.name === 'upstream')
        .map((u) => [u.args[0], u.block!.filter((d) => d.name === 'server').map((d) => d.args[0])]),
    );
  }

  serverNames(): string[] {
    return this.servers.flatMap((s) => first(s.block, 'server_name')?.args ?? []).filter((n) => n !== '_');
  }

  private server(host: string): Directive {
    return (
      this.servers.find((s) => first(s.block, 'server_name')?.args.includes(host)) ??
      this.servers.find((s) => first(s.block, 'listen')?.args.includes('default_server'))!
    );
  }

  /** What nginx answers a GET of `url` on `host`. */
  get(host: string, url: string): Answer {
    const server = this.server(host);
    return this.answer(server, host, new URL(url, 'http://x').pathname, 0);
  }

  private answer(server: Directive, host: string, uri: string, depth: number): Answer {
    if (depth > 5) throw new Error(`nginx loops on ${uri}`);
    const { location, vars } = this.location(server.block!, uri);
    const root = first(server.block, 'root')?.args[0] ?? '/etc/nginx/html';
    const alias = first(location.block, 'alias')?.args[0];
    const values: Record<string, string> = { ...vars, uri, host, document_root: root };
    const fill = (s: string) =>
      s.replace(/\$(\w+)/g, (_, name: string) => {
        if (!(name in values)) throw new Error(`nginx variable $${name} is not modelled`);
        return values[name];
      });
    const fail = (status: number): Answer => {
      const page = [location.block, server.block]
        .map((b) => b?.find((d) => d.name === 'error_page' && d.args.includes(String(status))))
        .find(Boolean);
      if (!page) return { kind: 'status', status };
      const answer = this.answer(server, host, page.args[page.args.length - 1], depth + 1);
      return answer.kind === 'file' ? { ...answer, status } : answer;
    };
    const returned = (d: Directive): Answer => {
      const status = Number(d.args[0]);
      if (status === 301 || status === 302) return { kind: 'redirect', status, location: fill(d.args[1]) };
      return d.args.length > 1 ? { kind: 'status', status } : fail(status);
    };
    // Rewrite phase: `if` and `return`, in order.
    for (const d of location.block!) {
      if (d.name === 'if') {
        const condition = d.args
          .join(' ')
          .replace(/^\(|\)$/g, '')
          .trim();
        const test = /^(!?)-f (\S+)$/.exec(condition);
        if (!test) throw new Error(`nginx condition "${condition}" is not modelled`);
        if (this.exists(fill(test[2])) !== (test[1] === '!')) {
          const ret = first(d.block, 'return');
          if (ret) return returned(ret);
        }
      } else if (d.name === 'return') return returned(d);
    }
    const proxy = first(location.block, 'proxy_pass');
    if (proxy) {
      const upstream = proxy.args[0].replace(/^https?:\/\//, '');
      const hostHeader = location.block!.find((d) => d.name === 'proxy_set_header' && d.args[0] === 'Host');
      return {
        kind: 'proxy',
        upstream,
        servers: this.upstreams().get(upstream) ?? [upstream],
        host: hostHeader ? fill(hostHeader.args[1]) : undefined,
      };
    }
    const tryFiles = first(location.block, 'try_files');
    if (tryFiles) {
      for (const candidate of tryFiles.args.slice(0, -1).map(fill)) {
        const file = candidate.endsWith('/') ? `${root}${candidate}index.html` : `${root}${candidate}`;
        if (this.exists(file)) return { kind: 'file', file, status: 200 };
      }
      const last = tryFiles.args[tryFiles.args.length - 1];
      if (last.startsWith('=')) return fail(Number(last.slice(1)));
      return this.answer(server, host, fill(last), depth + 1);
    }
    if (alias) {
      const file = alias + uri.slice(location.args[location.args.length - 1].length);
      return this.exists(file) ? { kind: 'file', file, status: 200 } : fail(404);
    }
    const file = `${root}${uri}`;
    return this.exists(file) ? { kind: 'file', file, status: 200 } : fail(404);
  }

  /** nginx's choice of location for `uri`, with the regex's named and numbered captures. */
  private location(block: Directive[], uri: string): { location: Directive; vars: Record<string, string> } {
    const locations = block.filter((d) => d.name === 'location');
    const exact = locations.find((l) => l.args[0] === '=' && l.args[1] === uri);
    if (exact) return { location: exact, vars: {} };
    const prefixes = locations
      .filter((l) => l.args.length === 1 || l.args[0] === '^~')
      .filter((l) => uri.startsWith(l.args[l.args.length - 1]))
      .sort((a, b) => b.args[b.args.length - 1].length - a.args[a.args.length - 1].length);
    if (prefixes[0]?.args[0] === '^~') return { location: prefixes[0], vars: {} };
    for (const l of locations.filter((d) => d.args[0] === '~' || d.args[0] === '~*')) {
      const match = new RegExp(l.args[1], l.args[0] === '~*' ? 'i' : '').exec(uri);
      if (match) {
        const numbered = Object.fromEntries(match.slice(1).map((v, i) => [String(i + 1), v ?? '']));
        return { location: l, vars: { ...numbered, ...match.groups } };
      }
    }
    if (!prefixes[0]) throw new Error(`no nginx location takes ${uri}`);
    return { location: prefixes[0], vars: {} };
  }
}

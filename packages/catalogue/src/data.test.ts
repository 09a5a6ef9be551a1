import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as data from './data';
import * as catalogue from './index';

const srcDir = dirname(fileURLToPath(import.meta.url));

/** Relative import specifiers of a source file. */
function relativeImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g)].map((match) => match[1]);
}

/** Every file reachable from an entry through relative imports (svg files included as leaves). */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.endsWith('.ts')) return;
    for (const specifier of relativeImports(file)) {
      const target = resolve(dirname(file), specifier);
      if (/\.svg(\?.*)?$/.test(specifier)) seen.add(target);
      else walk(resolveTs(target));
    }
  };
  walk(entry);
  return seen;
}

function resolveTs(path: string): string {
  for (const candidate of [`${path}.ts`, `${path}/index.ts`]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // try the next candidate
    }
  }
  throw new Error(`Cannot resolve ${path}`);
}

describe('entry points', () => {
  it('keeps the data entry free of asset imports, so any runtime can load it', () => {
    const files = [...reachable(resolve(srcDir, 'data.ts'))];
    expect(files.some((file) => file.endsWith('courses/index.ts'))).toBe(true);
    expect(files.filter((file) => /\.svg/.test(file))).toEqual([]);
    expect('imageFor' in data).toBe(false);
  });

  it('exports the data and the image helpers from the main entry', () => {
    const files = [...reachable(resolve(srcDir, 'index.ts'))];
    expect(files.filter((file) => /\.svg/.test(file)).length).toBeGreaterThan(0);
    for (const name of Object.keys(data)) expect(catalogue, name).toHaveProperty(name);
    expect(typeof catalogue.imageFor).toBe('function');
    expect(typeof catalogue.courseImage).toBe('function');
    expect(typeof catalogue.placeholderImage).toBe('string');
  });
});

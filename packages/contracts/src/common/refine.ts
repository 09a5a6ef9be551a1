import type { z } from 'zod';

/**
 * Refinement options asserting `value[confirm] === value[source]`, reported on `confirm`.
 * It runs even when other fields of the object are invalid (so a form can show every message
 * at once), but only when both compared fields are present as strings.
 */
export function matchesField<K extends string>(source: string, confirm: K, message: string) {
  return {
    check: (value: Record<string, unknown>) => value[confirm] === value[source],
    params: {
      path: [confirm],
      error: message,
      when(payload: z.core.ParsePayload<unknown>) {
        const v = payload.value as Record<string, unknown> | null;
        if (!v || typeof v !== 'object') return false;
        if (typeof v[source] !== 'string' || typeof v[confirm] !== 'string') return false;
        if ((v[confirm] as string).length === 0) return false;
        return !payload.issues.some((issue) => issue.path?.[0] === confirm);
      },
    },
  };
}

/**
 * `when` condition for checks that follow a "required" check: run only on a non-empty string,
 * so an empty value reports the required message alone. (`abort: true` is avoided on purpose:
 * it would also stop the object-level refinements such as "Passwords do not match".)
 */
export function filled(payload: z.core.ParsePayload<unknown>): boolean {
  return typeof payload.value === 'string' && payload.value.length > 0;
}

/** Like `filled`, and at most `max` characters long (so an over-long value reports only its length). */
export function filledWithin(max: number) {
  return (payload: z.core.ParsePayload<unknown>): boolean =>
    typeof payload.value === 'string' && payload.value.length > 0 && payload.value.length <= max;
}

/**
 * Attach a `when` condition to the params of a built-in check (min, max, regex, email...).
 * zod 4 honours `def.when` for every check; its param types only declare it for refinements.
 */
export function onlyWhen<P extends object>(when: (payload: z.core.ParsePayload<unknown>) => boolean, params: P): P {
  return { ...params, when } as P;
}

/**
 * Refinement options asserting that the date-time `later` comes after `earlier` (strictly when
 * `strict`), reported on `later`; runs only when both parse as dates and have no issue of their own.
 */
export function matchesOrder<K extends string>(earlier: string, later: K, message: string, strict: boolean) {
  return {
    check: (value: Record<string, unknown>) => {
      const a = Date.parse(String(value[earlier]));
      const b = Date.parse(String(value[later]));
      return strict ? b > a : b >= a;
    },
    params: {
      path: [later],
      error: message,
      when(payload: z.core.ParsePayload<unknown>) {
        const v = payload.value as Record<string, unknown> | null;
        if (!v || typeof v !== 'object') return false;
        if (payload.issues.some((i) => i.path?.[0] === earlier || i.path?.[0] === later)) return false;
        return !Number.isNaN(Date.parse(String(v[earlier]))) && !Number.isNaN(Date.parse(String(v[later])));
      },
    },
  };
}

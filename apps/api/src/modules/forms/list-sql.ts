import { BadRequestException } from '@nestjs/common';

/** A `%text%` ILIKE pattern with the user's wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The ORDER BY clause for an `order_by` value ('title' or '-title'): only the listed columns are
 * accepted (they are interpolated into SQL), and `id` breaks ties so pages never overlap.
 */
export function orderClause(orderBy: string, columns: Readonly<Record<string, string>>): string {
  const desc = orderBy.startsWith('-');
  const key = desc ? orderBy.slice(1) : orderBy;
  const column = Object.hasOwn(columns, key) ? columns[key] : undefined;
  if (!column) {
    throw new BadRequestException({
      message: `order_by must be one of: ${Object.keys(columns).flatMap((k) => [k, `-${k}`]).join(', ')}`,
      errors: { order_by: 'Unknown sort order' },
    });
  }
  const dir = desc ? 'DESC' : 'ASC';
  return `${column} ${dir}, id ${dir}`;
}

export const numPages = (count: number, pageSize: number) => Math.ceil(count / pageSize);

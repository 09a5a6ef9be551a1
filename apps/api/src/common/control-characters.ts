import { CONTROL_CHARACTER_MESSAGE, findControlCharacter, hasControlCharacter } from '@school/contracts';
import type { NextFunction, Request, Response } from 'express';

/**
 * Refuses, with a 400 naming the field, any API request whose path, query or parsed body holds a
 * control character no field accepts (NUL above all: PostgreSQL cannot store it in text). The
 * contracts' schemas refuse them field by field too (one-line text refuses every C0 character);
 * this catches what reaches a handler without a schema. Runs after the body parsers.
 */
export function refuseControlCharacters(req: Request, res: Response, next: NextFunction): void {
  const field = controlCharacterField(req);
  if (field === null) return next();
  const errors = FORM_COLLECTION_PATHS.test(req.originalUrl.split('?')[0])
    ? [{ field, message: CONTROL_CHARACTER_MESSAGE }]
    : { [field]: CONTROL_CHARACTER_MESSAGE };
  res.status(400).json({ message: CONTROL_CHARACTER_MESSAGE, errors });
}

/** The public forms, whose contract lists errors as `[{ field, message }]` (see FormCollectionPipe). */
const FORM_COLLECTION_PATHS = /^\/api\/forms\/(contact|course-interest)\/?$/;

function controlCharacterField(req: Request): string | null {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    return null; // a malformed escape is answered by the router
  }
  if (hasControlCharacter(path)) return 'path';
  const inQuery = findControlCharacter(req.query);
  if (inQuery !== null) return inQuery || 'query';
  const inBody = findControlCharacter(req.body);
  if (inBody !== null) return inBody || 'body';
  return null;
}

/**
 * JSON already serialised, typed by the value it encodes. For answers too large to build as
 * objects and stringify on every request: a controller returns it as the body, with a JSON
 * Content-Type, and Express sends the text as it is.
 */
export type JsonText<T> = string & { readonly __encodes?: T };

/** `{"data": …}` around serialised JSON, as every API answer is wrapped. */
export function dataEnvelope<T>(json: JsonText<T>): JsonText<{ data: T }> {
  return `{"data":${json}}`;
}

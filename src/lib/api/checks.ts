/**
 * Shape checks of the API's answers in the browser. The shapes are defined once, by the shared
 * schemas' types (schemas.ts and the *-schemas.ts files): a check names the fields its callers rely
 * on, and the compiler holds each to its schema's type, so a check cannot drift from its schema while
 * zod stays out of the JavaScript every page loads.
 */

/** Whether an unknown value is a T. */
export type Check<T> = (data: unknown) => data is T;

type KindName = 'string' | 'number' | 'boolean' | 'array' | 'object';

/** How a value of a schema type looks at run time: 'object' for records, 'array' for lists. */
type Kind<V> = V extends string
  ? 'string'
  : V extends number
    ? 'number'
    : V extends boolean
      ? 'boolean'
      : V extends readonly unknown[]
        ? 'array'
        : 'object';

/** The fields to check, each by its kind or by a check of its own; nullable and optional fields cannot be named. */
type Fields<T> = { [K in keyof T as null extends T[K] ? never : undefined extends T[K] ? never : K]?: Kind<T[K]> | Check<T[K]> };

/** A plain JSON object (not null, not a list). */
const isRecord = (data: unknown): data is Record<string, unknown> => typeof data === 'object' && data !== null && !Array.isArray(data);

const KINDS: Record<KindName, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number',
  boolean: (value) => typeof value === 'boolean',
  array: Array.isArray,
  object: isRecord,
};

/** An object whose named fields have their schema's kinds. */
export function fieldsOf<T>(fields: Fields<T>): Check<T> {
  const checks = Object.entries(fields).map(
    ([key, kind]) => [key, typeof kind === 'function' ? (kind as Check<unknown>) : KINDS[kind as KindName]] as const,
  );
  return (data): data is T => isRecord(data) && checks.every(([key, check]) => check(data[key]));
}

/** A list whose every item passes `item`. */
export const listOf =
  <T>(item: Check<T>): Check<T[]> =>
  (data): data is T[] =>
    Array.isArray(data) && data.every(item);

/** An object whose every value passes `item`. */
export const recordOf =
  <T>(item: Check<T>): Check<Record<string, T>> =>
  (data): data is Record<string, T> =>
    isRecord(data) && Object.values(data).every(item);

/** A string. */
export const isText: Check<string> = (data): data is string => typeof data === 'string';

/** `true`, the `success` of an envelope that succeeded. */
export const isTrue: Check<true> = (data): data is true => data === true;

/** Any JSON answer, for callers that read it with their own parser. */
export const anyJson: Check<unknown> = (data): data is unknown => data !== undefined;

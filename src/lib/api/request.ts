import type { Check } from './checks.ts';
import { readCache, writeCache } from './local-cache.ts';

/**
 * The one way the storefront calls its API: JSON in and out, checked against the shared schemas'
 * types. An error status becomes an ApiError carrying the API's `{ mensaje }`; a request that got no
 * answer becomes a NetworkError; an answer of the wrong shape is an ApiError 502.
 */

/** The API base of the storefront (PUBLIC_API_BASE), same origin by default. */
export const API_BASE = (import.meta.env?.PUBLIC_API_BASE ?? '').replace(/\/+$/, '');

/** An error answer of the API (or one the storefront cannot use: 502), with a Spanish message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The API's own Spanish `mensaje`, when its answer carried one. */
  readonly mensaje: string | undefined;

  constructor(
    readonly status: number,
    mensaje?: string,
  ) {
    super(mensaje ?? `La tienda no pudo atender la solicitud (error ${status}).`);
    this.mensaje = mensaje;
  }
}

/** The request got no answer: offline, or the API could not be reached. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super('No se pudo conectar con la tienda. Revisa tu conexión e intenta nuevamente.', { cause });
  }
}

/** The API's own words for a failed call, or undefined (no answer, or an answer without mensaje). */
export const serverMessage = (error: unknown) => (error instanceof ApiError ? error.mensaje : undefined);

export interface RequestOptions<T> {
  /** What a successful answer must look like; anything else is an ApiError 502. */
  check: Check<T>;
  method?: 'GET' | 'POST' | 'PUT';
  /** Sent as JSON. */
  body?: unknown;
  /** Bearer token of the customer's calls (their answers are never cached). */
  token?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** GET without token only: an answer stored less than this many ms ago is used (storefront §7); 0 always asks but still stores. */
  cacheMs?: number;
  /** A more specific error for an error answer (create-preference's price change); undefined keeps the ApiError. */
  errorFrom?: (status: number, body: unknown) => ApiError | undefined;
}

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The text of an answer's `{ mensaje }`, when it is one. */
function mensajeOf(body: unknown): string | undefined {
  const mensaje = (body as { mensaje?: unknown } | undefined)?.mensaje;
  return typeof mensaje === 'string' && mensaje.trim() !== '' ? mensaje : undefined;
}

/** Calls `path` and answers its JSON once `check` accepts it. */
export async function request<T>(path: string, { check, method = 'GET', body, token, headers, signal, cacheMs, errorFrom }: RequestOptions<T>): Promise<T> {
  const store = method === 'GET' && cacheMs !== undefined && !token ? storage() : undefined;
  if (store && cacheMs! > 0) {
    const cached = readCache(store, path, cacheMs!);
    if (check(cached)) return cached;
  }
  const all: Record<string, string> = { Accept: 'application/json', ...headers };
  if (body !== undefined) all['Content-Type'] = 'application/json';
  if (token) all.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(API_BASE + path, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body), signal });
  } catch (error) {
    // A cancelled call stays what it is: its caller asked for it.
    if (signal?.aborted) throw error;
    throw new NetworkError(error);
  }
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw errorFrom?.(res.status, data) ?? new ApiError(res.status, mensajeOf(data));
  if (!check(data)) throw new ApiError(502);
  if (store) writeCache(store, path, data);
  return data;
}

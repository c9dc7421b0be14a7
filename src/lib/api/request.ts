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

/** How a call reaches the API: its verb, JSON body, bearer token and headers; where the API is and how to fetch it. */
export interface SendOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Bearer token of the customer's (or the operator's) calls; their answers are never cached. */
  token?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The API's base URL; API_BASE (the storefront's) by default. */
  base?: string;
  /** How to send the request; the global fetch by default (the command line passes its own transport). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

export interface RequestOptions<T> extends SendOptions {
  /** What a successful answer must look like; anything else is an ApiError 502. */
  check: Check<T>;
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

/** An error answer as the ApiError it means, with the API's `mensaje` when its JSON carries one (a download's refusal is JSON too). */
export const refusal = async (res: Response) => new ApiError(res.status, mensajeOf(await res.json().catch(() => undefined)));

/** Sends one call to `path` and answers the API's response as it came (any status); a call without answer is a NetworkError. */
export async function send(
  path: string,
  { method = 'GET', body, token, headers, signal, base = API_BASE, fetch: transport = fetch }: SendOptions,
): Promise<Response> {
  const all: Record<string, string> = { ...headers };
  if (body !== undefined) all['Content-Type'] = 'application/json';
  if (token) all.Authorization = `Bearer ${token}`;
  try {
    return await transport(base + path, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body), signal });
  } catch (error) {
    // A cancelled call stays what it is: its caller asked for it.
    if (signal?.aborted) throw error;
    throw new NetworkError(error);
  }
}

/** Calls `path` and answers its JSON once `check` accepts it. */
export async function request<T>(path: string, { check, cacheMs, errorFrom, ...options }: RequestOptions<T>): Promise<T> {
  const store = (options.method ?? 'GET') === 'GET' && cacheMs !== undefined && !options.token ? storage() : undefined;
  if (store && cacheMs! > 0) {
    const cached = readCache(store, path, cacheMs!);
    if (check(cached)) return cached;
  }
  const res = await send(path, { ...options, headers: { Accept: 'application/json', ...options.headers } });
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw errorFrom?.(res.status, data) ?? new ApiError(res.status, mensajeOf(data));
  if (!check(data)) throw new ApiError(502);
  if (store) writeCache(store, path, data);
  return data;
}

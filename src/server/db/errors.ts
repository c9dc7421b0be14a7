/**
 * What the server may say about a database error. Drizzle's DrizzleQueryError carries the query's
 * parameters (in `params` and in its message) and Postgres errors carry a `detail` that quotes row
 * values: personal data, once a generated secret. Logs get the SQL text and the error code instead.
 */

/** Node socket errors and SQLSTATEs that mean the database cannot answer now (not that the query is wrong). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
]);

/** node-postgres raises these as plain Errors without a code. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection terminated due to connection timeout/i;

interface QueryFailure {
  query: string;
  params: unknown[];
}

/** Whether `error` (or an error it wraps) says the database is unreachable, silent or shutting down. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((cause) => {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    return cause instanceof Error && UNAVAILABLE_MESSAGES.test(cause.message);
  });
}

/**
 * A log line for `error` without the query's parameters: the SQL text, each wrapped error's name,
 * message (with any parameter value blanked) and code, never `detail`, then (unless `stack: false`) the stack frames.
 */
export function describeError(error: unknown, { stack = true }: { stack?: boolean } = {}): string {
  const chain = causes(error);
  // Drizzle wraps the driver's error; PGlite's own error carries `query` and `params` too.
  const secrets = chain
    .filter(isQueryFailure)
    .flatMap((failure) => failure.params)
    .map((param) => (param instanceof Date ? param.toISOString() : String(param)))
    .filter((value) => value.length >= 3);
  const blank = (text: string) => secrets.reduce((result, secret) => result.split(secret).join('[omitido]'), text);
  const lines = chain.map((cause) => {
    if (isQueryFailure(cause) && !(cause as { code?: unknown }).code)
      return `Consulta fallida: ${cause.query} (${cause.params.length} parámetros omitidos)`;
    if (!(cause instanceof Error)) return blank(String(cause));
    const fields = cause as Error & Record<string, unknown>;
    const extras = ['code', 'table', 'column', 'constraint', 'routine']
      .filter((key) => typeof fields[key] === 'string' && fields[key])
      .map((key) => `${key}=${String(fields[key])}`);
    if (fields.detail) extras.push('detail omitido');
    return blank(`${cause.name}: ${cause.message}`) + (extras.length ? ` [${extras.join(', ')}]` : '');
  });
  const frames = stack && error instanceof Error ? (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return [...lines.map((line, depth) => (depth ? `  causado por: ${line}` : line)), ...frames].join('\n');
}

/** console.error of `error` through describeError, so no query parameter reaches the logs. */
export function logError(context: string, error: unknown): void {
  console.error(`${context}: ${describeError(error)}`);
}

function isQueryFailure(error: unknown): error is Error & QueryFailure {
  return (
    error instanceof Error &&
    typeof (error as Partial<QueryFailure>).query === 'string' &&
    Array.isArray((error as Partial<QueryFailure>).params)
  );
}

/** The error and the errors it wraps (`cause`), outermost first. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (
    let current = error;
    current !== undefined && current !== null && chain.length < 6;
    current = (current as { cause?: unknown }).cause
  ) {
    chain.push(current);
    if (typeof current !== 'object') break;
  }
  return chain;
}

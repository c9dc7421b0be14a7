import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleError, MENSAJE_SIN_BASE_DE_DATOS } from '../http/errors.ts';
import { connectDatabase, type Database } from './client.ts';
import { describeError, isDatabaseUnavailable } from './errors.ts';

const SECRETO = 'clave-generada-8f3a9c1d';

/** An app whose only route runs `failing` and answers through the API's error handler. */
function appThatThrows(failing: () => Promise<unknown>) {
  const app = new Hono();
  app.get('/falla', async (c) => c.json(await failing()));
  app.onError(handleError);
  return app;
}

/** What `run` printed through console.error. */
async function loggedBy(run: () => Promise<unknown>): Promise<string> {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    await run();
    return spy.mock.calls
      .map((args) => args.map((arg) => (arg instanceof Error ? `${arg.stack} ${JSON.stringify({ ...arg })}` : String(arg))).join(' '))
      .join('\n');
  } finally {
    spy.mockRestore();
  }
}

describe('a database that cannot answer', () => {
  const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

  it('is told apart from a wrong query', () => {
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated due to connection timeout')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('timeout exceeded when trying to connect')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Query read timeout')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('the database system is starting up'), { code: '57P03' })))).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connection failure'), { code: '08006' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('syntax error'), { code: '42601' })))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });

  it('answers 503 with a Spanish mensaje and Retry-After, while other faults stay 500', async () => {
    const down = appThatThrows(() => Promise.reject(wrapped(new Error('Connection terminated due to connection timeout'))));
    const res = await loggedBy(async () => {
      const answer = await down.request('/falla');
      expect(answer.status).toBe(503);
      expect(answer.headers.get('Retry-After')).toBe('5');
      expect(await answer.json()).toEqual({ mensaje: MENSAJE_SIN_BASE_DE_DATOS });
    });
    expect(res).toMatch(/Connection terminated/);
    const broken = appThatThrows(() => Promise.reject(new TypeError('x is undefined')));
    await loggedBy(async () => expect((await broken.request('/falla')).status).toBe(500));
  });
});

describe('error logs', () => {
  let database: Database;
  beforeAll(async () => {
    database = await connectDatabase();
    await database.db.execute(sql`CREATE TABLE secretos (valor text UNIQUE)`);
  });
  afterAll(() => database.close());

  it("never print a failing query's parameters, in the message or in Postgres' detail", async () => {
    const { db } = database;
    const badCast = appThatThrows(() => db.execute(sql`SELECT ${SECRETO}::int`));
    const duplicate = appThatThrows(async () => {
      await db.execute(sql`INSERT INTO secretos (valor) VALUES (${SECRETO}) ON CONFLICT DO NOTHING`);
      return db.execute(sql`INSERT INTO secretos (valor) VALUES (${SECRETO})`);
    });
    const logged = await loggedBy(async () => {
      expect((await badCast.request('/falla')).status).toBe(500);
      expect((await duplicate.request('/falla')).status).toBe(500);
    });
    expect(logged).not.toContain(SECRETO);
    // What is left still says what failed: the SQL text and Postgres' error code.
    expect(logged).toContain('SELECT $1::int');
    expect(logged).toContain('code=22P02');
    expect(logged).toContain('INSERT INTO secretos (valor) VALUES ($1)');
    expect(logged).toMatch(/code=23505.*constraint=secretos_valor_key.*detail omitido/);
  });

  it('describe an error without its stack when asked, for the job table', () => {
    const error = new DrizzleQueryError('SELECT $1', [SECRETO], new Error(`invalid input "${SECRETO}"`));
    const text = describeError(error, { stack: false });
    expect(text).toBe('Consulta fallida: SELECT $1 (1 parámetros omitidos)\n  causado por: Error: invalid input "[omitido]"');
  });
});

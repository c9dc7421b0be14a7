import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RECUPERACION } from '../../src/lib/tienda.ts';
import { serverConfig, type ServerConfig } from '../../src/server/config.ts';
import { createApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/client.ts';
import { clientes, codigosRecuperacion } from '../../src/server/db/schema/index.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { describeEachDatabase } from './databases.ts';

const generous = { max: 10_000, windowSeconds: 900 };
const SIN_PRUEBA = { success: false, mensaje: 'Primero valida el código enviado a tu correo.' };

/**
 * Issue 21, item 7: a validated recovery code lets only the client that validated it change the
 * password (the proof cookie /validar-codigo sets), once, for 10 minutes. Before, anyone who knew the
 * e-mail could call /cambiar-contrasena in those minutes and take the account.
 */
describeEachDatabase('recovery proof bound to the validating client', (target) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  const sent: MailMessage[] = [];
  let users = 0;

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.21.7.1', ...headers },
      body: JSON.stringify(body),
    });
  const login = async (user: string, password: string) => (await post('/login', { user, password })).status;
  /** A fresh customer (password secreta123) with a code e-mailed to her. */
  const withCode = async () => {
    const usuario = `prueba${++users}`;
    const correo = `${usuario}@example.pe`;
    expect(
      (await post('/clientes/register', { nombre: 'Rosa Huamán', usuario, correo, password: 'secreta123', telefono: '987654321' })).status,
    ).toBe(201);
    expect((await post('/send-correoprueba', { correo: usuario })).status).toBe(200);
    const code = /\b(\d{6})\b/.exec(sent.filter((m) => m.to === correo).at(-1)!.text)![1]!;
    return { usuario, correo, code };
  };
  /** Validates the code as the owner's browser does; answers the Set-Cookie line and the `name=value` pair to send back. */
  const validate = async (correo: string, code: string) => {
    const res = await post('/validar-codigo', { correo, codigoIngresado: code });
    expect(await res.json()).toEqual({ success: true, mensaje: 'Código válido. Ahora puedes cambiar tu contraseña.' });
    const setCookie = res.headers.getSetCookie().find((line) => line.startsWith('prueba_recuperacion=')) ?? '';
    return { setCookie, cookie: setCookie.split(';')[0]! };
  };
  const change = (correo: string, nuevaContrasena: string, cookie?: string) =>
    post('/cambiar-contrasena', { correo, nuevaContrasena }, cookie ? { Cookie: cookie } : {});
  const latestRow = async (usuario: string) => {
    const [cliente] = await database.db.select({ id: clientes.id }).from(clientes).where(eq(clientes.usuario, usuario));
    return (
      await database.db
        .select()
        .from(codigosRecuperacion)
        .where(eq(codigosRecuperacion.clienteId, cliente!.id))
        .orderBy(desc(codigosRecuperacion.id))
        .limit(1)
    )[0]!;
  };

  beforeAll(async () => {
    database = await target.open();
    const config: ServerConfig = {
      ...serverConfig({}),
      trustProxy: 1,
      rateLimits: {
        loginPorIp: generous,
        loginPorCuenta: generous,
        registroPorIp: generous,
        recuperacionPorIp: generous,
        recuperacionPorCorreo: generous,
        operadorPorIp: generous,
        checkoutPorCuenta: generous,
        checkoutPorIp: generous,
        reclamosPorIp: generous,
        avisosPorIp: generous,
        resenasPorCuenta: generous,
        personalPorIp: generous,
        personalPorCuenta: generous,
      },
    };
    app = createApp({ db: database.db, config, mailer: { send: async (m) => void sent.push(m) } });
  });
  afterAll(() => database?.close());

  it('refuses the password change to another client that knows the e-mail, at once and 9.5 minutes later', async () => {
    const { usuario, correo, code } = await withCode();
    const { cookie } = await validate(correo, code);
    const atOnce = await change(correo, 'tomada-por-otro1');
    expect([atOnce.status, await atOnce.json()]).toEqual([403, SIN_PRUEBA]);
    // The validation 570 s ago: still inside the proof's 10 minutes.
    const row = await latestRow(usuario);
    await database.db
      .update(codigosRecuperacion)
      .set({ validado: new Date(Date.now() - 570_000) })
      .where(eq(codigosRecuperacion.id, row.id));
    const later = await change(usuario, 'tomada-por-otro2', 'prueba_recuperacion=adivinada');
    expect([later.status, await later.json()]).toEqual([403, SIN_PRUEBA]);
    expect(await login(usuario, 'secreta123')).toBe(200);
    expect(await login(usuario, 'tomada-por-otro1')).toBe(401);
    // The owner's own browser still can.
    expect((await change(correo, 'de-la-duena-1', cookie)).status).toBe(200);
    expect(await login(usuario, 'de-la-duena-1')).toBe(200);
  });

  it('lets the validating client change it once, with an HttpOnly, Secure, SameSite=Strict cookie for /cambiar-contrasena only, kept hashed', async () => {
    const { usuario, correo, code } = await withCode();
    const { setCookie, cookie } = await validate(usuario, code);
    const attributes = setCookie.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining([
        'httponly',
        'secure',
        'samesite=strict',
        'path=/cambiar-contrasena',
        `max-age=${RECUPERACION.pruebaMinutos * 60}`,
      ]),
    );
    const proof = cookie.split('=')[1]!;
    expect(proof.length).toBeGreaterThanOrEqual(43);
    const row = await latestRow(usuario);
    expect(row.codigoHash).not.toContain(proof);
    expect(JSON.stringify(row)).not.toContain(proof);

    const changed = await change(correo, 'nuevaClave1', cookie);
    expect(await changed.json()).toEqual({ success: true, mensaje: 'Contraseña cambiada con éxito.' });
    // The spent cookie is cleared in the browser, and refused if sent again.
    expect(changed.headers.getSetCookie().some((line) => /^prueba_recuperacion=;/.test(line) && /max-age=0/i.test(line))).toBe(true);
    const again = await change(correo, 'otraClave22', cookie);
    expect([again.status, await again.json()]).toEqual([403, SIN_PRUEBA]);
    expect(await login(usuario, 'nuevaClave1')).toBe(200);
  });

  it('spends one proof once even when many requests carry it at the same moment', async () => {
    const { usuario, correo, code } = await withCode();
    const { cookie } = await validate(correo, code);
    const passwords = Array.from({ length: 8 }, (_, i) => `paralela-${i}-clave`);
    const statuses = await Promise.all(passwords.map(async (password) => (await change(correo, password, cookie)).status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(7);
    const winner = passwords[statuses.indexOf(200)]!;
    for (const password of passwords) expect(await login(usuario, password)).toBe(password === winner ? 200 : 401);
  });

  it("refuses a proof past its 10 minutes, another account's proof, and a proof replaced by a new code", async () => {
    const ana = await withCode();
    const { cookie: anaCookie } = await validate(ana.correo, ana.code);
    const luis = await withCode();
    expect((await change(luis.correo, 'robada-de-ana1', anaCookie)).status).toBe(403);

    const row = await latestRow(ana.usuario);
    await database.db
      .update(codigosRecuperacion)
      .set({ validado: new Date(Date.now() - (RECUPERACION.pruebaMinutos * 60 + 5) * 1000) })
      .where(eq(codigosRecuperacion.id, row.id));
    expect((await change(ana.correo, 'demasiado-tarde1', anaCookie)).status).toBe(403);

    const { cookie: luisCookie } = await validate(luis.correo, luis.code);
    expect((await post('/send-correoprueba', { correo: luis.usuario })).status).toBe(200);
    expect((await change(luis.correo, 'codigo-reemplazado', luisCookie)).status).toBe(403);
    expect(await login(ana.usuario, 'secreta123')).toBe(200);
    expect(await login(luis.usuario, 'secreta123')).toBe(200);
  });
});

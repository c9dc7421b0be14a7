import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverConfig, type ServerConfig } from '../../src/server/config.ts';
import { createApp } from '../../src/server/app.ts';
import { resolveJwtSecret } from '../../src/server/auth/tokens.ts';
import type { Database } from '../../src/server/db/client.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { describeEachDatabase } from './databases.ts';
import { startTestSmtp } from '../fixtures/smtp.ts';

const generous = { max: 10_000, windowSeconds: 900 };

describeEachDatabase('account API', (target) => {
  let database: Database;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  let config: ServerConfig;
  let app: ReturnType<typeof createApp>;
  let ipCounter = 0;
  let accounts = 0;

  /** Each call comes from its own IP unless told, so per-IP limits of one test never touch another. */
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.0.0.${++ipCounter % 250}`, ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  /** The fields of an account no other test uses (ana1, ana1@example.pe, …): every test creates the accounts it needs. */
  const newShopper = (overrides: Record<string, unknown> = {}) => {
    const usuario = `ana${++accounts}`;
    return {
      nombre: 'Ana María Quispe',
      usuario,
      correo: `${usuario}@example.pe`,
      password: 'secreta123',
      telefono: '987 654 321',
      ...overrides,
    };
  };
  const register = (body: Record<string, unknown>) => call('POST', '/clientes/register', body);
  const login = async (user: string, password: string) =>
    (await call('POST', '/login', { user, password })).json() as Promise<{ id: number; mensaje: string; profileCompleted: number }>;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  /** A new account, registered and signed in: its fields, its id and its token. */
  const signedUp = async () => {
    const shopper = newShopper();
    expect((await register(shopper)).status).toBe(201);
    const { id, mensaje: token } = await login(shopper.usuario, shopper.password);
    return { ...shopper, id, token };
  };

  beforeAll(async () => {
    database = await target.open();
    smtp = await startTestSmtp();
    config = {
      ...serverConfig({}),
      trustProxy: true,
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
    app = createApp({
      db: database.db,
      config,
      mailer: createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'tienda@example.pe' }),
    });
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.close();
  });

  describe('registration', () => {
    it('creates an account and answers id 1', async () => {
      const res = await register(newShopper());
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ id: 1, mensaje: '¡Registro exitoso!' });
    });
    it('refuses a taken user or e-mail regardless of case', async () => {
      const taken = newShopper();
      expect((await register(taken)).status).toBe(201);
      const user = await register(newShopper({ usuario: taken.usuario.toUpperCase() }));
      expect(user.status).toBe(409);
      expect(await user.json()).toEqual({ id: 0, mensaje: 'El nombre de usuario ya está en uso. Elige otro.' });
      const mail = await register(newShopper({ correo: taken.correo.toUpperCase() }));
      expect(mail.status).toBe(409);
      expect(await mail.json()).toEqual({ id: 0, mensaje: 'Ya existe una cuenta con ese correo electrónico.' });
    });
    it('validates every field with a Spanish mensaje', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ correo: 'no-es-correo' }, /correo electrónico válido/],
        [{ telefono: '12345' }, /9 dígitos/],
        [{ password: 'corta' }, /al menos 8 caracteres/],
        [{ nombre: '   ' }, /nombre completo es obligatorio/],
        [{ usuario: 'con espacios' }, /sin espacios/],
      ];
      for (const [body, mensaje] of cases) {
        const res = await register(newShopper(body));
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((await res.json()) as object).toEqual({ id: 0, mensaje: expect.stringMatching(mensaje) });
      }
      const broken = await call('POST', '/clientes/register', '{no json');
      expect(broken.status).toBe(400);
    });
  });

  describe('login and token', () => {
    it('accepts the username or the e-mail and returns a 7-day token with the user claims', async () => {
      const ana = newShopper();
      await register(ana);
      const byUser = await login(ana.usuario, 'secreta123');
      const byMail = await login(ana.correo.toUpperCase(), 'secreta123');
      expect(byUser.id).toBeGreaterThan(0);
      expect(byMail.id).toBe(byUser.id);
      expect(byUser.profileCompleted).toBe(0);
      const claims = decodeJwt(byUser.mensaje);
      expect(claims).toMatchObject({
        user: ana.usuario,
        idUsuario: byUser.id,
        correo: ana.correo,
        nombre: 'Ana María Quispe',
        telefono: '987654321',
        direccion: '',
      });
      expect(claims.exp! - claims.iat!).toBe(7 * 24 * 3600);
    });
    it('answers id 0 with a Spanish mensaje for a wrong password or unknown user', async () => {
      const ana = newShopper();
      await register(ana);
      for (const [user, password] of [
        [ana.usuario, 'incorrecta'],
        ['nadie', 'secreta123'],
      ]) {
        const res = await call('POST', '/login', { user, password });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ id: 0, mensaje: 'Usuario o contraseña incorrectos.', profileCompleted: 0 });
      }
      const empty = await call('POST', '/login', { user: '', password: '' });
      expect(empty.status).toBe(400);
      expect(await empty.json()).toMatchObject({ id: 0, mensaje: expect.stringContaining('obligatori') });
    });
  });

  describe('/web/clientes/{userId}', () => {
    it('returns the customer, without the password hash', async () => {
      const { id, token, usuario, correo } = await signedUp();
      const res = await call('GET', `/web/clientes/${id}`, undefined, bearer(token));
      expect(res.status).toBe(200);
      const [cliente] = (await res.json()) as Record<string, unknown>[];
      expect(cliente).toMatchObject({ id, idUsuario: id, usuario, correo, dni: '' });
      expect(JSON.stringify(cliente)).not.toMatch(/argon2|password/i);
    });
    it('answers 401 without a token, with a tampered, expired or unsigned one', async () => {
      const { id, token } = await signedUp();
      const secret = await resolveJwtSecret(database.db, config);
      const expired = await new SignJWT({ ...decodeJwt(token) })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(1)
        .setExpirationTime(2)
        .sign(secret);
      const [header, payload] = token.split('.');
      const tampered = `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(token), idUsuario: id + 1 })).toString('base64url')}.${token.split('.')[2]}`;
      const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      const foreign = await new SignJWT({ ...decodeJwt(token) })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('otro-secreto-otro-secreto-otro-secreto'));
      for (const headers of [{}, bearer('basura'), bearer(expired), bearer(tampered), bearer(unsigned), bearer(foreign)]) {
        const res = await call('GET', `/web/clientes/${id}`, undefined, headers);
        expect(res.status).toBe(401);
        expect(await res.json()).toHaveProperty('mensaje');
      }
    });
    it("answers 403 for another user's id", async () => {
      const { token } = await signedUp();
      const other = await signedUp();
      for (const method of ['GET', 'PUT']) {
        const res = await call(method, `/web/clientes/${other.id}`, method === 'PUT' ? { nombre: 'Hack' } : undefined, bearer(token));
        expect(res.status).toBe(403);
      }
      expect((await call('GET', '/web/clientes/abc', undefined, bearer(token))).status).toBe(400);
    });
    it('updates the profile but never the e-mail', async () => {
      const { id, token, usuario, correo } = await signedUp();
      const other = await signedUp();
      const ok = await call(
        'PUT',
        `/web/clientes/${id}`,
        { nombre: 'Ana Quispe', telefono: '912 345 678', direccion: 'Av. Larco 123, Miraflores', correo },
        bearer(token),
      );
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ id: 1, mensaje: '¡Datos actualizados!' });
      const mail = await call('PUT', `/web/clientes/${id}`, { correo: 'nuevo@example.pe' }, bearer(token));
      expect(mail.status).toBe(400);
      expect(await mail.json()).toEqual({ id: 0, mensaje: 'El correo electrónico no se puede modificar.' });
      const taken = await call('PUT', `/web/clientes/${id}`, { usuario: other.usuario.toUpperCase() }, bearer(token));
      expect(taken.status).toBe(409);
      const [cliente] = (await (await call('GET', `/web/clientes/${id}`, undefined, bearer(token))).json()) as Record<string, string>[];
      expect(cliente).toMatchObject({
        nombre: 'Ana Quispe',
        telefono: '912345678',
        direccion: 'Av. Larco 123, Miraflores',
        correo,
        usuario,
      });
    });
    it('saves one identity document by the rules of its type', async () => {
      const { id, token, usuario } = await signedUp();
      // Name, phone and address are there: the document is what completes the profile.
      expect((await call('PUT', `/web/clientes/${id}`, { direccion: 'Av. Larco 123, Miraflores' }, bearer(token))).status).toBe(200);
      expect((await login(usuario, 'secreta123')).profileCompleted).toBe(0);
      const badDni = await call('PUT', `/web/clientes/${id}`, { docType: 'DNI', docNumber: '1234567' }, bearer(token));
      expect(await badDni.json()).toEqual({ id: 0, mensaje: 'El DNI debe tener 8 dígitos.' });
      const badType = await call('PUT', `/web/clientes/${id}`, { docType: 'LICENCIA', docNumber: '1' }, bearer(token));
      expect(badType.status).toBe(400);
      expect((await call('PUT', `/web/clientes/${id}`, { docType: 'DNI', docNumber: '45678912' }, bearer(token))).status).toBe(200);
      expect((await login(usuario, 'secreta123')).profileCompleted).toBe(1);
      await call('PUT', `/web/clientes/${id}`, { docType: 'PASAPORTE', docNumber: 'ab123456' }, bearer(token));
      const [cliente] = (await (await call('GET', `/web/clientes/${id}`, undefined, bearer(token))).json()) as Record<string, string>[];
      expect(cliente).toMatchObject({ dni: '', pasaporte: 'AB123456', carnetExtranjeria: '' });
    });
  });

  describe('password recovery through a real SMTP server', () => {
    it('verifies the account and shows its e-mail masked', async () => {
      const ana = newShopper();
      await register(ana);
      const found = await (await call('GET', `/api/verificar-correo-o-usuario/${ana.usuario}`)).json();
      expect(found).toEqual({ exists: true, correo: 'an•••@example.pe' });
      expect(await (await call('GET', '/api/verificar-correo-o-usuario/nadie%40example.pe')).json()).toEqual({
        exists: false,
        correo: null,
      });
    });

    it('sends a code by e-mail only, validates it once and then changes the password once', async () => {
      const ana = newShopper();
      await register(ana);
      const { usuario, correo } = ana;
      expect((await call('POST', '/cambiar-contrasena', { correo: usuario, nuevaContrasena: 'nuevaClave1' })).status).toBe(403);
      const sent = await call('POST', '/send-correoprueba', { correo: usuario });
      const sentText = await sent.text();
      expect(sent.status).toBe(200);
      const code = smtp.lastCode(correo);
      expect(sentText).not.toContain(code);
      expect(JSON.parse(sentText)).toEqual({
        success: true,
        mensaje: 'El código ha sido enviado a tu correo. Por favor, ingrésalo para continuar.',
      });
      expect(smtp.messages.at(-1)!.raw).toMatch(/Content-Type: text\/html/);

      const wrong = await call('POST', '/validar-codigo', { correo: usuario, codigoIngresado: code === '000000' ? '111111' : '000000' });
      expect(await wrong.json()).toEqual({ success: false });
      expect((await call('POST', '/cambiar-contrasena', { correo: usuario, nuevaContrasena: 'nuevaClave1' })).status).toBe(403);
      const right = await call('POST', '/validar-codigo', { correo, codigoIngresado: code });
      const rightText = await right.text();
      expect(JSON.parse(rightText)).toMatchObject({ success: true });
      expect(rightText).not.toContain(code);
      // The proof of the validation goes to the validating client only, as a cookie (issue 21, item 7).
      const proof = {
        Cookie: right.headers
          .getSetCookie()
          .find((line) => line.startsWith('prueba_recuperacion='))!
          .split(';')[0]!,
      };
      expect(await (await call('POST', '/validar-codigo', { correo: usuario, codigoIngresado: code })).json()).toEqual({ success: false });

      const changed = await call('POST', '/cambiar-contrasena', { correo: usuario, nuevaContrasena: 'nuevaClave1' }, proof);
      expect(await changed.json()).toEqual({ success: true, mensaje: 'Contraseña cambiada con éxito.' });
      expect((await login(usuario, 'nuevaClave1')).id).toBeGreaterThan(0);
      expect((await login(usuario, 'secreta123')).id).toBe(0);
      const again = await call('POST', '/cambiar-contrasena', { correo: usuario, nuevaContrasena: 'otraClave22' }, proof);
      expect(again.status).toBe(403);
      expect(await again.json()).toEqual({ success: false, mensaje: 'Primero valida el código enviado a tu correo.' });
    });

    it('locks a code after five wrong attempts', async () => {
      const luis = newShopper();
      await register(luis);
      await call('POST', '/send-correoprueba', { correo: luis.correo });
      const code = smtp.lastCode(luis.correo);
      const wrongCode = code === '999999' ? '999998' : '999999';
      for (let i = 0; i < 5; i++) await call('POST', '/validar-codigo', { correo: luis.usuario, codigoIngresado: wrongCode });
      expect(await (await call('POST', '/validar-codigo', { correo: luis.usuario, codigoIngresado: code })).json()).toEqual({
        success: false,
      });
    });

    it('answers an unknown address with the spec message', async () => {
      const res = await call('POST', '/send-correoprueba', { correo: 'nadie@example.pe' });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, mensaje: 'El usuario o correo no está registrado.' });
    });
  });

  describe('rate limits', () => {
    it('answers 429 with a Spanish mensaje and Retry-After past the limit, per IP and per (account, IP)', async () => {
      const strict = createApp({
        db: database.db,
        config: {
          ...config,
          rateLimits: {
            ...config.rateLimits,
            loginPorIp: { max: 3, windowSeconds: 900 },
            loginPorCuenta: { max: 3, windowSeconds: 900 },
            registroPorIp: { max: 1, windowSeconds: 3600 },
            recuperacionPorCorreo: { max: 1, windowSeconds: 3600 },
          },
        },
        mailer: { send: async () => {} },
      });
      const post = (path: string, body: unknown, ip: string) =>
        strict.request(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
          body: JSON.stringify(body),
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await post('/login', { user: 'limite', password: 'x' }, '192.0.2.1')).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await post('/login', { user: 'limite', password: 'x' }, '192.0.2.1');
      expect(await limited.json()).toEqual({ mensaje: expect.stringMatching(/^Demasiados intentos/) });
      expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
      // The per-account limit holds per (account, IP): another IP still gets its own tries.
      expect((await post('/login', { user: 'limite', password: 'x' }, '192.0.2.2')).status).toBe(401);

      expect(
        (await post('/clientes/register', { nombre: 'A', usuario: 'aaa', correo: 'a@x.pe', password: 'x', telefono: '1' }, '192.0.2.3'))
          .status,
      ).toBe(400);
      expect(
        (await post('/clientes/register', { nombre: 'A', usuario: 'aaa', correo: 'a@x.pe', password: 'x', telefono: '1' }, '192.0.2.3'))
          .status,
      ).toBe(429);

      expect((await post('/send-correoprueba', { correo: 'nadie-aqui' }, '192.0.2.4')).status).toBe(404);
      expect((await post('/send-correoprueba', { correo: 'NADIE-AQUI' }, '192.0.2.5')).status).toBe(429);
    });
  });
});

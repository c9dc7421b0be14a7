import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  ClaveCreada,
  InscripcionConfirmada,
  InscripcionTotp,
  InvitacionCreada,
  ListaPersonal,
  PrimerPasoRespuesta,
  SesionRespuesta,
} from '../../src/lib/api/backoffice-schemas.ts';
import { REAUTENTICAR, SOLO_ROL } from '../../src/server/admin/roles.ts';
import { serverConfig } from '../../src/server/config.ts';
import { codigoTotp } from '../../src/server/personal/totp.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, type TestShop } from './shop.ts';
import { PasskeyDePrueba } from './webauthn-software.ts';

const TOKEN = 'operador-de-prueba-0123456789';
const CONTRASENA = 'Luna llena sobre Miraflores';
const generous = { max: 100_000, windowSeconds: 900 };
const INICIO = Date.parse('2026-11-30T14:00:00Z');

describeEachDatabase('people, sign-in and sessions (issue 36)', (target) => {
  let shop: TestShop;
  /** The server's clock: tests move it instead of waiting. */
  let reloj = INICIO;
  let ip = 0;
  const avanzar = (ms: number) => {
    reloj += ms;
  };
  const MIN = 60_000;

  type Opciones = { body?: unknown; cookie?: string; token?: string; headers?: Record<string, string>; ip?: string };
  const api = (method: string, path: string, { body, cookie, token, headers = {}, ip: desde = '10.36.0.1' }: Opciones = {}) =>
    shop.call(method, `/admin/api${path}`, {
      body,
      token,
      headers: { 'X-Forwarded-For': desde, ...(cookie ? { Cookie: `kb_personal=${cookie}` } : {}), ...headers },
    });
  const json = async <T>(res: Response, status = 200): Promise<T> => {
    const body = (await res.json()) as T;
    if (res.status !== status) throw new Error(`Esperaba ${status}, llegó ${res.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
  const cookieDe = (res: Response) => /(?:^|,\s*)kb_personal=([^;]*)/.exec(res.headers.get('Set-Cookie') ?? '')?.[1];
  const auditoria = async () =>
    (
      await json<{ entradas: { operador: string; accion: string; objetivo: string; despues: Record<string, unknown> | null }[] }>(
        await api('GET', '/auditoria?limite=200', { token: TOKEN }),
      )
    ).entradas;
  const codigo = (secreto: string) => codigoTotp(secreto, new Date(reloj));

  /** Invites `correo` with the operator token and enrols them: their session cookie, TOTP secret and recovery codes. */
  async function alta(correo: string, rol: 'dueno' | 'personal', nombre: string) {
    const creada = await json<InvitacionCreada>(
      await api('POST', '/personal/invitaciones', { token: TOKEN, body: { correo, rol }, headers: { 'X-Operador': 'Ana' } }),
    );
    const token = new URL(creada.enlace).searchParams.get('token')!;
    const inscripcion = await json<InscripcionTotp>(
      await api('POST', `/invitaciones/${token}`, { body: { nombre, contrasena: CONTRASENA } }),
    );
    const res = await api('POST', `/invitaciones/${token}/totp`, {
      body: { inscripcion: inscripcion.inscripcion, codigo: codigo(inscripcion.secreto) },
    });
    const confirmada = await json<InscripcionConfirmada>(res);
    return {
      id: confirmada.persona.id,
      cookie: cookieDe(res)!,
      secreto: inscripcion.secreto,
      codigos: confirmada.codigosRecuperacion,
      token,
    };
  }

  /** Password then TOTP (the clock moves one step first, so the code is new); the session cookie. */
  async function ingresar(correo: string, secreto: string, desde = '10.36.0.1') {
    avanzar(30_000);
    const { desafio } = await json<PrimerPasoRespuesta>(
      await api('POST', '/sesion', { body: { correo, contrasena: CONTRASENA }, ip: desde }),
    );
    const res = await api('POST', '/sesion/verificar', { body: { desafio, codigo: codigo(secreto) }, ip: desde });
    await json<SesionRespuesta>(res);
    return cookieDe(res)!;
  }

  beforeAll(async () => {
    const base = serverConfig({});
    shop = await openShop(target, {
      config: {
        adminToken: TOKEN,
        trustProxy: true,
        personal: { ...base.personal, ahora: () => new Date(reloj) },
        rateLimits: {
          ...base.rateLimits,
          operadorPorIp: generous,
          personalPorIp: generous,
          personalPorCuenta: { max: 6, windowSeconds: 900 },
        },
      },
    });
  });
  afterAll(() => shop?.close());

  it('invites with a one-time link (e-mailed, 48 h) that expires, can be revoked, and is used once; passwords follow the rules', async () => {
    const creada = await json<InvitacionCreada>(
      await api('POST', '/personal/invitaciones', { token: TOKEN, body: { correo: ' Rosa.Diaz@Example.pe ', rol: 'dueno' } }),
    );
    expect(creada.enlace).toMatch(/^http:\/\/localhost:4321\/admin\/invitacion\?token=[\w-]{43}$/);
    expect(creada.invitacion).toMatchObject({ correo: 'rosa.diaz@example.pe', rol: 'dueno', invitadaPor: 'token de operador' });
    expect(Date.parse(creada.invitacion.expira) - reloj).toBe(48 * 60 * MIN);
    const correo = shop.sent.at(-1)!;
    expect(correo.to).toBe('rosa.diaz@example.pe');
    expect(correo.text).toContain(creada.enlace);
    const token = new URL(creada.enlace).searchParams.get('token')!;
    expect(await json(await api('GET', `/invitaciones/${token}`))).toEqual({
      correo: 'rosa.diaz@example.pe',
      rol: 'dueno',
      expira: creada.invitacion.expira,
    });
    expect((await api('GET', `/invitaciones/${token}x`)).status).toBe(404);

    // The password: 12 characters at least, not the shop's name, not the e-mail (case and accents aside).
    for (const [contrasena, esperado] of [
      ['corta123', 'La contraseña debe tener al menos 12 caracteres.'],
      ['mi tienda K-Beauty 2026', 'La contraseña no puede contener el nombre de la tienda.'],
      ['kbeautyperu-es-lo-mejor', 'La contraseña no puede contener el nombre de la tienda.'],
      ['soy RÓSA.DÍAZ de Lima', 'La contraseña no puede contener tu correo.'],
    ]) {
      const res = await api('POST', `/invitaciones/${token}`, { body: { nombre: 'Rosa Díaz', contrasena } });
      expect(res.status).toBe(400);
      expect(await mensaje(res)).toBe(esperado);
    }
    const inscripcion = await json<InscripcionTotp>(
      await api('POST', `/invitaciones/${token}`, { body: { nombre: 'Rosa Díaz', contrasena: CONTRASENA } }),
    );
    expect(inscripcion.uri).toMatch(
      /^otpauth:\/\/totp\/K-Beauty%20Per%C3%BA:rosa\.diaz%40example\.pe\?issuer=K-Beauty%20Per%C3%BA&secret=[A-Z2-7]+&algorithm=SHA1&digits=6&period=30$/,
    );
    expect(inscripcion.qrSvg).toMatch(/^<svg[^>]*>/);
    expect(inscripcion.qrSvg).not.toMatch(/<script/i);
    const mal = await api('POST', `/invitaciones/${token}/totp`, { body: { inscripcion: inscripcion.inscripcion, codigo: '000000' } });
    expect(mal.status).toBe(400);
    const res = await api('POST', `/invitaciones/${token}/totp`, {
      body: { inscripcion: inscripcion.inscripcion, codigo: codigo(inscripcion.secreto) },
    });
    const confirmada = await json<InscripcionConfirmada>(res);
    expect(confirmada.codigosRecuperacion).toHaveLength(10);
    expect(new Set(confirmada.codigosRecuperacion).size).toBe(10);
    expect(confirmada.persona).toMatchObject({
      nombre: 'Rosa Díaz',
      correo: 'rosa.diaz@example.pe',
      rol: 'dueno',
      passkeys: 0,
      codigosRestantes: 10,
    });
    expect(cookieDe(res)).toMatch(/^[\w-]{43}$/);

    // Reused: the link is spent.
    expect((await api('GET', `/invitaciones/${token}`)).status).toBe(410);
    const reuso = await api('POST', `/invitaciones/${token}`, { body: { nombre: 'Otra', contrasena: 'Una clave larga y distinta' } });
    expect(reuso.status).toBe(410);
    expect(await mensaje(reuso)).toMatch(/ya se usó/);

    // Expired: 48 hours later.
    const vieja = await json<InvitacionCreada>(
      await api('POST', '/personal/invitaciones', { token: TOKEN, body: { correo: 'luis@example.pe', rol: 'personal' } }),
    );
    const tokenViejo = new URL(vieja.enlace).searchParams.get('token')!;
    avanzar(48 * 60 * MIN + 1000);
    const vencida = await api('POST', `/invitaciones/${tokenViejo}`, { body: { nombre: 'Luis', contrasena: CONTRASENA } });
    expect(vencida.status).toBe(410);
    expect(await mensaje(vencida)).toMatch(/venció/);

    // Revoked: by its id; the enrolment already started is refused too.
    const otra = await json<InvitacionCreada>(
      await api('POST', '/personal/invitaciones', { token: TOKEN, body: { correo: 'luis@example.pe', rol: 'personal' } }),
    );
    const tokenOtra = new URL(otra.enlace).searchParams.get('token')!;
    const empezada = await json<InscripcionTotp>(
      await api('POST', `/invitaciones/${tokenOtra}`, { body: { nombre: 'Luis', contrasena: CONTRASENA } }),
    );
    const lista = await json<ListaPersonal>(await api('GET', '/personal', { token: TOKEN }));
    expect(lista.invitaciones.map((i) => i.correo)).toEqual(['luis@example.pe']);
    expect((await api('DELETE', `/personal/invitaciones/${otra.invitacion.id}`, { token: TOKEN })).status).toBe(200);
    const revocada = await api('POST', `/invitaciones/${tokenOtra}/totp`, {
      body: { inscripcion: empezada.inscripcion, codigo: codigo(empezada.secreto) },
    });
    expect(revocada.status).toBe(410);
    expect(await mensaje(revocada)).toMatch(/anulada/);
    expect((await json<ListaPersonal>(await api('GET', '/personal', { token: TOKEN }))).invitaciones).toEqual([]);
  });

  it('signs in with password and TOTP: wrong code, replayed code and a recovery code used once are refused; the cookie is HttpOnly, Secure, SameSite=Strict, Path=/admin', async () => {
    const ana = await alta('ana.quispe@example.pe', 'personal', 'Ana Quispe');
    avanzar(30_000);
    const mala = await api('POST', '/sesion', { body: { correo: 'ana.quispe@example.pe', contrasena: 'no es la contraseña' } });
    expect(mala.status).toBe(401);
    expect(await mensaje(mala)).toBe('Correo o contraseña incorrectos.');
    const nadie = await api('POST', '/sesion', { body: { correo: 'nadie@example.pe', contrasena: CONTRASENA } });
    expect(nadie.status).toBe(401);
    expect(await mensaje(nadie)).toBe('Correo o contraseña incorrectos.');

    const paso = await json<PrimerPasoRespuesta>(
      await api('POST', '/sesion', { body: { correo: 'ANA.QUISPE@example.pe', contrasena: CONTRASENA } }),
    );
    expect(paso.passkey).toBe(false);
    expect((await api('POST', '/sesion/verificar', { body: { desafio: paso.desafio, codigo: '123456' } })).status).toBe(401);
    const res = await api('POST', '/sesion/verificar', { body: { desafio: paso.desafio, codigo: codigo(ana.secreto) } });
    const sesion = await json<SesionRespuesta>(res);
    expect(sesion.persona).toMatchObject({ nombre: 'Ana Quispe', rol: 'personal' });
    const setCookie = res.headers.get('Set-Cookie')!;
    expect(setCookie).toMatch(/^kb_personal=[\w-]{43}; Path=\/admin; HttpOnly; Secure; SameSite=Strict$/);
    // The challenge is spent, and the same code (same time step) does not open another sign-in.
    expect((await api('POST', '/sesion/verificar', { body: { desafio: paso.desafio, codigo: codigo(ana.secreto) } })).status).toBe(401);
    const otra = await json<PrimerPasoRespuesta>(
      await api('POST', '/sesion', { body: { correo: 'ana.quispe@example.pe', contrasena: CONTRASENA } }),
    );
    const repetido = await api('POST', '/sesion/verificar', { body: { desafio: otra.desafio, codigo: codigo(ana.secreto) } });
    expect(repetido.status).toBe(401);
    expect(await mensaje(repetido)).toMatch(/ya se usó/);
    // A recovery code instead (any case, dashes or not): once.
    const recuperacion = ana.codigos[0]!;
    const conCodigo = await json<SesionRespuesta>(
      await api('POST', '/sesion/verificar', { body: { desafio: otra.desafio, codigo: recuperacion.toLowerCase().replace(/-/g, ' ') } }),
    );
    expect(conCodigo.persona.codigosRestantes).toBe(9);
    const tercera = await json<PrimerPasoRespuesta>(
      await api('POST', '/sesion', { body: { correo: 'ana.quispe@example.pe', contrasena: CONTRASENA } }),
    );
    expect((await api('POST', '/sesion/verificar', { body: { desafio: tercera.desafio, codigo: recuperacion } })).status).toBe(401);
    // A challenge lives five minutes.
    avanzar(5 * MIN + 1000);
    expect((await api('POST', '/sesion/verificar', { body: { desafio: tercera.desafio, codigo: codigo(ana.secreto) } })).status).toBe(401);

    const entradas = (await auditoria()).filter((e) => e.objetivo === `persona ${ana.id}` || e.objetivo === 'cuenta ana.quispe@example.pe');
    expect(entradas.filter((e) => e.accion === 'personal.ingreso').map((e) => [e.operador, e.despues?.via])).toEqual([
      ['Ana Quispe', 'código de recuperación'],
      ['Ana Quispe', 'código'],
      ['Ana Quispe', 'invitación'],
    ]);
    expect(entradas.filter((e) => e.accion === 'personal.ingreso-fallido').every((e) => e.operador === 'Ana Quispe')).toBe(true);
    expect(entradas.filter((e) => e.accion === 'personal.ingreso-fallido').map((e) => e.despues?.motivo)).toEqual(
      expect.arrayContaining(['contraseña', 'código de verificación']),
    );
    expect((await auditoria()).some((e) => e.operador === 'desconocido (nadie@example.pe)')).toBe(true);
  });

  it('opens one session only when the same code is sent twice at once', async () => {
    const teo = await alta('teo@example.pe', 'personal', 'Teo Salas');
    avanzar(30_000);
    const primero = await json<PrimerPasoRespuesta>(
      await api('POST', '/sesion', { body: { correo: 'teo@example.pe', contrasena: CONTRASENA } }),
    );
    const segundo = await json<PrimerPasoRespuesta>(
      await api('POST', '/sesion', { body: { correo: 'teo@example.pe', contrasena: CONTRASENA } }),
    );
    const respuestas = await Promise.all(
      [primero, segundo, primero].map((paso) =>
        api('POST', '/sesion/verificar', { body: { desafio: paso.desafio, codigo: codigo(teo.secreto) } }),
      ),
    );
    expect(respuestas.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  it('slows down failures in a row, then locks the account; each failure and the lockout are on record', async () => {
    const luz = await alta('luz@example.pe', 'personal', 'Luz Ramos');
    const intento = (contrasena: string) =>
      api('POST', '/sesion', { body: { correo: 'luz@example.pe', contrasena }, ip: `10.37.0.${++ip}` });
    for (let i = 0; i < 3; i++) expect((await intento('adivinanza-1234')).status).toBe(401);
    // Three in a row: the next waits 2 s, even with the right password.
    const espera = await intento(CONTRASENA);
    expect(espera.status).toBe(429);
    expect(espera.headers.get('Retry-After')).toBe('2');
    avanzar(2_000);
    expect((await intento('adivinanza-1234')).status).toBe(401);
    avanzar(4_000);
    expect((await intento('adivinanza-1234')).status).toBe(401);
    avanzar(8_000);
    expect((await intento('adivinanza-1234')).status).toBe(401);
    // Six failures in the window (the test's limit): locked until it ends, from any address.
    avanzar(16_000);
    const bloqueada = await intento(CONTRASENA);
    expect(bloqueada.status).toBe(429);
    expect(await mensaje(bloqueada)).toMatch(/^Demasiados intentos/);
    const entradas = (await auditoria()).filter((e) => e.objetivo === 'cuenta luz@example.pe');
    expect(entradas.filter((e) => e.accion === 'personal.ingreso-fallido')).toHaveLength(6);
    expect(entradas.filter((e) => e.accion === 'personal.bloqueo').map((e) => e.operador)).toEqual(['Luz Ramos']);
    avanzar(15 * MIN);
    expect(await ingresar('luz@example.pe', luz.secreto)).toMatch(/^[\w-]{43}$/);
  });

  it('ends a session after 30 idle minutes and 12 hours at most; signs out here and everywhere; a disabled person is out at once', async () => {
    const eva = await alta('eva@example.pe', 'personal', 'Eva Torres');
    const sesion = (cookie: string) => api('GET', '/sesion', { cookie });
    // Idle: 29 minutes keeps it (and slides it), 31 more end it.
    avanzar(29 * MIN);
    const viva = await json<SesionRespuesta>(await sesion(eva.cookie));
    expect(Date.parse(viva.expira)).toBe(reloj + 30 * MIN);
    avanzar(31 * MIN);
    const muerta = await sesion(eva.cookie);
    expect(muerta.status).toBe(401);
    expect(muerta.headers.get('Set-Cookie')).toBe('kb_personal=; Max-Age=0; Path=/admin; HttpOnly; Secure; SameSite=Strict');
    expect(await mensaje(muerta)).toMatch(/^Tu sesión terminó/);

    // Absolute: used every 20 minutes, it still ends 12 hours after sign-in.
    const cookie = await ingresar('eva@example.pe', eva.secreto);
    const desde = reloj;
    const primera = await json<SesionRespuesta>(await sesion(cookie));
    expect(Date.parse(primera.expiraMaximo)).toBe(desde + 12 * 60 * MIN);
    while (reloj + 20 * MIN < desde + 12 * 60 * MIN) {
      avanzar(20 * MIN);
      expect((await sesion(cookie)).status).toBe(200);
    }
    avanzar(20 * MIN);
    expect((await sesion(cookie)).status).toBe(401);

    // Sign out here: this one ends, another stays; sign out everywhere ends them all.
    const a = await ingresar('eva@example.pe', eva.secreto);
    const b = await ingresar('eva@example.pe', eva.secreto);
    const c = await ingresar('eva@example.pe', eva.secreto);
    const salir = await api('DELETE', '/sesion', { cookie: a });
    expect(salir.status).toBe(200);
    expect(salir.headers.get('Set-Cookie')).toMatch(/^kb_personal=; Max-Age=0; Path=\/admin; HttpOnly; Secure; SameSite=Strict/);
    expect((await sesion(a)).status).toBe(401);
    expect((await sesion(b)).status).toBe(200);
    expect(await mensaje(await api('POST', '/sesion/cerrar-todas', { cookie: b }))).toMatch(/todos tus dispositivos \(2\)/);
    expect((await sesion(b)).status).toBe(401);
    expect((await sesion(c)).status).toBe(401);

    // Disabled: out at once, and the password no longer opens anything.
    const d = await ingresar('eva@example.pe', eva.secreto);
    expect((await api('POST', `/personal/${eva.id}/desactivar`, { token: TOKEN })).status).toBe(200);
    expect((await sesion(d)).status).toBe(401);
    avanzar(30_000);
    expect((await api('POST', '/sesion', { body: { correo: 'eva@example.pe', contrasena: CONTRASENA } })).status).toBe(401);
    expect((await api('POST', `/personal/${eva.id}/activar`, { token: TOKEN })).status).toBe(200);
    expect(await ingresar('eva@example.pe', eva.secreto)).toBeTruthy();
  });

  it('keeps people, keys, backups and exports to a fresh owner: staff get 403, a stale owner is asked to sign in again', async () => {
    const staff = await alta('sol@example.pe', 'personal', 'Sol Vega');
    const dueno = await alta('marta@example.pe', 'dueno', 'Marta Ríos');
    // Staff run the day…
    expect((await api('GET', '/pedidos', { cookie: staff.cookie })).status).toBe(200);
    // …but not people, keys, backups or exports.
    for (const [method, path, body] of [
      ['GET', '/personal'],
      ['POST', '/personal/invitaciones', { correo: 'x@example.pe', rol: 'dueno' }],
      ['POST', `/personal/${staff.id}/rol`, { rol: 'dueno' }],
      ['POST', `/personal/${dueno.id}/desactivar`],
      ['GET', '/claves'],
      ['POST', '/claves', { nombre: 'mía', rol: 'dueno' }],
      ['GET', '/respaldo'],
      ['GET', '/reclamos.csv'],
    ] as [string, string, unknown?][]) {
      const res = await api(method, path, { cookie: staff.cookie, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await mensaje(res)).toBe(SOLO_ROL('dueno'));
    }
    // The owner, fresh from enrolment, may; eleven minutes later she must sign in again first.
    expect((await api('GET', '/reclamos.csv', { cookie: dueno.cookie })).status).toBe(200);
    avanzar(11 * MIN);
    expect((await api('GET', '/personal', { cookie: dueno.cookie })).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/claves'],
      ['GET', '/reclamos.csv'],
      ['GET', '/respaldo'],
      ['POST', `/personal/${staff.id}/rol`],
    ]) {
      const res = await api(method!, path!, { cookie: dueno.cookie, body: method === 'POST' ? { rol: 'dueno' } : undefined });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await mensaje(res)).toBe(REAUTENTICAR);
    }
    expect(
      (
        await api('POST', '/sesion/reautenticar', {
          cookie: dueno.cookie,
          body: { contrasena: 'otra cosa cualquiera', codigo: codigo(dueno.secreto) },
        })
      ).status,
    ).toBe(401);
    const fresca = await json<SesionRespuesta>(
      await api('POST', '/sesion/reautenticar', { cookie: dueno.cookie, body: { contrasena: CONTRASENA, codigo: codigo(dueno.secreto) } }),
    );
    expect(Date.parse(fresca.reautenticadaHasta!)).toBe(reloj + 10 * MIN);
    expect((await api('GET', '/claves', { cookie: dueno.cookie })).status).toBe(200);

    // A role change applies at once, on record with the owner's name (never X-Operador).
    const cambio = await api('POST', `/personal/${staff.id}/rol`, {
      cookie: dueno.cookie,
      body: { rol: 'dueno' },
      headers: { 'X-Operador': 'Impostora' },
    });
    expect(cambio.status).toBe(200);
    expect((await api('GET', '/personal', { cookie: staff.cookie })).status).toBe(200);
    const entrada = (await auditoria()).find((e) => e.accion === 'personal.rol' && e.objetivo.startsWith(`persona ${staff.id} `))!;
    expect(entrada.operador).toBe('Marta Ríos');
  });

  it('refuses a cross-site write that carries the session cookie', async () => {
    const dueno = await alta('cruz@example.pe', 'dueno', 'Cruz Flores');
    const res = await api('POST', '/claves', {
      cookie: dueno.cookie,
      body: { nombre: 'robada', rol: 'dueno' },
      headers: { Origin: 'https://malicioso.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    const mismo = await api('POST', '/claves', {
      cookie: dueno.cookie,
      body: { nombre: 'propia', rol: 'personal' },
      headers: { Origin: 'http://localhost:4321' },
    });
    expect(mismo.status).toBe(200);
    const claves = (await json<{ claves: { nombre: string }[] }>(await api('GET', '/claves', { cookie: dueno.cookie }))).claves;
    expect(claves.map((c) => c.nombre)).not.toContain('robada');
  });

  it('API keys: named, shown once, hashed, with their role; audited under their name; a revoked key is 401; the old token still works', async () => {
    const creada = await json<ClaveCreada>(
      await api('POST', '/claves', { token: TOKEN, body: { nombre: 'Portátil de Ana', rol: 'personal' } }),
    );
    expect(creada.secreto).toMatch(/^kbk_[\w-]{43}$/);
    expect(creada.clave).toMatchObject({
      nombre: 'Portátil de Ana',
      prefijo: `${creada.secreto.slice(0, 12)}…`,
      creadaPor: 'token de operador',
      revocada: null,
    });
    const lista = JSON.stringify(await json(await api('GET', '/claves', { token: TOKEN })));
    expect(lista).not.toContain(creada.secreto);

    // Its role: staff's, so the day's work and not the people; its audit name is its own, whatever X-Operador says.
    expect((await api('GET', '/personal', { token: creada.secreto })).status).toBe(403);
    const pedidos = await api('GET', '/pedidos', { token: creada.secreto, headers: { 'X-Operador': 'Alguien' } });
    expect(pedidos.status).toBe(200);
    const dueno = await json<ClaveCreada>(
      await api('POST', '/claves', { token: TOKEN, body: { nombre: 'script de respaldo', rol: 'dueno' } }),
    );
    expect(
      (await api('POST', '/personal/invitaciones', { token: dueno.secreto, body: { correo: 'nueva@example.pe', rol: 'personal' } })).status,
    ).toBe(200);
    const entradas = await auditoria();
    expect(entradas.find((e) => e.accion === 'personal.invitacion' && e.objetivo.endsWith('(nueva@example.pe)'))!.operador).toBe(
      'clave: script de respaldo',
    );

    // Revoked: 401 at once.
    expect((await api('DELETE', `/claves/${creada.clave.id}`, { token: TOKEN })).status).toBe(200);
    const revocada = await api('GET', '/pedidos', { token: creada.secreto });
    expect(revocada.status).toBe(401);
    expect(await mensaje(revocada)).toBe('Clave de API inválida o revocada.');
    expect((await api('GET', '/pedidos', { token: `kbk_${'x'.repeat(43)}` })).status).toBe(401);

    // The break-glass token: the owner, named 'token de operador (<X-Operador>)'.
    await json(await api('POST', '/claves', { token: TOKEN, body: { nombre: 'otra', rol: 'personal' }, headers: { 'X-Operador': 'Ana' } }));
    const ultima = (await auditoria()).find((e) => e.accion === 'clave.crear')!;
    expect(ultima.operador).toBe('token de operador (Ana)');
    const auditadas = await auditoria();
    expect(auditadas.some((e) => e.operador.includes('Alguien') || e.operador.includes('Impostora'))).toBe(false);
  });

  it('enrols a passkey for a fresh person and takes it as the second factor at sign-in (a software authenticator)', async () => {
    const nora = await alta('nora@example.pe', 'personal', 'Nora Paz');
    const llave = new PasskeyDePrueba('http://localhost:4321');
    const opciones = await json<{ challenge: string; rp: { id: string } }>(
      await api('POST', '/yo/passkeys/opciones', { cookie: nora.cookie }),
    );
    expect(opciones.rp.id).toBe('localhost');
    const registrada = await json<{ persona: { passkeys: number } }>(
      await api('POST', '/yo/passkeys', { cookie: nora.cookie, body: { respuesta: llave.crear(opciones) } }),
    );
    expect(registrada.persona.passkeys).toBe(1);
    // The same challenge twice: refused.
    expect((await api('POST', '/yo/passkeys', { cookie: nora.cookie, body: { respuesta: llave.crear(opciones) } })).status).toBe(400);

    avanzar(30_000);
    const paso = await json<PrimerPasoRespuesta>(
      await api('POST', '/sesion', { body: { correo: 'nora@example.pe', contrasena: CONTRASENA } }),
    );
    expect(paso.passkey).toBe(true);
    const pedido = await json<{ challenge: string; allowCredentials: { id: string }[] }>(
      await api('POST', '/sesion/passkey/opciones', { body: { desafio: paso.desafio } }),
    );
    expect(pedido.allowCredentials.map((c) => c.id)).toEqual([llave.id]);
    // A phishing page's origin is refused (and spends that challenge).
    const phishing = await api('POST', '/sesion/passkey', {
      body: { desafio: paso.desafio, respuesta: llave.firmar(pedido, { origin: 'https://k-beauty-peru.example' }) },
    });
    expect(phishing.status).toBe(401);
    const nuevo = await json<{ challenge: string }>(await api('POST', '/sesion/passkey/opciones', { body: { desafio: paso.desafio } }));
    const res = await api('POST', '/sesion/passkey', { body: { desafio: paso.desafio, respuesta: llave.firmar(nuevo) } });
    const sesion = await json<SesionRespuesta>(res);
    expect(sesion.persona.nombre).toBe('Nora Paz');
    expect(cookieDe(res)).toBeTruthy();
    // Replaying the same assertion: the sign-in is spent.
    expect((await api('POST', '/sesion/passkey', { body: { desafio: paso.desafio, respuesta: llave.firmar(nuevo) } })).status).toBe(401);
    expect((await auditoria()).find((e) => e.accion === 'personal.ingreso')).toMatchObject({
      operador: 'Nora Paz',
      despues: { via: 'passkey' },
    });
  });
});

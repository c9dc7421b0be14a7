import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  CodigosNuevos,
  CuentaCambiada,
  InvitacionCreada,
  InvitacionPublica,
  ListaPersonal,
  PasskeyPropia,
  PrimerPasoRespuesta,
  SesionRespuesta,
} from '../../src/lib/api/backoffice-schemas.ts';
import { runShop } from '../../src/cli/shop.ts';
import { REAUTENTICAR, SOLO_ROL } from '../../src/server/admin/roles.ts';
import { describeEachDatabase } from './databases.ts';
import { CONTRASENA, configConPersonas, personas, relojDePrueba, type PersonaDePrueba } from './personas.ts';
import { openShop, type TestShop } from './shop.ts';
import { PasskeyDePrueba } from './webauthn-software.ts';

const TOKEN = 'operador-de-prueba-0123456789';
const NUEVA = 'Garua de invierno en Barranco';
const MIN = 60_000;

/**
 * A person's own account and the owner's reset (issue 36, accounts): change the password, fresh
 * recovery codes, passkeys listed and removed, and 'Restablecer acceso' for a lost phone.
 */
describeEachDatabase('accounts: my password, codes and passkeys; the owner resets access', (target) => {
  let shop: TestShop;
  const reloj = relojDePrueba();
  const p = personas(() => shop, TOKEN, reloj);
  const { api, json } = p;
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
  const sesionViva = async (cookie: string) => (await api('GET', '/sesion', { cookie })).status;
  /** Makes a session stale: past the fresh minutes, still inside its idle window. */
  const envejecer = async (cookie: string) => {
    reloj.avanzar(11 * MIN);
    expect(await sesionViva(cookie)).toBe(200);
  };

  beforeAll(async () => {
    shop = await openShop(target, { config: configConPersonas(TOKEN, reloj) });
  });
  afterAll(() => shop?.close());

  it('changes the password with the current one and a fresh sign-in; the other sessions end, this one stays', async () => {
    const luz = await p.alta('luz@example.pe', 'personal', 'Luz Quispe');
    const otra = await p.ingresar(luz);
    await envejecer(luz.cookie);
    const cambio = { actual: CONTRASENA, nueva: NUEVA };
    const vieja = await api('POST', '/yo/contrasena', { cookie: luz.cookie, body: cambio });
    expect([vieja.status, await mensaje(vieja)]).toEqual([403, REAUTENTICAR]);
    await p.reautenticar(luz.cookie, luz);

    const mala = await api('POST', '/yo/contrasena', { cookie: luz.cookie, body: { ...cambio, actual: 'no es la contraseña' } });
    expect([mala.status, await mensaje(mala)]).toEqual([401, 'La contraseña actual no es correcta.']);
    for (const [nueva, esperado] of [
      ['corta', 'La contraseña debe tener al menos 12 caracteres.'],
      ['luz de la tienda 2026', 'La contraseña no puede contener tu correo.'],
      [CONTRASENA, 'La nueva contraseña debe ser distinta de la actual.'],
    ]) {
      const res = await api('POST', '/yo/contrasena', { cookie: luz.cookie, body: { actual: CONTRASENA, nueva } });
      expect([res.status, await mensaje(res)]).toEqual([400, esperado]);
    }
    // An API key or the token has no password of its own.
    expect((await api('POST', '/yo/contrasena', { token: TOKEN, body: cambio })).status).toBe(400);

    const hecho = await json<CuentaCambiada>(await api('POST', '/yo/contrasena', { cookie: luz.cookie, body: cambio }));
    expect(hecho.mensaje).toBe('Cambiaste tu contraseña. Cerramos tus otras 1 sesión(es).');
    expect(await sesionViva(otra)).toBe(401);
    expect(await sesionViva(luz.cookie)).toBe(200);
    expect((await api('POST', '/sesion', { body: { correo: luz.correo, contrasena: CONTRASENA } })).status).toBe(401);
    expect(await sesionViva(await p.ingresar(luz, NUEVA))).toBe(200);
    expect((await p.auditoria()).find((e) => e.accion === 'personal.contrasena')).toMatchObject({
      operador: 'Luz Quispe',
      despues: { sesionesCerradas: 1 },
    });
  });

  it('regenerates the ten recovery codes (fresh): shown once, the old ones stop working, the count is back to ten', async () => {
    const teo = await p.alta('teo@example.pe', 'personal', 'Teo Ramos');
    // One code used: nine left.
    const { desafio } = await json<PrimerPasoRespuesta>(
      await api('POST', '/sesion', { body: { correo: teo.correo, contrasena: CONTRASENA } }),
    );
    await json<SesionRespuesta>(await api('POST', '/sesion/verificar', { body: { desafio, codigo: teo.codigos[0] } }));
    expect((await json<SesionRespuesta>(await api('GET', '/sesion', { cookie: teo.cookie }))).persona.codigosRestantes).toBe(9);

    await envejecer(teo.cookie);
    expect((await api('POST', '/yo/codigos', { cookie: teo.cookie })).status).toBe(403);
    await p.reautenticar(teo.cookie, teo);
    const nuevos = await json<CodigosNuevos>(await api('POST', '/yo/codigos', { cookie: teo.cookie }));
    expect(nuevos.codigosRecuperacion).toHaveLength(10);
    expect(new Set(nuevos.codigosRecuperacion).size).toBe(10);
    for (const viejo of teo.codigos) expect(nuevos.codigosRecuperacion).not.toContain(viejo);
    expect(nuevos.persona.codigosRestantes).toBe(10);

    const verificar = async (codigo: string) => {
      const paso = await json<PrimerPasoRespuesta>(await api('POST', '/sesion', { body: { correo: teo.correo, contrasena: CONTRASENA } }));
      return (await api('POST', '/sesion/verificar', { body: { desafio: paso.desafio, codigo } })).status;
    };
    expect(await verificar(teo.codigos[1]!)).toBe(401);
    expect(await verificar(nuevos.codigosRecuperacion[0]!.toLowerCase())).toBe(200);
    expect(await verificar(nuevos.codigosRecuperacion[0]!)).toBe(401);
    expect((await p.auditoria()).find((e) => e.accion === 'personal.codigos')).toMatchObject({ operador: 'Teo Ramos' });
  });

  it('lists my passkeys with name, created and last use; removes one of mine (fresh), never another person’s', async () => {
    const nora = await p.alta('nora@example.pe', 'personal', 'Nora Paz');
    const ivan = await p.alta('ivan@example.pe', 'personal', 'Iván Soto');
    const registrar = async (persona: PersonaDePrueba, nombre?: string) => {
      const llave = new PasskeyDePrueba('http://localhost:4321');
      const opciones = await json<{ challenge: string }>(await api('POST', '/yo/passkeys/opciones', { cookie: persona.cookie }));
      await json(await api('POST', '/yo/passkeys', { cookie: persona.cookie, body: { respuesta: llave.crear(opciones), nombre } }));
      return llave;
    };
    // A name past 40 characters, or with control characters, is refused before the passkey is looked at.
    for (const nombre of ['x'.repeat(41), 'Celular\u0000']) {
      const res = await api('POST', '/yo/passkeys', { cookie: nora.cookie, body: { respuesta: { id: 'x' }, nombre } });
      expect(res.status).toBe(400);
    }
    const celular = await registrar(nora, 'Celular de Nora');
    await registrar(nora);
    await registrar(ivan, 'Laptop');
    const { passkeys } = await json<{ passkeys: PasskeyPropia[] }>(await api('GET', '/yo/passkeys', { cookie: nora.cookie }));
    expect(passkeys).toEqual([
      { id: expect.any(Number), nombre: 'Celular de Nora', creada: reloj.ahora().toISOString(), ultimoUso: null },
      // Unnamed: named after its transports (the software authenticator says 'internal').
      { id: expect.any(Number), nombre: 'Passkey de este equipo', creada: reloj.ahora().toISOString(), ultimoUso: null },
    ]);
    const [deIvan] = (await json<{ passkeys: PasskeyPropia[] }>(await api('GET', '/yo/passkeys', { cookie: ivan.cookie }))).passkeys;

    // Signing in with it stamps its last use.
    const paso = await json<PrimerPasoRespuesta>(await api('POST', '/sesion', { body: { correo: nora.correo, contrasena: CONTRASENA } }));
    const pedido = await json<{ challenge: string }>(await api('POST', '/sesion/passkey/opciones', { body: { desafio: paso.desafio } }));
    await json(await api('POST', '/sesion/passkey', { body: { desafio: paso.desafio, respuesta: celular.firmar(pedido) } }));
    const usada = (await json<{ passkeys: PasskeyPropia[] }>(await api('GET', '/yo/passkeys', { cookie: nora.cookie }))).passkeys[0]!;
    expect(usada.ultimoUso).toBe(reloj.ahora().toISOString());

    // Another person's passkey is as absent as one that never was; a stale session is asked to sign in again.
    const ajena = await api('DELETE', `/yo/passkeys/${deIvan!.id}`, { cookie: nora.cookie });
    expect([ajena.status, await mensaje(ajena)]).toEqual([404, `No tienes una passkey N.° ${deIvan!.id}.`]);
    expect((await json<{ passkeys: PasskeyPropia[] }>(await api('GET', '/yo/passkeys', { cookie: ivan.cookie }))).passkeys).toHaveLength(1);
    await envejecer(nora.cookie);
    expect((await api('DELETE', `/yo/passkeys/${usada.id}`, { cookie: nora.cookie })).status).toBe(403);
    await p.reautenticar(nora.cookie, nora);
    const quitada = await json<CuentaCambiada>(await api('DELETE', `/yo/passkeys/${usada.id}`, { cookie: nora.cookie }));
    expect(quitada.mensaje).toBe('Quitamos la passkey "Celular de Nora": ya no sirve para ingresar.');
    expect(quitada.persona.passkeys).toBe(1);
    // The removed passkey no longer signs in.
    const otra = await json<PrimerPasoRespuesta>(await api('POST', '/sesion', { body: { correo: nora.correo, contrasena: CONTRASENA } }));
    const opciones = await json<{ challenge: string }>(await api('POST', '/sesion/passkey/opciones', { body: { desafio: otra.desafio } }));
    expect((await api('POST', '/sesion/passkey', { body: { desafio: otra.desafio, respuesta: celular.firmar(opciones) } })).status).toBe(
      401,
    );
    expect((await p.auditoria()).find((e) => e.accion === 'personal.passkey-quitada')).toMatchObject({
      operador: 'Nora Paz',
      antes: { passkey: 'Celular de Nora' },
    });
  });

  it("resets a staff member's access (owner, fresh): sessions end, TOTP, passkeys and codes are cleared, a new link enrols the same account", async () => {
    const duena = await p.alta('rosa@example.pe', 'dueno', 'Rosa Díaz');
    // An older invitation for the same address, still pending, must not become a way in after the reset.
    const vieja = await json<InvitacionCreada>(
      await api('POST', '/personal/invitaciones', { token: TOKEN, body: { correo: 'sara@example.pe', rol: 'dueno' } }),
    );
    const sara = await p.alta('sara@example.pe', 'personal', 'Sara León');
    const llave = new PasskeyDePrueba('http://localhost:4321');
    const opciones = await json<{ challenge: string }>(await api('POST', '/yo/passkeys/opciones', { cookie: sara.cookie }));
    await json(await api('POST', '/yo/passkeys', { cookie: sara.cookie, body: { respuesta: llave.crear(opciones) } }));
    const otraSesion = await p.ingresar(sara);

    // Staff cannot; a stale owner is asked to sign in again; nobody resets their own access.
    const personal = await api('POST', `/personal/${duena.id}/restablecer`, { cookie: sara.cookie });
    expect([personal.status, await mensaje(personal)]).toEqual([403, SOLO_ROL('dueno')]);
    await envejecer(duena.cookie);
    const rancia = await api('POST', `/personal/${sara.id}/restablecer`, { cookie: duena.cookie });
    expect([rancia.status, await mensaje(rancia)]).toEqual([403, REAUTENTICAR]);
    await p.reautenticar(duena.cookie, duena);
    const propia = await api('POST', `/personal/${duena.id}/restablecer`, { cookie: duena.cookie });
    expect(propia.status).toBe(409);
    expect((await api('POST', '/personal/999999/restablecer', { cookie: duena.cookie })).status).toBe(404);
    // Inviting an existing address is still refused: the reset is the way.
    expect(
      (await api('POST', '/personal/invitaciones', { cookie: duena.cookie, body: { correo: sara.correo, rol: 'personal' } })).status,
    ).toBe(409);

    const enviados = shop.sent.length;
    const hecho = await json<InvitacionCreada>(await api('POST', `/personal/${sara.id}/restablecer`, { cookie: duena.cookie }));
    expect(hecho.mensaje).toBe(
      'Restablecimos el acceso de Sara León y cerramos sus 2 sesión(es). Le enviamos un enlace nuevo que vence en 48 horas.',
    );
    expect(hecho.invitacion).toMatchObject({ correo: sara.correo, rol: 'personal', invitadaPor: 'Rosa Díaz' });
    expect(Date.parse(hecho.invitacion.expira) - reloj.ahora().getTime()).toBe(48 * 60 * MIN);
    expect(shop.sent.length).toBe(enviados + 1);
    expect(shop.sent.at(-1)).toMatchObject({ to: sara.correo, subject: 'Restablecimos tu acceso a K-Beauty Perú' });
    expect(shop.sent.at(-1)!.text).toContain(hecho.enlace);
    expect(shop.sent.at(-1)!.text).toContain('Rosa Díaz restableció tu acceso');

    // Everything she had is gone: sessions, password, TOTP code, recovery codes, passkey.
    expect(await sesionViva(sara.cookie)).toBe(401);
    expect(await sesionViva(otraSesion)).toBe(401);
    expect((await api('POST', '/sesion', { body: { correo: sara.correo, contrasena: CONTRASENA } })).status).toBe(401);
    const lista = await json<ListaPersonal>(await api('GET', '/personal', { cookie: duena.cookie }));
    expect(lista.invitaciones).toEqual(expect.arrayContaining([expect.objectContaining({ id: hecho.invitacion.id, correo: sara.correo })]));
    expect(lista.personas.find((una) => una.id === sara.id)).toMatchObject({ activa: true, accesoPendiente: true });
    expect(lista.personas.find((una) => una.id === duena.id)).not.toHaveProperty('accesoPendiente');

    // The new link: the same account, its name filled in; a new password and a new TOTP secret.
    const token = new URL(hecho.enlace).searchParams.get('token')!;
    expect(await json<InvitacionPublica>(await api('GET', `/invitaciones/${token}`))).toEqual({
      correo: sara.correo,
      rol: 'personal',
      expira: hecho.invitacion.expira,
      restablecimiento: true,
      nombre: 'Sara León',
    });
    const tokenViejo = new URL(vieja.enlace).searchParams.get('token')!;
    expect((await api('GET', `/invitaciones/${tokenViejo}`)).status).toBe(410);
    expect((await api('POST', `/invitaciones/${tokenViejo}`, { body: { nombre: 'Intrusa', contrasena: NUEVA } })).status).toBe(410);
    const vuelta = await p.inscribir(hecho.enlace, sara.correo, 'Sara León', NUEVA);
    expect(vuelta.id).toBe(sara.id);
    expect(vuelta.secreto).not.toBe(sara.secreto);
    expect(vuelta.codigos).toHaveLength(10);
    const despues = await json<ListaPersonal>(await api('GET', '/personal', { cookie: duena.cookie }));
    expect(despues.personas.find((una) => una.id === sara.id)).not.toHaveProperty('accesoPendiente');
    const sesion = await json<SesionRespuesta>(await api('GET', '/sesion', { cookie: vuelta.cookie }));
    expect(sesion.persona).toMatchObject({ id: sara.id, rol: 'personal', passkeys: 0, codigosRestantes: 10 });
    for (const codigo of [sara.codigos[0]!]) {
      const paso = await json<PrimerPasoRespuesta>(await api('POST', '/sesion', { body: { correo: sara.correo, contrasena: NUEVA } }));
      expect(paso.passkey).toBe(false);
      expect((await api('POST', '/sesion/verificar', { body: { desafio: paso.desafio, codigo } })).status).toBe(401);
    }
    expect(await sesionViva(await p.ingresar({ correo: sara.correo, secreto: vuelta.secreto }, NUEVA))).toBe(200);

    // The link works once; a second reset's link replaces the first.
    expect((await api('POST', `/invitaciones/${token}`, { body: { nombre: 'Intrusa', contrasena: NUEVA } })).status).toBe(410);
    await p.reautenticar(duena.cookie, duena);
    const primera = await json<InvitacionCreada>(await api('POST', `/personal/${sara.id}/restablecer`, { cookie: duena.cookie }));
    const segunda = await json<InvitacionCreada>(await api('POST', `/personal/${sara.id}/restablecer`, { cookie: duena.cookie }));
    const tokenPrimera = new URL(primera.enlace).searchParams.get('token')!;
    expect((await api('GET', `/invitaciones/${tokenPrimera}`)).status).toBe(410);
    expect((await api('GET', `/invitaciones/${new URL(segunda.enlace).searchParams.get('token')}`)).status).toBe(200);

    const entradas = await p.auditoria();
    expect(entradas.find((e) => e.accion === 'personal.restablecer' && e.despues?.invitacion === hecho.invitacion.id)).toMatchObject({
      operador: 'Rosa Díaz',
      objetivo: `persona ${sara.id} (${sara.correo})`,
      despues: { sesionesCerradas: 2, passkeysQuitadas: 1 },
    });
    expect(entradas.find((e) => e.accion === 'personal.reinscripcion')).toMatchObject({
      operador: 'Sara León',
      despues: { invitacion: hecho.invitacion.id, restablecidaPor: 'Rosa Díaz' },
    });
  });

  it("refuses a disabled account's reset, and `npm run shop -- personal restablecer <correo>` resets through the operator client", async () => {
    const leo = await p.alta('leo@example.pe', 'personal', 'Leo Vera');
    const run = async (args: string[]) => {
      const out: string[] = [];
      const code = await runShop(args, {
        fetch: async (url, init) => shop.app.request(url, init),
        baseUrl: 'http://localhost:4321',
        token: TOKEN,
        operador: 'Ana',
        out: (t) => out.push(t),
        err: (t) => out.push(t),
      });
      return { code, out: out.join('\n') };
    };
    expect(await json(await api('POST', `/personal/${leo.id}/desactivar`, { token: TOKEN }))).toBeTruthy();
    expect(await run(['personal', 'restablecer', 'leo@example.pe'])).toEqual({
      code: 1,
      out: 'La cuenta de Leo Vera está desactivada: actívala antes de restablecer su acceso.',
    });
    await json(await api('POST', `/personal/${leo.id}/activar`, { token: TOKEN }));
    const sesion = await p.ingresar(leo);
    const hecho = await run(['personal', 'restablecer', ' LEO@example.pe ']);
    expect(hecho.code, hecho.out).toBe(0);
    expect((await run(['personal', 'lista'])).out).toMatch(/leo@example\.pe\s+Personal\s+acceso restablecido \(enlace sin usar\)/);
    expect(hecho.out).toMatch(
      /^Restablecimos el acceso de Leo Vera y cerramos sus 1 sesión\(es\)\. .*\nEnlace de un solo uso \(no lo compartas\):\nhttp:\/\/localhost:4321\/admin\/invitacion\?token=[\w-]{43}$/,
    );
    expect(await sesionViva(sesion)).toBe(401);
    expect(await run(['personal', 'restablecer', 'nadie@example.pe'])).toMatchObject({
      code: 1,
      out: expect.stringMatching(/^No hay una cuenta con el correo nadie@example\.pe\./),
    });
    expect((await p.auditoria()).find((e) => e.accion === 'personal.restablecer')).toMatchObject({ operador: 'token de operador (Ana)' });
  });
});

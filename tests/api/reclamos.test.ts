import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROVEEDOR, RECLAMOS } from '../../src/lib/tienda.ts';
import { fechaLima } from '../../src/lib/dates.ts';
import { diasHabilesEntre, sumarDiasHabiles } from '../../src/lib/dias-habiles.ts';
import {
  reclamoNuevoSchema,
  type HojaRespuesta,
  type ReclamoNuevo,
  type ReclamoOperadorRespuesta,
  type ReclamosOperadorRespuesta,
  type RespuestaReclamoRespuesta,
} from '../../src/lib/api/reclamos-schemas.ts';
import { runShop } from '../../src/cli/shop.ts';
import { parseCsv } from '../../src/cli/csv.ts';
import { RATE_LIMITS, serverConfig } from '../../src/server/config.ts';
import { reclamos, reclamosCorrelativos, trabajos } from '../../src/server/db/schema/index.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { noLaborables } from '../../src/server/reclamos/calendario.ts';
import { registrarReclamo } from '../../src/server/reclamos/queries.ts';
import { buzonDe } from '../../src/server/reclamos/topes.ts';
import { loggablePath } from '../../src/server/http/request-log.ts';
import { decodeParts, startTestSmtp } from '../fixtures/smtp.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, runJobsUntilIdle, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';
const TIENDA_CORREO = 'duena@example.pe';
const URL_LIBRO = '/api/libro-reclamaciones';
const generous = { max: 100_000, windowSeconds: 900 };
const POR_IP = 3;
/** Peru's public holidays, the calendar of the shop under test (no SHOP_NON_WORKING_DAYS). */
const peru = noLaborables();

/** A complete sheet; `cambios` replaces top-level fields, `consumidor` some of the consumer's. */
const hojaNueva = (
  correo: string,
  cambios: Partial<ReclamoNuevo> = {},
  consumidor: Partial<ReclamoNuevo['consumidor']> = {},
): ReclamoNuevo => ({
  tipo: 'reclamo',
  consumidor: {
    nombre: '  Rosa Quispe Huamán ',
    documentoTipo: 'DNI',
    documentoNumero: '44556677',
    direccion: 'Jr. Ucayali 456, Cercado de Lima',
    telefono: '987 654 321',
    correo,
    menorDeEdad: false,
    ...consumidor,
  },
  bien: { tipo: 'producto', descripcion: 'Sérum de vitamina C 30 ml', pedido: 41 },
  monto: 89.9,
  detalle: 'El frasco llegó roto y el producto derramado dentro de la caja.',
  pedidoConsumidor: 'Que me envíen un frasco nuevo o me devuelvan el dinero.',
  ...cambios,
});

describeEachDatabase('Libro de Reclamaciones', (target) => {
  let shop: TestShop;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  let ip = 0;
  let correos = 0;
  /** Each filing from its own address unless told, so the per-IP limit touches only the test about it. */
  const file = (body: unknown, { token, desde }: { token?: string; desde?: string } = {}) =>
    shop.call('POST', URL_LIBRO, { body, token, headers: { 'X-Forwarded-For': desde ?? `10.30.${Math.floor(++ip / 250)}.${ip % 250}` } });
  const presentar = async (body: unknown, options: { token?: string; desde?: string } = {}) => {
    const res = await file(body, options);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as HojaRespuesta;
  };
  const filed = async (body: unknown, options: { token?: string; desde?: string } = {}) => (await presentar(body, options)).hoja;
  const admin = (method: string, path: string, body?: unknown, operador = 'Rosa Díaz') =>
    shop.call(method, path, {
      token: TOKEN,
      body,
      headers: { 'X-Forwarded-For': '10.31.0.1', 'X-Operador': encodeURIComponent(operador) },
    });
  const nuevoCorreo = () => `consumidor${++correos}@example.pe`;
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
  const cuantas = async () => (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(reclamos))[0]!.n;
  const enviarCorreos = () => runJobsUntilIdle(shop);
  /** The decoded text of the e-mails that reached `to` through the SMTP server. */
  const correosPara = (to: string) => smtp.messages.filter((m) => m.to.includes(to)).map((m) => decodeParts(m.raw));

  beforeAll(async () => {
    smtp = await startTestSmtp();
    const rateLimits = {
      ...(Object.fromEntries(Object.keys(RATE_LIMITS).map((name) => [name, generous])) as typeof RATE_LIMITS),
      reclamosPorIp: { max: POR_IP, windowSeconds: 3600 },
    };
    shop = await openShop(target, {
      mailer: createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'tienda@example.pe' }),
      config: {
        adminToken: TOKEN,
        trustProxy: true,
        correoTienda: TIENDA_CORREO,
        rateLimits,
        reclamos: { diasNoLaborables: [], copiasPorCorreoDia: 100, copiasPorDia: 100_000 },
      },
    });
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  it("files an anonymous sheet: its number, the provider, the deadline; the typed address gets only the shop's words, the number and the link", async () => {
    const correo = nuevoCorreo();
    const detalle = 'Llegó <b>roto</b> & sin "sello". Entra a http://evil.example/login';
    const { hoja, copia } = await presentar(hojaNueva(correo, { detalle }));
    expect(hoja).toEqual({
      numero: expect.stringMatching(/^LR-\d{4}-\d{6}$/),
      fecha: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      proveedor: PROVEEDOR,
      tipo: 'reclamo',
      consumidor: {
        nombre: 'Rosa Quispe Huamán',
        documentoTipo: 'DNI',
        documentoNumero: '44556677',
        direccion: 'Jr. Ucayali 456, Cercado de Lima',
        telefono: '987654321',
        correo,
        menorDeEdad: false,
        apoderado: null,
      },
      bien: { tipo: 'producto', descripcion: 'Sérum de vitamina C 30 ml', pedido: 41 },
      monto: 89.9,
      detalle,
      pedidoConsumidor: 'Que me envíen un frasco nuevo o me devuelvan el dinero.',
      plazo: sumarDiasHabiles(new Date(hoja.fecha), RECLAMOS.plazoDiasHabiles, peru),
      estado: 'pendiente',
      respuesta: null,
    });
    expect(copia).toEqual({
      envio: 'enlace',
      enlace: expect.stringMatching(new RegExp(`^/api/libro-reclamaciones/hoja/${hoja.numero}/[0-9a-f]{32}$`)),
    });
    expect(hoja.numero.slice(3, 7)).toBe(fechaLima(new Date(hoja.fecha)).slice(0, 4));
    const [row] = await shop.database.db.select().from(reclamos).where(eq(reclamos.correo, correo));
    expect(row!.clienteId).toBeNull();
    expect(row!.monto).toBe(8990);

    await enviarCorreos();
    const [enviada, ...otras] = correosPara(correo);
    expect(otras).toEqual([]);
    expect(enviada).toContain(`N.° ${hoja.numero}`);
    expect(enviada).toContain(`http://localhost:4321${copia.enlace}`);
    expect(enviada).toContain('Si no registraste tú esta hoja, ignora este mensaje');
    // Nothing the filer typed reaches an address nobody proved: not the name, the detail (its link), the good nor the request.
    for (const ajeno of ['Rosa', 'Quispe', 'evil.example', 'roto', 'Sérum', 'frasco nuevo', 'Ucayali', '44556677', '987654321'])
      expect(enviada, ajeno).not.toContain(ajeno);
    expect(correosPara(TIENDA_CORREO).filter((m) => m.includes(`N.° ${hoja.numero}`))).toHaveLength(1);
    // Each e-mail is sent once: another run of the worker sends nothing new about it.
    const antes = smtp.messages.length;
    await enviarCorreos();
    expect(smtp.messages.length).toBe(antes);

    // The link is the copy: the whole sheet, the consumer's text escaped and never a link, on a page of its own policy.
    const pagina = await shop.call('GET', copia.enlace);
    expect(pagina.status).toBe(200);
    expect(pagina.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(pagina.headers.get('Cache-Control')).toBe('private, no-store');
    expect(pagina.headers.get('Content-Security-Policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; script-src 'sha256-[^']+';/,
    );
    const html = await pagina.text();
    for (const texto of [
      `Hoja de reclamación N.° ${hoja.numero}`,
      'Rosa Quispe Huamán',
      'DNI 44556677',
      'Sérum de vitamina C 30 ml',
      `RUC ${PROVEEDOR.ruc}`,
      'Que me envíen un frasco nuevo o me devuelvan el dinero.',
    ])
      expect(html).toContain(texto);
    expect(html).toContain('Llegó &lt;b&gt;roto&lt;/b&gt; &amp; sin &quot;sello&quot;. Entra a http://evil.example/login');
    expect(html).not.toContain('<b>roto');
    expect(html).not.toMatch(/href="http:\/\/evil/);
    // A signature not made by the shop, or another sheet's, opens nothing.
    const firma = copia.enlace.split('/').at(-1)!;
    const otra = await filed(hojaNueva(nuevoCorreo()));
    for (const falso of [
      copia.enlace.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      `/api/libro-reclamaciones/hoja/${otra.numero}/${firma}`,
      `/api/libro-reclamaciones/hoja/${hoja.numero}/x`,
      '/api/libro-reclamaciones/hoja/cualquiera/0123456789abcdef0123456789abcdef',
    ]) {
      const res = await shop.call('GET', falso);
      expect(res.status, falso).toBe(404);
      expect(await res.text()).toContain('No encontramos esa hoja de reclamación.');
    }
    // The request log keeps the sheet's number, never the signature.
    expect(loggablePath(copia.enlace)).toBe(`/api/libro-reclamaciones/hoja/${hoja.numero}/…`);
  });

  it("links a signed-in customer's sheet to the account and e-mails the copy; a bad token is a 401 that stores nothing", async () => {
    const cliente = await shop.customer('reclamante1');
    const correo = `${cliente.usuario}@example.pe`;
    const hoja = await filed(
      hojaNueva(correo, { tipo: 'queja', bien: { tipo: 'servicio', descripcion: 'Atención por WhatsApp' }, monto: undefined }),
      { token: cliente.token },
    );
    expect(hoja).toMatchObject({
      tipo: 'queja',
      bien: { tipo: 'servicio', descripcion: 'Atención por WhatsApp', pedido: null },
      monto: null,
    });
    const [row] = await shop.database.db.select().from(reclamos).where(eq(reclamos.correo, correo));
    expect(row!.clienteId).toBe(cliente.id);
    const detalle = (await (await admin('GET', `/admin/api/reclamos/${hoja.numero}`)).json()) as ReclamoOperadorRespuesta;
    expect(detalle.reclamo.clienteId).toBe(cliente.id);
    await enviarCorreos();
    // The account's own address gets the whole sheet, and its link.
    expect(correosPara(correo)).toEqual([expect.stringContaining(`N.° ${hoja.numero}`)]);
    expect(correosPara(correo)[0]).toContain('Atención por WhatsApp');
    expect(correosPara(correo)[0]).toContain(`/api/libro-reclamaciones/hoja/${hoja.numero}/`);
    // Signed in but naming another address: that one gets the number and the link only.
    const otro = nuevoCorreo();
    const ajena = await presentar(hojaNueva(otro, { detalle: 'Un detalle que no debe viajar por correo.' }), { token: cliente.token });
    expect(ajena.copia.envio).toBe('enlace');
    await enviarCorreos();
    expect(correosPara(otro)).toEqual([expect.stringContaining(`N.° ${ajena.hoja.numero}`)]);
    expect(correosPara(otro)[0]).not.toContain('Un detalle que no debe viajar');

    const antes = await cuantas();
    for (const token of ['a.b.c', `${cliente.token}x`]) {
      const res = await file(hojaNueva(nuevoCorreo()), { token });
      expect(res.status).toBe(401);
    }
    expect(await cuantas()).toBe(antes);
  });

  it('refuses a sheet missing a required field, naming it in Spanish, and stores nothing (no number is used up)', async () => {
    const correo = nuevoCorreo();
    const primera = await filed(hojaNueva(correo));
    const sin = (campo: keyof ReclamoNuevo['consumidor']) => {
      const body = hojaNueva(correo) as unknown as { consumidor: Record<string, unknown> };
      delete body.consumidor[campo];
      return body;
    };
    const casos: [unknown, string][] = [
      [sin('nombre'), 'Falta el nombre del consumidor.'],
      [hojaNueva(correo, {}, { nombre: '   ' }), 'Falta el nombre del consumidor.'],
      [sin('documentoTipo'), 'Falta el documento del consumidor.'],
      [sin('documentoNumero'), 'Falta el documento del consumidor.'],
      [sin('direccion'), 'Falta la dirección del consumidor.'],
      [sin('correo'), 'Falta el correo del consumidor.'],
      [hojaNueva(correo, { detalle: '' }), 'Falta el detalle del reclamo.'],
      [hojaNueva(correo, { tipo: 'queja', detalle: ' ' }), 'Falta el detalle de la queja.'],
      [hojaNueva(correo, { pedidoConsumidor: '' }), 'Falta lo que pides al proveedor.'],
      [hojaNueva(correo, {}, { menorDeEdad: true }), 'Faltan los datos del padre, madre o apoderado.'],
      [hojaNueva(correo, {}, { documentoNumero: '123' }), 'El DNI debe tener 8 dígitos.'],
      [hojaNueva(correo, {}, { correo: 'no-es-correo' }), 'El correo del consumidor no es válido.'],
      [hojaNueva(correo, { monto: -1 }), 'El monto reclamado no puede ser negativo.'],
      [{ ...hojaNueva(correo), tipo: 'sugerencia' }, 'Indica si es un reclamo o una queja.'],
      [[], 'El cuerpo debe ser un objeto JSON.'],
    ];
    const antes = await cuantas();
    for (const [body, esperado] of casos) {
      const res = await file(body);
      expect(res.status, esperado).toBe(400);
      expect(await mensaje(res)).toBe(esperado);
    }
    expect(await cuantas()).toBe(antes);
    // The refused forms drew no correlative: the next sheet follows the last one.
    const siguiente = await filed(hojaNueva(correo));
    expect(Number(siguiente.numero.slice(-6))).toBe(Number(primera.numero.slice(-6)) + 1);
    // A minor's sheet with the guardian keeps it.
    const apoderado = { nombre: 'Luis Quispe', documentoTipo: 'CARNET EXTRANJERIA' as const, documentoNumero: 'X123456' };
    const menor = await filed(hojaNueva(correo, {}, { menorDeEdad: true, apoderado }));
    expect(menor.consumidor.apoderado).toEqual(apoderado);
  });

  it('gives 20 concurrent filings 20 distinct consecutive numbers, and queues their e-mails once each', async () => {
    const hojas = await Promise.all(Array.from({ length: 20 }, () => filed(hojaNueva(nuevoCorreo()))));
    const numeros = hojas.map((h) => h.numero);
    expect(new Set(numeros).size).toBe(20);
    const correlativos = numeros.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(correlativos).toEqual(correlativos.map((_, i) => correlativos[0]! + i));
    const [contador] = await shop.database.db
      .select()
      .from(reclamosCorrelativos)
      .where(eq(reclamosCorrelativos.anio, Number(numeros[0]!.slice(3, 7))));
    expect(contador!.ultimo).toBe(correlativos.at(-1));
    const claves = (await shop.database.db.select({ clave: trabajos.clave }).from(trabajos)).map((t) => t.clave ?? '');
    for (const numero of numeros) expect(claves.filter((clave) => clave.endsWith(`:${numero}`))).toHaveLength(2);
    // Their e-mails are the first test's subject: sending forty more through SMTP here would only take time.
    await shop.database.db
      .update(trabajos)
      .set({ terminado: new Date() })
      .where(sql`terminado IS NULL`);
  });

  it("counts the deadline in Lima's working days, across a weekend and holidays, and numbers each year from 1", async () => {
    const datos = reclamoNuevoSchema.parse(hojaNueva(nuevoCorreo()));
    // Friday 27 November 2026: the weekend and 8 and 9 December (holidays) are skipped.
    const viernes = await registrarReclamo(shop.database.db, datos, { ahora: new Date('2026-11-27T15:00:00Z') });
    expect(viernes.plazo).toBe('2026-12-22');
    // 23:30 on 31 December in Lima is already 2027 in UTC: still a 2026 sheet; the first of 2027 is number 1.
    const fin = await registrarReclamo(shop.database.db, datos, { ahora: new Date('2027-01-01T04:30:00Z') });
    expect(fin.numero).toMatch(/^LR-2026-/);
    expect(fin.plazo).toBe('2027-01-22');
    const nuevo = await registrarReclamo(shop.database.db, datos, { ahora: new Date('2027-01-01T05:30:00Z') });
    expect(nuevo.numero).toBe('LR-2027-000001');
    expect((await registrarReclamo(shop.database.db, datos, { ahora: new Date('2027-01-04T15:00:00Z') })).numero).toBe('LR-2027-000002');
    // Past the years a hand-kept table covered: 2028's Semana Santa (13 and 14 April) and 1 May are skipped.
    expect((await registrarReclamo(shop.database.db, datos, { ahora: new Date('2028-04-10T15:00:00Z') })).plazo).toBe('2028-05-04');
    expect((await registrarReclamo(shop.database.db, datos, { ahora: new Date('2030-07-22T15:00:00Z') })).plazo).toBe('2030-08-15');
    // The shop's own non-working days (SHOP_NON_WORKING_DAYS) push it further.
    const propios = noLaborables(serverConfig({ SHOP_NON_WORKING_DAYS: '2030-08-13,2030-08-14' }).reclamos.diasNoLaborables);
    expect((await registrarReclamo(shop.database.db, datos, { ahora: new Date('2030-07-22T15:00:00Z'), noLaborable: propios })).plazo).toBe(
      '2030-08-19',
    );
  });

  it('lists the sheets for the operator, oldest deadline first, flagging those due within 3 working days or overdue', async () => {
    const hoy = fechaLima(new Date());
    const datos = (correo: string) => reclamoNuevoSchema.parse(hojaNueva(correo));
    const vencida = await registrarReclamo(shop.database.db, datos(nuevoCorreo()), { ahora: new Date('2026-01-05T15:00:00Z') });
    // A filing date whose deadline is 2 working days from today.
    let dia = hoy;
    while (diasHabilesEntre(hoy, sumarDiasHabiles(dia, RECLAMOS.plazoDiasHabiles, peru), peru) > 2)
      dia = fechaLima(new Date(Date.parse(`${dia}T12:00:00Z`) - 86_400_000));
    const pronto = await registrarReclamo(shop.database.db, datos(nuevoCorreo()), { ahora: new Date(`${dia}T17:00:00Z`) });
    const nueva = await filed(hojaNueva(nuevoCorreo()));

    const res = await admin('GET', '/admin/api/reclamos?estado=pendiente');
    expect(res.status).toBe(200);
    const { reclamos: lista } = (await res.json()) as ReclamosOperadorRespuesta;
    const plazos = lista.map((r) => r.plazo);
    expect(plazos).toEqual([...plazos].sort());
    const de = (numero: string) => lista.find((r) => r.numero === numero)!;
    expect(de(vencida.numero)).toMatchObject({ alerta: 'vencido', estado: 'pendiente', clienteId: null });
    expect(de(vencida.numero).diasHabilesRestantes).toBeLessThan(0);
    expect(de(pronto.numero)).toMatchObject({ alerta: 'vence-pronto', diasHabilesRestantes: 2 });
    expect(de(nueva.numero)).toMatchObject({ alerta: null, diasHabilesRestantes: RECLAMOS.plazoDiasHabiles });
    expect(lista.findIndex((r) => r.numero === vencida.numero)).toBeLessThan(lista.findIndex((r) => r.numero === pronto.numero));
    expect(lista.findIndex((r) => r.numero === pronto.numero)).toBeLessThan(lista.findIndex((r) => r.numero === nueva.numero));

    const mal = await admin('GET', '/admin/api/reclamos?estado=abierto');
    expect(mal.status).toBe(400);
    expect(await mensaje(mal)).toBe('El estado debe ser uno de: pendiente, respondido, vencido.');
    expect((await shop.call('GET', '/admin/api/reclamos')).status).toBe(401);
    expect((await admin('GET', '/admin/api/reclamos/LR-2026-999999')).status).toBe(404);
    expect(await mensaje(await admin('GET', '/admin/api/reclamos/cualquiera'))).toBe('No existe la hoja de reclamación cualquiera.');
  });

  it('records the answer once, with its date and operator in the audit trail, and e-mails it; a second answer is a 409', async () => {
    const correo = nuevoCorreo();
    const hoja = await filed(hojaNueva(correo));
    const texto = 'Lamentamos lo ocurrido.\nTe enviamos un frasco nuevo sin costo esta semana.';
    const sinTexto = await admin('POST', `/admin/api/reclamos/${hoja.numero}/respuesta`, { texto: ' ' });
    expect(sinTexto.status).toBe(400);
    expect(await mensaje(sinTexto)).toBe('Escribe la respuesta al consumidor.');

    const [una, otra] = await Promise.all([
      admin('POST', `/admin/api/reclamos/${hoja.numero.toLowerCase()}/respuesta`, { texto }),
      admin('POST', `/admin/api/reclamos/${hoja.numero}/respuesta`, { texto: 'Otra respuesta distinta a la primera.' }),
    ]);
    expect([una.status, otra.status].sort()).toEqual([200, 409]);
    const ok = (una.status === 200 ? una : otra).clone();
    const body = (await ok.json()) as RespuestaReclamoRespuesta;
    expect(body.mensaje).toBe(`Respuesta registrada en la hoja ${hoja.numero}. La enviaremos a ${correo} por correo.`);
    expect(body.reclamo).toMatchObject({
      numero: hoja.numero,
      estado: 'respondido',
      alerta: null,
      respuesta: { fecha: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });
    const guardada = body.reclamo.respuesta!.texto;
    const segunda = await admin('POST', `/admin/api/reclamos/${hoja.numero}/respuesta`, { texto: 'Y una tercera respuesta más.' });
    expect(segunda.status).toBe(409);
    expect(await mensaje(segunda)).toMatch(
      new RegExp(`^La hoja de reclamación ${hoja.numero} ya fue respondida el \\d\\d/\\d\\d/\\d{4}: la respuesta no se cambia\\.$`),
    );
    const detalle = (await (await admin('GET', `/admin/api/reclamos/${hoja.numero}`)).json()) as ReclamoOperadorRespuesta;
    expect(detalle.reclamo.respuesta!.texto).toBe(guardada);
    expect((await admin('POST', '/admin/api/reclamos/LR-2026-999999/respuesta', { texto })).status).toBe(404);

    const { entradas } = (await (await admin('GET', '/admin/api/auditoria')).json()) as {
      entradas: { operador: string; accion: string; objetivo: string; despues: Record<string, unknown> }[];
    };
    expect(entradas.filter((e) => e.objetivo === `hoja ${hoja.numero}`)).toEqual([
      expect.objectContaining({
        operador: 'token de operador (Rosa Díaz)',
        accion: 'reclamo.respuesta',
        despues: { estado: 'respondido', respuesta: guardada },
      }),
    ]);
    const respondidas = (await (await admin('GET', '/admin/api/reclamos?estado=respondido')).json()) as ReclamosOperadorRespuesta;
    expect(respondidas.reclamos.map((r) => r.numero)).toContain(hoja.numero);

    await enviarCorreos();
    const respuestas = correosPara(correo).filter((m) => m.includes('respuesta a tu hoja') || m.includes('Esta es nuestra respuesta'));
    expect(respuestas).toHaveLength(1);
    expect(respuestas[0]).toContain(guardada.split('\n')[0]);
    // An anonymous sheet's address gets the shop's words and the link, not the filer's.
    expect(respuestas[0]).toContain(`/api/libro-reclamaciones/hoja/${hoja.numero}/`);
    expect(respuestas[0]).not.toContain('El frasco llegó roto');
    expect(respuestas[0]).not.toContain('Rosa Quispe');
  });

  it('exports every sheet as CSV, quoted so commas, quotes and line breaks survive, formulas disarmed', async () => {
    const detalle = '=HIPERVINCULO("x"), dijo; "otra" línea\nsegunda línea del detalle';
    const hoja = await filed(hojaNueva(nuevoCorreo(), { detalle }));
    const res = await admin('GET', '/admin/api/reclamos.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="libro-de-reclamaciones-\d{4}-\d\d-\d\d\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = parseCsv(bytes.toString('utf8'));
    expect(csv.cabecera.slice(0, 4)).toEqual(['Número', 'Fecha (hora de Lima)', 'Tipo', 'Estado']);
    expect(csv.registros).toHaveLength(await cuantas());
    const fila = csv.registros.find((r) => r.celdas[0] === hoja.numero)!;
    expect(fila.celdas[csv.cabecera.indexOf('Detalle')]).toBe(`'${detalle}`);
    expect(fila.celdas[csv.cabecera.indexOf('Monto reclamado (S/)')]).toBe('89.90');
    expect(fila.celdas[csv.cabecera.indexOf('RUC')]).toBe(PROVEEDOR.ruc);
    expect((await shop.call('GET', '/admin/api/reclamos.csv')).status).toBe(401);
    // Each export leaves its entry in the audit trail, with the operator's name and what it held.
    expect((await admin('GET', '/admin/api/reclamos.csv?estado=pendiente', undefined, 'Carla Ríos')).status).toBe(200);
    const { entradas } = (await (await admin('GET', '/admin/api/auditoria?limite=5')).json()) as {
      entradas: { operador: string; accion: string; objetivo: string; despues: Record<string, unknown> }[];
    };
    expect(entradas.filter((e) => e.accion === 'reclamos.exportacion').slice(0, 2)).toEqual([
      expect.objectContaining({
        operador: 'token de operador (Carla Ríos)',
        objetivo: 'libro de reclamaciones',
        despues: { estado: 'pendiente', hojas: expect.any(Number) },
      }),
      expect.objectContaining({
        operador: 'token de operador (Rosa Díaz)',
        objetivo: 'libro de reclamaciones',
        despues: { estado: null, hojas: csv.registros.length },
      }),
    ]);
    // Sheets are never deleted: no route does it and the database refuses it.
    expect(shop.app.routes.filter((route) => route.method === 'DELETE' && /reclamo/.test(route.path))).toEqual([]);
    await expect(shop.database.db.execute(sql`DELETE FROM reclamos`)).rejects.toThrow();
    expect(await cuantas()).toBe(csv.registros.length);
  });

  it('is what `npm run shop -- reclamos` / `reclamo N` / `reclamo N responder` talk to', async () => {
    const correo = nuevoCorreo();
    const hoja = await filed(hojaNueva(correo));
    const run = async (args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const fetch = async (url: string, init?: RequestInit) =>
        shop.app.request(url, { ...init, headers: { ...(init?.headers as Record<string, string>), 'X-Forwarded-For': '10.32.0.1' } });
      const code = await runShop(args, {
        fetch,
        baseUrl: 'http://localhost:4321',
        token: TOKEN,
        operador: 'Operadora CLI',
        out: (t) => out.push(t),
        err: (t) => err.push(t),
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const lista = await run(['reclamos', '--estado', 'pendientes']);
    expect(lista.code).toBe(0);
    expect(lista.out).toMatch(/^\d+ hoja\(s\) de reclamación en estado pendiente; \d+ por vencer o vencidas \(⚠\):/);
    expect(lista.out).toMatch(
      new RegExp(
        `^${hoja.numero}\\s+.*reclamo\\s+pendiente\\s+\\d\\d/\\d\\d/\\d{4}\\s+15 d\\. háb\\.\\s+Rosa Quispe Huamán\\s+${correo}`,
        'm',
      ),
    );
    expect(lista.out).toMatch(/⚠ vencido/);
    expect((await run(['reclamos', '--estado', 'abierto'])).err).toBe(
      '"abierto" no es un estado de las hojas de reclamación. Estados: pendiente, respondido.',
    );

    const una = await run(['reclamo', hoja.numero]);
    expect(una.code).toBe(0);
    expect(una.out).toContain(`Hoja de reclamación N.° ${hoja.numero} · reclamo · pendiente`);
    expect(una.out).toContain('Consumidor: Rosa Quispe Huamán · DNI 44556677');
    expect(una.out).toContain(`Sin respuesta. Responde con: npm run shop -- reclamo ${hoja.numero} responder --texto "…"`);
    expect(await run(['reclamo', hoja.numero, 'responder'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^Escribe la respuesta con --texto/),
    });

    const respondida = await run(['reclamo', hoja.numero, 'responder', '--texto', 'Te devolvemos S/ 89.90 a tu tarjeta.']);
    expect(respondida).toEqual({
      code: 0,
      out: `Respuesta registrada en la hoja ${hoja.numero}. La enviaremos a ${correo} por correo.`,
      err: '',
    });
    const otra = await run(['reclamo', hoja.numero, 'responder', '--texto', 'Otra vez la respuesta.']);
    expect(otra.code).toBe(1);
    expect(otra.err).toMatch(/ya fue respondida/);
    expect((await run(['reclamo', hoja.numero])).out).toMatch(/Respuesta \(.+\):\n {2}Te devolvemos S\/ 89\.90 a tu tarjeta\./);
    const [entrada] = ((await (await admin('GET', '/admin/api/auditoria?limite=1')).json()) as { entradas: { operador: string }[] })
      .entradas;
    expect(entrada!.operador).toBe('token de operador (Operadora CLI)');

    const dir = mkdtempSync(join(tmpdir(), 'kbeauty-reclamos-'));
    try {
      const archivo = join(dir, 'libro.csv');
      const exportado = await run(['reclamos', '--csv', archivo]);
      expect(exportado).toEqual({ code: 0, out: `${await cuantas()} hoja(s) de reclamación exportadas a ${archivo}.`, err: '' });
      const escrito = readFileSync(archivo);
      expect([...escrito.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(parseCsv(escrito.toString('utf8')).registros.map((r) => r.celdas[0])).toContain(hoja.numero);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(`limits well-formed filings to ${POR_IP} per IP (429 with Retry-After); refused forms do not count; RATE_LIMIT_RECLAMOSPORIP overrides`, async () => {
    const desde = '10.33.0.1';
    expect((await file(hojaNueva(nuevoCorreo(), { detalle: '' }), { desde })).status).toBe(400);
    for (let i = 0; i < POR_IP; i++) await filed(hojaNueva(nuevoCorreo()), { desde });
    const antes = await cuantas();
    const limitado = await file(hojaNueva(nuevoCorreo()), { desde });
    expect(limitado.status).toBe(429);
    expect(Number(limitado.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await mensaje(limitado)).toMatch(/^Demasiados intentos/);
    expect(await cuantas()).toBe(antes);
    expect((await file(hojaNueva(nuevoCorreo()), { desde: '10.33.0.2' })).status).toBe(201);
    expect(RATE_LIMITS.reclamosPorIp).toEqual({ max: 10, windowSeconds: 3600 });
    expect(serverConfig({ RATE_LIMIT_RECLAMOSPORIP: '5/60' }).rateLimits.reclamosPorIp).toEqual({ max: 5, windowSeconds: 60 });
  });

  it('caps the copies per address and per day (one alert to SHOP_EMAIL at the global cap); past them the sheets are filed all the same', async () => {
    const alerta = 'alerta-reclamos@example.pe';
    const topes = await openShop(target, {
      mailer: createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'tienda@example.pe' }),
      config: {
        trustProxy: true,
        correoTienda: alerta,
        rateLimits: shop.services.config.rateLimits,
        reclamos: { diasNoLaborables: [], copiasPorCorreoDia: 2, copiasPorDia: 4 },
      },
    });
    try {
      const presentarEn = async (correo: string) => {
        const res = await topes.call('POST', URL_LIBRO, {
          body: hojaNueva(correo),
          headers: { 'X-Forwarded-For': `10.34.0.${++ip % 250}` },
        });
        expect(res.status).toBe(201);
        return (await res.json()) as HojaRespuesta;
      };
      // One mailbox under three spellings: two copies, then none.
      const buzon = ['tope+1@example.pe', 'TOPE+dos@example.pe', 'tope@example.pe'];
      expect((await Promise.all(buzon.map(presentarEn).map((p) => p.then((r) => r.copia.envio)))).sort()).toEqual([
        'enlace',
        'enlace',
        'no-enviada',
      ]);
      // Two more addresses reach the day's 4 copies; the next ones are filed without a copy, and the shop hears of it once.
      const envios = [];
      for (const correo of ['tope-a@example.pe', 'tope-b@example.pe', 'tope-c@example.pe', 'tope-d@example.pe'])
        envios.push((await presentarEn(correo)).copia);
      expect(envios.map((c) => c.envio)).toEqual(['enlace', 'enlace', 'no-enviada', 'no-enviada']);
      // A sheet without its e-mail still has its link: the consumer sees it on the screen.
      expect((await topes.call('GET', envios[3]!.enlace)).status).toBe(200);
      expect((await topes.database.db.select({ n: sql<number>`count(*)::int` }).from(reclamos))[0]!.n).toBe(7);
      await runJobsUntilIdle(topes);
      const a = (patron: RegExp) => smtp.messages.filter((m) => patron.test(m.to.join(' ')));
      expect(a(/tope(\+[^@]*)?@example\.pe/i)).toHaveLength(2);
      expect(a(/tope-[ab]@/)).toHaveLength(2);
      expect(a(/tope-[cd]@/)).toHaveLength(0);
      const alertas = a(new RegExp(alerta))
        .map((m) => decodeParts(m.raw))
        .filter((m) => m.includes('tope diario'));
      expect(alertas).toHaveLength(1);
      expect(alertas[0]).toContain('COMPLAINT_COPIES_PER_DAY');
    } finally {
      await topes.close();
    }
    expect(buzonDe(' R.osa+reclamo@GoogleMail.com')).toBe('rosa@gmail.com');
    expect(buzonDe('r.osa+x@example.pe')).toBe('r.osa@example.pe');
    expect(serverConfig({ COMPLAINT_COPIES_PER_ADDRESS_PER_DAY: '5', COMPLAINT_COPIES_PER_DAY: '50' }).reclamos).toMatchObject({
      copiasPorCorreoDia: 5,
      copiasPorDia: 50,
    });
    expect(serverConfig({}).reclamos).toMatchObject({
      copiasPorCorreoDia: RECLAMOS.copiasPorCorreoDia,
      copiasPorDia: RECLAMOS.copiasPorDia,
    });
    // A shop of its own: opening a database with its migrations takes a while on a busy machine.
  }, 120_000);
});

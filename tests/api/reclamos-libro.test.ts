import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AjustesTiendaRespuesta } from '../../src/lib/api/tienda-schemas.ts';
import type { InicioRespuesta } from '../../src/lib/api/backoffice-schemas.ts';
import { MENSAJE_DIA_NO_LABORABLE } from '../../src/lib/api/reclamos-rules.ts';
import {
  reclamoNuevoSchema,
  type HojaRespuesta,
  type ReclamoNuevo,
  type ReclamoOperadorRespuesta,
  type ReclamosOperadorRespuesta,
} from '../../src/lib/api/reclamos-schemas.ts';
import { fechaLima } from '../../src/lib/dates.ts';
import { esDiaHabil } from '../../src/lib/dias-habiles.ts';
import { RECLAMOS } from '../../src/lib/tienda.ts';
import { REAUTENTICAR, SOLO_ROL } from '../../src/server/admin/roles.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { calendarioVigente, noLaborables } from '../../src/server/reclamos/calendario.ts';
import { registrarReclamo } from '../../src/server/reclamos/queries.ts';
import { runBackgroundOnce } from '../../src/server/services.ts';
import { decodeParts, startTestSmtp } from '../fixtures/smtp.ts';
import { describeEachDatabase } from './databases.ts';
import { configConPersonas, personas, relojDePrueba, type PersonaDePrueba } from './personas.ts';
import { openShop, runJobsUntilIdle, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';
const TIENDA_CORREO = 'tienda@example.pe';
const MIN = 60_000;
const DIA = 86_400_000;

/** A complete sheet to `correo`. */
const hoja = (correo: string): ReclamoNuevo => ({
  tipo: 'reclamo',
  consumidor: {
    nombre: 'Rosa Quispe Huamán',
    documentoTipo: 'DNI',
    documentoNumero: '44556677',
    direccion: 'Jr. Ucayali 456, Cercado de Lima',
    telefono: '987654321',
    correo,
    menorDeEdad: false,
  },
  bien: { tipo: 'producto', descripcion: 'Sérum de vitamina C 30 ml', pedido: 41 },
  monto: 89.9,
  detalle: 'El frasco llegó roto y el producto derramado dentro de la caja.',
  pedidoConsumidor: 'Que me envíen un frasco nuevo o me devuelvan el dinero.',
});

/**
 * The Libro de Reclamaciones' books for the owner (spec: the virtual Libro de Reclamaciones, DESIGN.md
 * "Peru's own ways"): deadlines in working days counting Peru's holidays and the shop's own closed days
 * kept in Tienda, the inbox's pendiente / vencido / respondido filters, the answer by a real person
 * (e-mailed through a real SMTP server, who answered on the sheet), the overdue e-mail to the shop and its
 * owners once even with two server processes, and the CSV that only a freshly signed-in owner takes.
 */
describeEachDatabase('Libro de Reclamaciones: plazos, vencidos, respuesta y avisos', (target) => {
  let shop: TestShop;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  const reloj = relojDePrueba();
  const p = personas(() => shop, TOKEN, reloj);
  const { api, json } = p;
  let duena: PersonaDePrueba;
  let luis: PersonaDePrueba;
  let correos = 0;
  const nuevoCorreo = () => `libro${++correos}@example.pe`;
  const datos = (correo = nuevoCorreo()) => reclamoNuevoSchema.parse(hoja(correo));
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
  /** The decoded e-mails that reached `to` through the SMTP server. */
  const correosPara = (to: string) => smtp.messages.filter((m) => m.to.includes(to)).map((m) => decodeParts(m.raw));
  const lista = async (estado?: string) =>
    (await json<ReclamosOperadorRespuesta>(await api('GET', `/reclamos${estado ? `?estado=${estado}` : ''}`, { cookie: duena.cookie })))
      .reclamos;
  /** Saves the shop's own closed days through Tienda (the operator token is a fresh owner). */
  const guardarDias = async (diasNoLaborables: unknown) => {
    const { ajustes } = await json<AjustesTiendaRespuesta>(await api('GET', '/tienda/ajustes', { token: TOKEN }));
    return api('PUT', '/tienda/ajustes', { token: TOKEN, body: { ...ajustes, diasNoLaborables } });
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    shop = await openShop(target, {
      mailer: createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'tienda@kbeauty.pe' }),
      config: {
        ...configConPersonas(TOKEN, reloj),
        correoTienda: TIENDA_CORREO,
        reclamos: { diasNoLaborables: [], copiasPorCorreoDia: 100, copiasPorDia: 100_000 },
      },
    });
    duena = await p.alta('rosa.diaz@example.pe', 'dueno', 'Rosa Díaz');
    luis = await p.alta('luis@example.pe', 'personal', 'Luis Huamán');
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  it("counts the deadline across weekends, Peru's holidays and the shop's own closed days saved in Tienda", async () => {
    const db = shop.database.db;
    // Friday 27 November 2026: the weekends and 8 and 9 December (holidays) are skipped → Tuesday 22 December.
    expect(
      (await registrarReclamo(db, datos(), { ahora: new Date('2026-11-27T15:00:00Z'), noLaborable: await calendarioVigente(db) })).plazo,
    ).toBe('2026-12-22');

    // A bad day is a Spanish 400 naming it, and nothing is saved.
    const mala = await guardarDias(['2026-12-21', '2030-02-30']);
    expect([mala.status, await mensaje(mala)]).toEqual([400, MENSAJE_DIA_NO_LABORABLE]);
    expect((await calendarioVigente(db))('2026-12-21')).toBe(false);

    // The shop closes on Monday 21 December (and twice in 2030): saved once each, sorted, audited.
    const res = await guardarDias(['2030-08-14', '2026-12-21', '2030-08-13', '2026-12-21']);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as AjustesTiendaRespuesta).ajustes.diasNoLaborables).toEqual(['2026-12-21', '2030-08-13', '2030-08-14']);
    const calendario = await calendarioVigente(db);
    expect((await registrarReclamo(db, datos(), { ahora: new Date('2026-11-27T15:00:00Z'), noLaborable: calendario })).plazo).toBe(
      '2026-12-23',
    );
    expect((await registrarReclamo(db, datos(), { ahora: new Date('2030-07-22T15:00:00Z'), noLaborable: calendario })).plazo).toBe(
      '2030-08-19',
    );
    // SHOP_NON_WORKING_DAYS still counts beside them.
    expect((await calendarioVigente(db, ['2030-08-15']))('2030-08-15')).toBe(true);

    // A sheet filed through the storefront now counts them too; a pending sheet's working days left follow a day added later.
    const filed = await shop.call('POST', '/api/libro-reclamaciones', {
      body: hoja(nuevoCorreo()),
      headers: { 'X-Forwarded-For': '10.40.0.1' },
    });
    expect(filed.status).toBe(201);
    const { hoja: nueva } = (await filed.json()) as HojaRespuesta;
    const antes = (await lista('pendiente')).find((r) => r.numero === nueva.numero)!;
    expect(antes.diasHabilesRestantes).toBe(RECLAMOS.plazoDiasHabiles);
    const peru = noLaborables(['2026-12-21', '2030-08-13', '2030-08-14']);
    let cerrado = fechaLima(new Date());
    do cerrado = fechaLima(new Date(Date.parse(`${cerrado}T12:00:00Z`) + DIA));
    while (!esDiaHabil(cerrado, peru));
    expect((await guardarDias(['2026-12-21', '2030-08-13', '2030-08-14', cerrado])).status).toBe(200);
    const despues = (await lista('pendiente')).find((r) => r.numero === nueva.numero)!;
    expect(despues.diasHabilesRestantes).toBe(RECLAMOS.plazoDiasHabiles - 1);
    // The deadline the consumer was promised does not move.
    expect(despues.plazo).toBe(nueva.plazo);
    expect((await guardarDias([])).status).toBe(200);
  });

  it('the inbox: the nearest deadline first, filtered pendiente / vencido / respondido; the overdue on top of Inicio', async () => {
    const db = shop.database.db;
    const vencida = await registrarReclamo(db, datos(), { ahora: new Date('2026-01-05T15:00:00Z') });
    const nueva = await registrarReclamo(db, datos());
    const respondida = await registrarReclamo(db, datos(), { ahora: new Date('2026-01-06T15:00:00Z') });
    const hecho = await api('POST', `/reclamos/${respondida.numero}/respuesta`, {
      cookie: duena.cookie,
      body: { texto: 'Le devolvimos el dinero a su tarjeta.' },
    });
    expect(hecho.status).toBe(200);

    const pendientes = await lista('pendiente');
    expect(pendientes.map((r) => r.plazo)).toEqual(pendientes.map((r) => r.plazo).sort());
    expect(pendientes.map((r) => r.numero)).toEqual(expect.arrayContaining([vencida.numero, nueva.numero]));
    expect(pendientes.map((r) => r.numero)).not.toContain(respondida.numero);

    const vencidas = await lista('vencido');
    expect(vencidas.map((r) => r.numero)).toContain(vencida.numero);
    expect(vencidas.map((r) => r.numero)).not.toContain(nueva.numero);
    expect(vencidas.map((r) => r.numero)).not.toContain(respondida.numero);
    expect(vencidas.every((r) => r.alerta === 'vencido' && r.estado === 'pendiente')).toBe(true);
    expect((await lista('respondido')).map((r) => r.numero)).toContain(respondida.numero);

    const mal = await api('GET', '/reclamos?estado=abierto', { cookie: duena.cookie });
    expect([mal.status, await mensaje(mal)]).toEqual([400, 'El estado debe ser uno de: pendiente, respondido, vencido.']);

    // Inicio names each overdue sheet, staff included.
    const inicio = await json<InicioRespuesta>(await api('GET', '/inicio', { cookie: luis.cookie }));
    expect(inicio.reclamosVencidos.map((r) => r.numero)).toContain(vencida.numero);
    expect(inicio.reclamosVencidos.map((r) => r.numero)).not.toContain(nueva.numero);
    expect(inicio.reclamosVencidos.find((r) => r.numero === vencida.numero)).toMatchObject({
      tipo: 'reclamo',
      consumidor: 'Rosa Quispe Huamán',
      plazo: vencida.plazo,
    });
    expect(inicio.reclamosVencidos.find((r) => r.numero === vencida.numero)!.diasHabilesVencido).toBeGreaterThan(100);
  });

  it('the answer by a person: e-mailed to the consumer through SMTP, the sheet says who answered and when, the trail under her name', async () => {
    const correo = nuevoCorreo();
    const filed = await shop.call('POST', '/api/libro-reclamaciones', { body: hoja(correo), headers: { 'X-Forwarded-For': '10.40.0.2' } });
    const { hoja: nueva } = (await filed.json()) as HojaRespuesta;
    const texto = 'Lamentamos lo ocurrido.\nTe enviamos un frasco nuevo sin costo esta semana.';
    const res = await api('POST', `/reclamos/${nueva.numero}/respuesta`, { cookie: luis.cookie, body: { texto } });
    expect(res.status).toBe(200);
    const { reclamo } = await json<ReclamoOperadorRespuesta>(await api('GET', `/reclamos/${nueva.numero}`, { cookie: duena.cookie }));
    expect(reclamo).toMatchObject({ estado: 'respondido', respondidoPor: 'Luis Huamán', respuesta: { texto } });
    expect(Date.now() - Date.parse(reclamo.respuesta!.fecha)).toBeLessThan(5 * MIN);
    // A pending sheet names nobody.
    expect((await lista('pendiente')).every((r) => r.respondidoPor === null)).toBe(true);

    await runJobsUntilIdle(shop);
    const respuestas = correosPara(correo).filter((m) => m.includes('Esta es nuestra respuesta'));
    expect(respuestas).toHaveLength(1);
    expect(respuestas[0]).toContain('Lamentamos lo ocurrido.');
    expect(respuestas[0]).toContain(`/api/libro-reclamaciones/hoja/${nueva.numero}/`);

    const { entradas } = await json<{ entradas: { operador: string; objetivo: string }[] }>(
      await api('GET', `/auditoria?persona=${encodeURIComponent('Luis Huamán')}&accion=reclamo.respuesta`, { cookie: duena.cookie }),
    );
    expect(entradas.map((e) => e.objetivo)).toContain(`hoja ${nueva.numero}`);
  });

  it('e-mails an overdue sheet once to the shop and its owners (two processes at once), after the warning at 3 working days', async () => {
    const db = shop.database.db;
    const vieja = await registrarReclamo(db, datos(), { ahora: new Date('2025-06-02T15:00:00Z') });
    const nueva = await registrarReclamo(db, datos());
    const respondida = await registrarReclamo(db, datos(), { ahora: new Date('2025-06-03T15:00:00Z') });
    await api('POST', `/reclamos/${respondida.numero}/respuesta`, {
      cookie: duena.cookie,
      body: { texto: 'Resuelto por teléfono con la clienta.' },
    });
    const vencidos = (numero: string) =>
      smtp.messages.filter((m) => decodeParts(m.raw).includes(`El plazo para responder el reclamo ${numero} venció el`));
    // The warning says 'vence en N días hábiles', 'vence hoy' or 'ya venció (…)'; the overdue notice 'venció el …'.
    const advertencias = (numero: string) =>
      smtp.messages.filter((m) =>
        [`el reclamo ${numero} vence`, `el reclamo ${numero} ya venció (`].some((frase) => decodeParts(m.raw).includes(frase)),
      );
    const dosProcesos = async (now?: Date) => {
      await Promise.all([runBackgroundOnce(shop.services, now), runBackgroundOnce(shop.services, now)]);
      await Promise.all([runBackgroundOnce(shop.services, now), runBackgroundOnce(shop.services, now)]);
    };

    await dosProcesos();
    expect(vencidos(vieja.numero)).toHaveLength(1);
    const [aviso] = vencidos(vieja.numero);
    // To the shop's e-mail, the owner in copy; staff are not.
    expect(aviso!.to).toEqual(expect.arrayContaining([TIENDA_CORREO, 'rosa.diaz@example.pe']));
    expect(aviso!.to).not.toContain('luis@example.pe');
    // Overdue at first sight: no warning besides.
    expect(advertencias(vieja.numero)).toEqual([]);
    expect(vencidos(respondida.numero)).toEqual([]);
    expect(vencidos(nueva.numero)).toEqual([]);

    // The new sheet: warned once within its last 3 working days, then overdue once past its deadline.
    const plazo = Date.parse(`${nueva.plazo}T15:00:00Z`);
    await dosProcesos(new Date(plazo - 2 * DIA));
    await dosProcesos(new Date(plazo));
    expect(advertencias(nueva.numero)).toHaveLength(1);
    expect(vencidos(nueva.numero)).toEqual([]);
    await dosProcesos(new Date(plazo + 4 * DIA));
    await dosProcesos(new Date(plazo + 9 * DIA));
    expect(vencidos(nueva.numero)).toHaveLength(1);
    expect(advertencias(nueva.numero)).toHaveLength(1);
    expect(vencidos(vieja.numero)).toHaveLength(1);
  });

  it('the CSV for INDECOPI: staff get 403; the owner only after signing in again', async () => {
    const staff = await api('GET', '/reclamos.csv', { cookie: luis.cookie });
    expect([staff.status, await mensaje(staff)]).toEqual([403, SOLO_ROL('dueno')]);
    reloj.avanzar(11 * MIN);
    const rancia = await api('GET', '/reclamos.csv', { cookie: duena.cookie });
    expect([rancia.status, await mensaje(rancia)]).toEqual([403, REAUTENTICAR]);
    await p.reautenticar(duena.cookie, duena);
    const csv = await api('GET', '/reclamos.csv?estado=vencido', { cookie: duena.cookie });
    expect(csv.status).toBe(200);
    const texto = await csv.text();
    expect(texto.split('\r\n')[0]).toContain('Número');
    const vencidas = await lista('vencido');
    expect(texto.trim().split('\r\n')).toHaveLength(vencidas.length + 1);
  });
});

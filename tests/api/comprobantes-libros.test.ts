import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ComprobanteOperadorRespuesta,
  CorreccionClienteRespuesta,
  PaginaComprobantesOperador,
  ReintentoComprobanteRespuesta,
} from '../../src/lib/api/comprobantes-schemas.ts';
import type { CotizacionServidor, PreferenciaCreada } from '../../src/lib/api/checkout-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { CODIGOS_SUNAT } from '../../src/lib/comprobantes/sunat-codigos.ts';
import { REAUTENTICAR, SOLO_ROL } from '../../src/server/admin/roles.ts';
import { nubefactProveedor } from '../../src/server/comprobantes/nubefact.ts';
import { auditoria, comprobantes, trabajos, type Comprobante } from '../../src/server/db/schema/index.ts';
import { runBackgroundOnce } from '../../src/server/services.ts';
import { describeEachDatabase } from './databases.ts';
import { pedidoPagado } from './dinero.ts';
import { startNubefactStub, type NubefactStub } from './nubefact-stub.ts';
import { configConPersonas, personas, relojDePrueba, type PersonaDePrueba } from './personas.ts';
import {
  claimQuote,
  lineOf,
  newKey,
  openShop,
  payDePrueba,
  plainProducts,
  preferenceBody,
  runJobsUntilIdle,
  type TestShop,
} from './shop.ts';

/**
 * The books of receipts (back office III): the operator's list filtered by series, type, state and Lima
 * dates, a page at a time; SUNAT's code in plain words; the paths SUNAT's rules allow, against the
 * Nubefact stub; credit notes linked both ways; and the month's Registro de Ventas, owner only, whose
 * sums are the month's receipts, credit notes negative.
 */

const TOKEN = 'operador-de-libros-0123456789';
const HOSTIL = '=HYPERLINK("http://x.example","Ana")';

/** The rows of a month the tests own (2031-05 in Lima), by their numbers. */
const MES = '2031-05';

/** A receipt row for an order: a boleta of S/ 120.50 unless told otherwise. */
const fila = (pedidoId: number, cambios: Partial<typeof comprobantes.$inferInsert>): typeof comprobantes.$inferInsert => ({
  pedidoId,
  tipo: '03',
  serie: 'B777',
  correlativo: 1,
  cliente: { tipoDocumento: '1', numeroDocumento: '12345678', denominacion: 'Ana Quispe', direccion: '', correo: 'a@example.pe' },
  items: [
    {
      codigo: 'P1',
      descripcion: 'Sérum',
      unidad: 'NIU',
      cantidad: 1,
      precioUnitario: 12_050,
      valorBruto: 10_212,
      descuento: 0,
      valor: 10_212,
      igv: 1838,
      total: 12_050,
    },
  ],
  gravada: 10_212,
  igv: 1838,
  descuentos: 0,
  total: 12_050,
  proveedor: 'prueba',
  estado: 'aceptado',
  clave: `clave-${pedidoId}-${Math.random().toString(36).slice(2)}`,
  ...cambios,
});

/** Amounts of a row: total in céntimos, split as the shop splits them (base and 18 % IGV). */
const montos = (total: number) => {
  const gravada = Math.round((total * 100) / 118);
  return { total, gravada, igv: total - gravada };
};

/** The CSV's lines as cells (the file's own quoting: no field here holds a comma). */
function celdas(csv: string): string[][] {
  return csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((linea) => {
      const partes: string[] = [];
      let actual = '';
      let entre = false;
      for (let i = 0; i < linea.length; i++) {
        const c = linea[i]!;
        if (entre && c === '"' && linea[i + 1] === '"') {
          actual += '"';
          i++;
        } else if (c === '"') entre = !entre;
        else if (c === ',' && !entre) {
          partes.push(actual);
          actual = '';
        } else actual += c;
      }
      partes.push(actual);
      return partes;
    });
}

describeEachDatabase('Comprobantes: the books', (target) => {
  describe('the list, the notes and the Registro de Ventas', () => {
    let shop: TestShop;
    let plain: Producto[];
    const reloj = relojDePrueba();
    const gente = personas(() => shop, TOKEN, reloj);
    let staff: PersonaDePrueba;
    let duena: PersonaDePrueba;
    const r: Record<string, Comprobante> = {};
    const admin = (method: string, path: string, body?: unknown) => gente.api(method, path, { token: TOKEN, body });
    const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
    const pagina = async (consulta: string) => {
      const res = await admin('GET', `/comprobantes?${consulta}`);
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as PaginaComprobantesOperador;
    };
    const numeros = async (consulta: string) => (await pagina(consulta)).comprobantes.map((c) => c.numero).sort();

    /** A paid order's own boleta (numbered by the payment), rewritten as the test's row. */
    async function venta(cambios: Partial<typeof comprobantes.$inferInsert>): Promise<Comprobante> {
      const { idVenta } = await pedidoPagado(shop, [[plain[0]!, 1]]);
      const db = shop.database.db;
      const [propia] = await db.select().from(comprobantes).where(eq(comprobantes.pedidoId, idVenta));
      const { clave: _c, ...resto } = fila(idVenta, cambios);
      const [row] = await db.update(comprobantes).set(resto).where(eq(comprobantes.id, propia!.id)).returning();
      return row!;
    }
    const insertar = async (pedidoId: number, cambios: Partial<typeof comprobantes.$inferInsert>) =>
      (await shop.database.db.insert(comprobantes).values(fila(pedidoId, cambios)).returning())[0]!;

    beforeAll(async () => {
      shop = await openShop(target, { config: configConPersonas(TOKEN, reloj) });
      plain = plainProducts(await shop.catalogue());
      staff = await gente.alta('rosa@example.pe', 'personal', 'Rosa Díaz');
      duena = await gente.alta('ana@example.pe', 'dueno', 'Ana Dueña');
      // Lima is UTC−5: 05:30Z on the 1st is 00:30 on the 1st; 04:59Z on June 1st is still May 31st in Lima.
      r.boleta = await venta({ correlativo: 1, emitido: new Date('2031-05-01T05:30:00Z'), ...montos(12_050) });
      r.factura = await venta({
        tipo: '01',
        serie: 'F777',
        correlativo: 1,
        emitido: new Date('2031-05-10T15:00:00Z'),
        cliente: { tipoDocumento: '6', numeroDocumento: '20131312955', denominacion: HOSTIL, direccion: 'Jr. Lampa 100', correo: 'f@x.pe' },
        observaciones: '4287 - El precio unitario ingresado no corresponde al valor calculado.',
        codigoSunat: '0',
        ...montos(23_600),
      });
      r.nota = await insertar(r.boleta.pedidoId, {
        tipo: '07',
        serie: 'BC77',
        correlativo: 1,
        modificaId: r.boleta.id,
        motivo: 'Devolución por ítem',
        motivoCodigo: '07',
        emitido: new Date('2031-05-15T15:00:00Z'),
        ...montos(5000),
      });
      r.reemplazo = await venta({ correlativo: 3, estado: 'pendiente', emitido: new Date('2031-05-21T15:00:00Z'), ...montos(9900) });
      r.rechazado = await insertar(r.reemplazo.pedidoId, {
        correlativo: 2,
        estado: 'rechazado',
        codigoSunat: '2800',
        mensaje: 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.',
        emitido: new Date('2031-05-20T15:00:00Z'),
        ...montos(9900),
      });
      await shop.database.db.update(comprobantes).set({ reemplazaId: r.rechazado.id }).where(eq(comprobantes.id, r.reemplazo.id));
      r.finDeMes = await venta({ correlativo: 4, emitido: new Date('2031-06-01T04:59:00Z'), ...montos(1000) });
      r.junio = await venta({ correlativo: 5, emitido: new Date('2031-06-01T05:00:00Z'), ...montos(777) });
    });
    afterAll(() => shop?.close());

    it('filters by series, type, state and Lima dates, a page at a time, and refuses a wrong filter in Spanish', async () => {
      const mayo = 'desde=2031-05-01&hasta=2031-05-31';
      expect(await numeros(mayo)).toEqual([
        'B777-00000001',
        'B777-00000002',
        'B777-00000003',
        'B777-00000004',
        'BC77-00000001',
        'F777-00000001',
      ]);
      expect(await numeros('desde=2031-06-01')).toEqual(['B777-00000005']);
      expect(await numeros(`${mayo}&serie=b777`)).toEqual(['B777-00000001', 'B777-00000002', 'B777-00000003', 'B777-00000004']);
      expect(await numeros(`${mayo}&tipo=factura`)).toEqual(['F777-00000001']);
      expect(await numeros(`${mayo}&tipo=nota-de-credito`)).toEqual(['BC77-00000001']);
      expect(await numeros(`${mayo}&tipo=boleta&estado=aceptado`)).toEqual(['B777-00000001', 'B777-00000004']);
      expect(await numeros(`${mayo}&estado=aceptado`)).toEqual(['B777-00000001', 'B777-00000004', 'BC77-00000001']);
      expect(await numeros(`${mayo}&estado=observado`)).toEqual(['F777-00000001']);
      expect(await numeros(`${mayo}&estado=rechazado`)).toEqual(['B777-00000002']);
      expect(await numeros(`${mayo}&estado=pendiente`)).toEqual(['B777-00000003']);
      // To act on: the pending one; the rejected one is already replaced.
      expect(await numeros(`${mayo}&estado=por-atender`)).toEqual(['B777-00000003']);

      // Newest first, a page at a time, with the count of all.
      const segunda = await pagina(`${mayo}&porPagina=2&pagina=2`);
      expect(segunda).toMatchObject({ total: 6, pagina: 2, porPagina: 2 });
      expect(segunda.comprobantes.map((c) => c.numero)).toEqual(['B777-00000002', 'BC77-00000001']);
      const ultima = await pagina(`${mayo}&porPagina=4&pagina=2`);
      expect(ultima.comprobantes.map((c) => c.numero)).toEqual(['F777-00000001', 'B777-00000001']);

      for (const [consulta, texto] of [
        ['estado=anulado', 'El estado debe ser uno de: por-atender, pendiente, aceptado, observado, rechazado.'],
        ['tipo=recibo', 'El tipo debe ser uno de: boleta, factura, nota-de-credito.'],
        ['serie=B1', 'La serie tiene 4 letras o números, como B001 o F001.'],
        ['desde=2031-05-31&hasta=2031-05-01', 'La fecha desde no puede ser posterior a la fecha hasta.'],
        ['desde=2031-02-30', 'La fecha desde debe ser una fecha AAAA-MM-DD.'],
        ['pagina=0', 'La página debe ser un número entero de 1 a 100000.'],
        ['orden=total', 'Filtro desconocido: orden. Se admiten: serie, tipo, estado, desde, hasta, pagina, porPagina.'],
      ]) {
        const res = await admin('GET', `/comprobantes?${consulta}`);
        expect(res.status, consulta).toBe(400);
        expect(await mensaje(res)).toBe(texto);
      }
      // Staff run the day: the list is theirs too.
      expect((await gente.api('GET', `/comprobantes?${mayo}`, { cookie: staff.cookie })).status).toBe(200);
    });

    it("says SUNAT's code in plain words beside its own, and only the actions the state allows", async () => {
      const lista = (await pagina('desde=2031-05-01&hasta=2031-05-31')).comprobantes;
      const de = (numero: string) => lista.find((c) => c.numero === numero)!;
      expect(de('B777-00000002')).toMatchObject({
        estado: 'rechazado',
        codigoSunat: '2800',
        mensaje: 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.',
        explicacion: CODIGOS_SUNAT['2800'],
        reemplazadoPor: 'B777-00000003',
        // Replaced already: nothing more to do on it.
        acciones: [],
      });
      expect(de('B777-00000003')).toMatchObject({ estado: 'pendiente', reemplaza: 'B777-00000002', acciones: ['reenviar'] });
      expect(de('F777-00000001')).toMatchObject({
        estado: 'aceptado',
        explicacion: CODIGOS_SUNAT['0'],
        explicacionObservaciones: CODIGOS_SUNAT['4287'],
        acciones: [],
      });
      // A code the table does not know has no sentence: the screens show SUNAT's own message.
      await shop.database.db.update(comprobantes).set({ codigoSunat: '3999', estado: 'rechazado' }).where(eq(comprobantes.id, r.junio!.id));
      const junio = (await pagina('desde=2031-06-01')).comprobantes[0]!;
      expect(junio).toMatchObject({ codigoSunat: '3999', explicacion: null, acciones: ['corregir', 'reemplazar'] });
      await shop.database.db.update(comprobantes).set({ codigoSunat: null, estado: 'aceptado' }).where(eq(comprobantes.id, r.junio!.id));
    });

    it('links a credit note and its receipt both ways, as a refund makes them', async () => {
      const boleta = (await (await admin('GET', '/comprobantes/B777-1')).json()) as ComprobanteOperadorRespuesta;
      expect(boleta.comprobante.notas).toEqual([
        { numero: 'BC77-00000001', estado: 'aceptado', emitido: '2031-05-15T15:00:00.000Z', total: 50, motivo: 'Devolución por ítem' },
      ]);
      const nota = (await (await admin('GET', '/comprobantes/BC77-1')).json()) as ComprobanteOperadorRespuesta;
      expect(nota.comprobante).toMatchObject({ modifica: 'B777-00000001', notas: [], motivo: 'Devolución por ítem' });

      // A refund of a paid order: its boleta lists the note that annuls it, and the note names the boleta.
      const { idVenta } = await pedidoPagado(shop, [[plain[1]!, 1]]);
      const res = await admin('POST', `/pedidos/${idVenta}/reembolso`, { motivo: 'La clienta se arrepintió' });
      expect(res.status, await res.clone().text()).toBe(200);
      await runJobsUntilIdle(shop);
      const delPedido = await shop.database.db.select().from(comprobantes).where(eq(comprobantes.pedidoId, idVenta));
      const venta = delPedido.find((c) => c.tipo === '03')!;
      const anulacion = delPedido.find((c) => c.tipo === '07')!;
      const numeroVenta = `${venta.serie}-${String(venta.correlativo).padStart(8, '0')}`;
      const numeroNota = `${anulacion.serie}-${String(anulacion.correlativo).padStart(8, '0')}`;
      const detalleVenta = (await (await admin('GET', `/comprobantes/${numeroVenta}`)).json()) as ComprobanteOperadorRespuesta;
      expect(detalleVenta.comprobante.notas).toEqual([
        expect.objectContaining({ numero: numeroNota, estado: 'aceptado', total: venta.total / 100, motivo: 'Anulación de la operación' }),
      ]);
      expect(detalleVenta.comprobante.acciones).toEqual([]);
      const detalleNota = (await (await admin('GET', `/comprobantes/${numeroNota}`)).json()) as ComprobanteOperadorRespuesta;
      expect(detalleNota.comprobante.modifica).toBe(numeroVenta);
    });

    it("exports the month's Registro de Ventas: SUNAT's columns, credit notes negative, and sums that are the month's receipts", async () => {
      const res = await gente.api('GET', `/comprobantes/registro-ventas.csv?mes=${MES}`, { cookie: duena.cookie });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="registro-de-ventas-${MES}.csv"`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      // UTF-8's BOM first: a spreadsheet then reads the accents.
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = new TextDecoder().decode(bytes);
      const [cabecera, ...filas] = celdas(csv);
      expect(cabecera).toEqual([
        'Fecha de emisión',
        'Tipo de comprobante',
        'Comprobante',
        'Serie',
        'Número',
        'Tipo de documento del cliente',
        'Número de documento del cliente',
        'Razón social o nombre',
        'Base imponible (valor de venta gravado)',
        'IGV',
        'Importe total',
        'Fecha del comprobante que modifica',
        'Tipo del comprobante que modifica',
        'Serie del comprobante que modifica',
        'Número del comprobante que modifica',
        'Estado',
      ]);
      expect(filas.map((f) => `${f[3]}-${f[4]}`)).toEqual(['B777-1', 'B777-2', 'B777-3', 'B777-4', 'BC77-1', 'F777-1']);
      const por = (serie: string, numero: string) => filas.find((f) => f[3] === serie && f[4] === numero)!;
      expect(por('BC77', '1')).toEqual([
        '15/05/2031',
        '07',
        'Nota de crédito electrónica',
        'BC77',
        '1',
        '1',
        '12345678',
        'Ana Quispe',
        '-42.37',
        '-7.63',
        '-50.00',
        '01/05/2031',
        '03',
        'B777',
        '1',
        'Aceptado',
      ]);
      // 00:30 on May 1st and 23:59 on May 31st in Lima are May's.
      expect(por('B777', '1').slice(0, 1)).toEqual(['01/05/2031']);
      expect(por('B777', '4').slice(0, 1)).toEqual(['31/05/2031']);
      // A rejected receipt: its number on record, no tax effect.
      expect(por('B777', '2').slice(8)).toEqual(['0.00', '0.00', '0.00', '', '', '', '', 'Rechazado por SUNAT (sin efecto tributario)']);
      expect(por('B777', '3').at(-1)).toBe('Pendiente de SUNAT');
      // The factura: its RUC, a razón social that would be a formula in a spreadsheet made text, its observations.
      expect(por('F777', '1').slice(5, 8)).toEqual(['6', '20131312955', `'${HOSTIL}`]);
      expect(por('F777', '1').at(-1)).toBe('Aceptado con observaciones');
      for (const f of filas) expect(Math.round(Number(f[8]) * 100) + Math.round(Number(f[9]) * 100)).toBe(Math.round(Number(f[10]) * 100));

      // The sums are the month's receipts in the database: credit notes subtract, rejected ones count nothing.
      const suma = (columna: number) => filas.reduce((total, f) => total + Math.round(Number(f[columna]) * 100), 0);
      const [enLaBase] = await shop.database.db
        .select({
          total: sql<string>`COALESCE(SUM(CASE WHEN ${comprobantes.estado} = 'rechazado' THEN 0 WHEN ${comprobantes.tipo} = '07' THEN -${comprobantes.total} ELSE ${comprobantes.total} END), 0)`,
          gravada: sql<string>`COALESCE(SUM(CASE WHEN ${comprobantes.estado} = 'rechazado' THEN 0 WHEN ${comprobantes.tipo} = '07' THEN -${comprobantes.gravada} ELSE ${comprobantes.gravada} END), 0)`,
          igv: sql<string>`COALESCE(SUM(CASE WHEN ${comprobantes.estado} = 'rechazado' THEN 0 WHEN ${comprobantes.tipo} = '07' THEN -${comprobantes.igv} ELSE ${comprobantes.igv} END), 0)`,
        })
        .from(comprobantes)
        .where(
          and(gte(comprobantes.emitido, new Date('2031-05-01T05:00:00Z')), lt(comprobantes.emitido, new Date('2031-06-01T05:00:00Z'))),
        );
      expect(suma(10)).toBe(Number(enLaBase!.total));
      expect(suma(8)).toBe(Number(enLaBase!.gravada));
      expect(suma(9)).toBe(Number(enLaBase!.igv));
      // …and, by hand: 120.50 + 99.00 (the replacement) + 10.00 + 236.00 − 50.00.
      expect(suma(10)).toBe(12_050 + 9900 + 1000 + 23_600 - 5000);

      const [entrada] = await shop.database.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.accion, 'comprobantes.exportacion'), eq(auditoria.objetivo, `registro de ventas ${MES}`)));
      expect(entrada).toMatchObject({ operador: 'Ana Dueña', despues: { mes: MES, comprobantes: 6 } });

      const malo = await admin('GET', '/comprobantes/registro-ventas.csv?mes=2031-13');
      expect(malo.status).toBe(400);
      expect(await mensaje(malo)).toBe('Indica el mes como AAAA-MM (por ejemplo, 2026-11).');
    });

    it('keeps the export to a fresh owner: 403 for staff, a stale owner is asked to sign in again', async () => {
      const deStaff = await gente.api('GET', `/comprobantes/registro-ventas.csv?mes=${MES}`, { cookie: staff.cookie });
      expect(deStaff.status).toBe(403);
      expect(await mensaje(deStaff)).toBe(SOLO_ROL('dueno'));
      const cookie = await gente.ingresar(duena);
      reloj.avanzar(11 * 60_000);
      const vieja = await gente.api('GET', `/comprobantes/registro-ventas.csv?mes=${MES}`, { cookie });
      expect(vieja.status).toBe(403);
      expect(await mensaje(vieja)).toBe(REAUTENTICAR);
      await gente.reautenticar(cookie, duena);
      expect((await gente.api('GET', `/comprobantes/registro-ventas.csv?mes=${MES}`, { cookie })).status).toBe(200);
      expect((await shop.call('GET', `/admin/api/comprobantes/registro-ventas.csv?mes=${MES}`)).status).toBe(401);
    });
  });

  describe("SUNAT's three paths, against the Nubefact stub", () => {
    let stub: NubefactStub;
    let nube: TestShop;
    let plain: Producto[];
    let siguiente = 0;
    const admin = (method: string, path: string, body?: unknown) =>
      nube.call(method, `/admin/api${path}`, { token: TOKEN, body, headers: { 'X-Operador': 'Rosa' } });
    /** Makes the pending issuing jobs due now (their back-off would wait), then runs the background work. */
    const ahora = async () => {
      await nube.database.db
        .update(trabajos)
        .set({ ejecutarEn: new Date(Date.now() - 1000) })
        .where(and(eq(trabajos.tipo, 'emitir-comprobante'), sql`${trabajos.terminado} IS NULL`));
      await runBackgroundOnce(nube.services);
    };
    const detalle = async (numero: string) =>
      ((await (await admin('GET', `/comprobantes/${numero}`)).json()) as ComprobanteOperadorRespuesta).comprobante;

    /** A paid order (a factura to `ruc` when given) whose receipt the stub answered: its number. */
    async function pagado(factura?: { ruc: string; razon: string }): Promise<{ numero: string; idVenta: number }> {
      const customer = await nube.customer(`libros${++siguiente}`);
      const body = preferenceBody(customer.id, [lineOf(plain[0]!, 1)]);
      if (factura)
        body.comprobante = { tipo: 'factura', ruc: factura.ruc, razon_social: factura.razon, direccion_fiscal: 'Jr. Lampa 100, Lima' };
      const cotizada = await nube.call('POST', `/carrito/cotizar/${customer.id}`, { token: customer.token, body });
      expect(cotizada.status, await cotizada.clone().text()).toBe(200);
      const res = await nube.call('POST', `/carrito/create-preference/${customer.id}`, {
        token: customer.token,
        body: claimQuote(body, (await cotizada.json()) as CotizacionServidor),
        headers: { 'Idempotency-Key': newKey() },
      });
      const preferencia = (await res.json()) as PreferenciaCreada;
      expect((await payDePrueba(nube, preferencia.id, 'approved')).status).toBe(200);
      await ahora();
      const [row] = await nube.database.db.select().from(comprobantes).where(eq(comprobantes.pedidoId, preferencia.idVenta));
      return { numero: `${row!.serie}-${String(row!.correlativo).padStart(8, '0')}`, idVenta: preferencia.idVenta };
    }

    beforeAll(async () => {
      stub = await startNubefactStub();
      nube = await openShop(target, {
        config: {
          adminToken: TOKEN,
          comprobantes: {
            ...(await import('../../src/server/config.ts')).serverConfig({}).comprobantes,
            proveedor: 'nubefact',
            nubefactUrl: stub.url,
            nubefactToken: stub.token,
            timeoutMs: 2000,
          },
        },
        proveedorComprobantes: nubefactProveedor({ url: stub.url, token: stub.token, timeoutMs: 2000 }),
      });
      plain = plainProducts(await nube.catalogue());
    });
    afterAll(async () => {
      await nube?.close();
      await stub?.close();
    });

    it('resends a receipt SUNAT did not process with the same number', async () => {
      stub.modo = 'excepcion';
      const { numero } = await pagado();
      const pendiente = await detalle(numero);
      expect(pendiente).toMatchObject({ estado: 'pendiente', acciones: ['reenviar'] });
      expect(pendiente.ultimoError).toMatch(/excepción 0109/);
      stub.modo = 'acepta';
      const res = await admin('POST', `/comprobantes/${numero}/reintentar`);
      expect(res.status, await res.clone().text()).toBe(200);
      const body = (await res.json()) as ReintentoComprobanteRespuesta;
      expect(body.mensaje).toBe(`Se volverá a enviar el comprobante ${numero}, con el mismo número, en segundos.`);
      expect(body.comprobante.numero).toBe(numero);
      await ahora();
      const aceptado = await detalle(numero);
      expect(aceptado).toMatchObject({ estado: 'aceptado', codigoSunat: '0', explicacion: CODIGOS_SUNAT['0'], acciones: [] });
      expect(aceptado.pdf).toMatch(/\.pdf$/);
      expect(aceptado.xml).toMatch(/\.xml$/);
      expect(aceptado.cdr).toMatch(/\.cdr$/);
      const [serie, correlativo] = numero.split('-');
      const envios = stub.recibidos.filter(
        (b) => b.operacion === 'generar_comprobante' && b.serie === serie && b.numero === Number(correlativo),
      );
      expect(envios.length).toBeGreaterThanOrEqual(2);
    });

    it('replaces a rejected receipt with a new number; its own number stays used and says why in plain words', async () => {
      stub.modo = 'rechaza';
      stub.codigo = '2801';
      const { numero, idVenta } = await pagado();
      stub.codigo = undefined;
      const rechazado = await detalle(numero);
      expect(rechazado).toMatchObject({
        estado: 'rechazado',
        codigoSunat: '2801',
        explicacion: CODIGOS_SUNAT['2801'],
        acciones: ['corregir', 'reemplazar'],
      });
      // SUNAT's proof of the rejection is kept.
      expect(rechazado.cdr).toMatch(/\.cdr$/);
      stub.modo = 'acepta';
      const res = await admin('POST', `/comprobantes/${numero}/reintentar`);
      expect(res.status, await res.clone().text()).toBe(200);
      const { comprobante: nuevo } = (await res.json()) as ReintentoComprobanteRespuesta;
      const [serie, correlativo] = numero.split('-');
      expect(nuevo.numero).not.toBe(numero);
      expect(nuevo.numero.startsWith(`${serie}-`)).toBe(true);
      expect(Number(nuevo.numero.split('-')[1])).toBeGreaterThan(Number(correlativo));
      await ahora();
      expect(await detalle(nuevo.numero)).toMatchObject({ estado: 'aceptado', reemplaza: numero, acciones: [] });
      expect(await detalle(numero)).toMatchObject({ estado: 'rechazado', reemplazadoPor: nuevo.numero, acciones: [] });
      // Once replaced, it is refused.
      expect((await admin('POST', `/comprobantes/${numero}/reintentar`)).status).toBe(409);
      const delPedido = await nube.database.db.select().from(comprobantes).where(eq(comprobantes.pedidoId, idVenta));
      expect(delPedido.map((c) => c.estado).sort()).toEqual(['aceptado', 'rechazado']);
    });

    it("corrects a rejected factura's RUC and razón social first, then issues it anew to them", async () => {
      stub.modo = 'rechaza';
      stub.codigo = '2017';
      const { numero } = await pagado({ ruc: '20131312955', razon: 'Botica Sol S.A.C.' });
      stub.codigo = undefined;
      expect(numero.startsWith('F')).toBe(true);
      expect(await detalle(numero)).toMatchObject({ estado: 'rechazado', explicacion: CODIGOS_SUNAT['2017'] });
      const corregido = await admin('POST', `/comprobantes/${numero}/cliente`, {
        ruc: '20100070970',
        razon_social: 'Belleza Coreana S.A.C.',
      });
      expect(corregido.status, await corregido.clone().text()).toBe(200);
      const { comprobante } = (await corregido.json()) as CorreccionClienteRespuesta;
      expect(comprobante.clienteCorregido).toMatchObject({
        tipoDocumento: '6',
        numeroDocumento: '20100070970',
        denominacion: 'Belleza Coreana S.A.C.',
      });
      expect(comprobante.acciones).toEqual(['corregir', 'reemplazar']);
      stub.modo = 'acepta';
      const res = await admin('POST', `/comprobantes/${numero}/reintentar`);
      const { comprobante: nueva } = (await res.json()) as ReintentoComprobanteRespuesta;
      await ahora();
      expect(await detalle(nueva.numero)).toMatchObject({
        estado: 'aceptado',
        tipo: '01',
        reemplaza: numero,
        cliente: { tipoDocumento: '6', numeroDocumento: '20100070970', denominacion: 'Belleza Coreana S.A.C.' },
      });
      const [serie, correlativo] = nueva.numero.split('-');
      const enviado = stub.recibidos.find(
        (b) => b.serie === serie && b.numero === Number(correlativo) && b.operacion === 'generar_comprobante',
      );
      expect(enviado).toMatchObject({
        cliente_tipo_de_documento: '6',
        cliente_numero_de_documento: '20100070970',
        cliente_denominacion: 'Belleza Coreana S.A.C.',
      });
      // The rejected one keeps what was sent: its record is SUNAT's.
      const [original] = await nube.database.db
        .select()
        .from(comprobantes)
        .where(inArray(comprobantes.serie, [serie!]))
        .orderBy(comprobantes.correlativo)
        .limit(1);
      expect(original!.cliente.numeroDocumento).toBe('20131312955');
    });
  });
});

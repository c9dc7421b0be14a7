import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DetallePedido } from '../../src/lib/api/checkout-schemas.ts';
import type {
  ComprobanteOperadorRespuesta,
  ListaComprobantesOperador,
  ReintentoComprobanteRespuesta,
} from '../../src/lib/api/comprobantes-schemas.ts';
import type { PedidoOperadorRespuesta } from '../../src/lib/api/orders-schemas.ts';
import { CSP_COMPROBANTE, SIN_VALIDEZ } from '../../src/server/comprobantes/pagina.ts';
import { auditoria, comprobantes, trabajos, type Comprobante } from '../../src/server/db/schema/index.ts';
import { orderJobs } from '../../src/server/orders/jobs.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, payDePrueba, placeOrder, plainProducts, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';
const SITIO = 'https://tienda.example.pe';
const HOSTIL = 'Ana <script>alert("x")</script> & Cía';

/** A receipt row's content for an order (a boleta of S/ 120.50 unless told otherwise). */
const fila = (pedidoId: number, cambios: Partial<typeof comprobantes.$inferInsert>): typeof comprobantes.$inferInsert => ({
  pedidoId,
  tipo: '03',
  serie: 'B999',
  correlativo: 1,
  cliente: { tipoDocumento: '1', numeroDocumento: '12345678', denominacion: HOSTIL, direccion: '', correo: 'a@example.pe' },
  items: [
    {
      codigo: 'P1',
      descripcion: 'Sérum <b>de</b> prueba',
      unidad: 'NIU',
      cantidad: 2,
      precioUnitario: 6025,
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
  estado: 'pendiente',
  clave: `clave-${pedidoId}-${Math.random().toString(36).slice(2)}`,
  ...cambios,
});

describeEachDatabase('Comprobantes: page, operator and shopper reads', (target) => {
  let shop: TestShop;
  let cliente: { id: number; token: string };
  let pedidoA: number;
  let pedidoB: number;
  let venta: Comprobante;
  let rechazado: Comprobante;
  let nota: Comprobante;
  const admin = (method: string, path: string) =>
    shop.call(method, path, { token: TOKEN, headers: { 'X-Operador': encodeURIComponent('Rosa Díaz') } });
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;

  /** An order paid in the test mode. */
  async function pedidoPagado(): Promise<number> {
    const producto = plainProducts(await shop.catalogue())[0]!;
    const orden = await placeOrder(shop, cliente, producto);
    const pago = await payDePrueba(shop, orden.id, 'approved');
    expect(pago.status, await pago.clone().text()).toBeLessThan(400);
    return orden.idVenta;
  }

  /** The order's sale receipt, made ours: the issuing code's own when it numbered one, else inserted. */
  async function ventaDe(pedidoId: number, cambios: Partial<typeof comprobantes.$inferInsert>): Promise<Comprobante> {
    const db = shop.database.db;
    const [existente] = await db
      .select()
      .from(comprobantes)
      .where(and(eq(comprobantes.pedidoId, pedidoId), inArray(comprobantes.tipo, ['01', '03'])));
    if (existente) {
      // Its issuing job must not change it under the test.
      await db.delete(trabajos).where(eq(trabajos.clave, `emitir-comprobante:${existente.id}`));
      const { serie: _s, correlativo: _c, ...resto } = fila(pedidoId, cambios);
      const [row] = await db
        .update(comprobantes)
        .set({ ...resto, clave: existente.clave })
        .where(eq(comprobantes.id, existente.id))
        .returning();
      return row!;
    }
    const [row] = await db.insert(comprobantes).values(fila(pedidoId, cambios)).returning();
    return row!;
  }

  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN, siteUrl: SITIO } });
    cliente = await shop.customer('comprobantes');
    pedidoA = await pedidoPagado();
    pedidoB = await pedidoPagado();
    venta = await ventaDe(pedidoA, {
      proveedor: 'prueba',
      estado: 'aceptado',
      mensaje: 'Aceptado en el modo de prueba.',
      emitido: new Date('2026-03-01T15:00:00Z'),
    });
    rechazado = await ventaDe(pedidoB, {
      proveedor: 'nubefact',
      estado: 'rechazado',
      mensaje: 'El DNI del receptor no es válido.',
      emitido: new Date('2026-03-02T15:00:00Z'),
    });
    const [insertada] = await shop.database.db
      .insert(comprobantes)
      .values(
        fila(pedidoA, {
          tipo: '07',
          serie: 'BC99',
          correlativo: 1,
          modificaId: venta.id,
          motivo: 'Anulación de la operación',
          proveedor: 'nubefact',
          estado: 'pendiente',
          emitido: new Date('2026-03-03T15:00:00Z'),
        }),
      )
      .returning();
    nota = insertada!;
    await shop.database.db.insert(trabajos).values({
      tipo: 'emitir-comprobante',
      datos: { comprobanteId: nota.id },
      clave: `emitir-comprobante:${nota.id}`,
      intentos: 3,
      maxIntentos: 30,
      ultimoError: 'Nubefact no respondió en 15 s.',
    });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('serves the printable page by its key: HTML, not cached nor indexed, its own CSP, every text escaped, the prueba watermark', async () => {
    const res = await shop.call('GET', `/api/comprobantes/${venta.clave}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(res.headers.get('Content-Security-Policy')).toBe(CSP_COMPROBANTE);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const html = await res.text();
    expect(html).toContain('Ana &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cía');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('Sérum &lt;b&gt;de&lt;/b&gt; prueba');
    expect(html).toContain(`<div class="marca" aria-hidden="true"><span>${SIN_VALIDEZ}</span></div>`);
    expect(html).toContain('SON: CIENTO VEINTE CON 50/100 SOLES');
    expect(html).toContain(`${SITIO}/api/comprobantes/${venta.clave}`);

    const original = await (await shop.call('GET', `/api/comprobantes/${rechazado.clave}`)).text();
    expect(original).not.toContain(SIN_VALIDEZ);
    expect(original).toContain('Rechazado por SUNAT:</span> El DNI del receptor no es válido.');
    const deNota = await (await shop.call('GET', `/api/comprobantes/${nota.clave}`)).text();
    expect(deNota).toContain('NOTA DE CRÉDITO ELECTRÓNICA');
    expect(deNota).toContain(`BOLETA DE VENTA ELECTRÓNICA ${venta.serie}-${String(venta.correlativo).padStart(8, '0')}`);
  });

  it('answers 404 with a Spanish message for an unknown or malformed key', async () => {
    for (const clave of ['no-existe-esta-clave', 'x', `${'a'.repeat(200)}`, '%3Cscript%3E', 'a.b.c.d.e.f.g.h']) {
      const res = await shop.call('GET', `/api/comprobantes/${clave}`);
      expect(res.status, clave).toBe(404);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(await mensaje(res)).toBe('No encontramos ese comprobante. Revisa el enlace que te enviamos.');
    }
  });

  it('lists the comprobantes for the operator, newest first, filtered by state; refuses an unknown state and a missing token', async () => {
    expect((await shop.call('GET', '/admin/api/comprobantes')).status).toBe(401);
    expect((await shop.call('GET', '/admin/api/comprobantes/B999-1')).status).toBe(401);
    expect((await shop.call('POST', '/admin/api/comprobantes/B999-1/reintentar')).status).toBe(401);

    const res = await admin('GET', '/admin/api/comprobantes');
    expect(res.status).toBe(200);
    const { comprobantes: lista } = (await res.json()) as ListaComprobantesOperador;
    const nuestros = lista.filter((c) =>
      [nota.id, rechazado.id, venta.id].some((id) => c.url.endsWith([nota, rechazado, venta].find((r) => r.id === id)!.clave)),
    );
    expect(nuestros.map((c) => c.numero)).toEqual([
      'BC99-00000001',
      `${rechazado.serie}-${String(rechazado.correlativo).padStart(8, '0')}`,
      `${venta.serie}-${String(venta.correlativo).padStart(8, '0')}`,
    ]);
    expect(nuestros[0]).toEqual({
      numero: 'BC99-00000001',
      tipo: '07',
      nombre: 'Nota de crédito electrónica',
      pedido: pedidoA,
      emitido: '2026-03-03T15:00:00.000Z',
      cliente: { tipoDocumento: '1', numeroDocumento: '12345678', denominacion: HOSTIL },
      total: 120.5,
      estado: 'pendiente',
      mensaje: null,
      proveedor: 'nubefact',
      modifica: `${venta.serie}-${String(venta.correlativo).padStart(8, '0')}`,
      url: `${SITIO}/api/comprobantes/${nota.clave}`,
      pdf: null,
      xml: null,
      cdr: null,
      ultimoError: 'Nubefact no respondió en 15 s.',
      prueba: false,
      reemplaza: null,
      reemplazadoPor: null,
      observaciones: null,
      porCorregir: false,
      codigoSunat: null,
      explicacion: null,
      explicacionObservaciones: null,
      acciones: ['reenviar'],
    });

    const soloRechazados = (await (await admin('GET', '/admin/api/comprobantes?estado=rechazado')).json()) as ListaComprobantesOperador;
    expect(soloRechazados.comprobantes.length).toBeGreaterThan(0);
    expect(soloRechazados.comprobantes.every((c) => c.estado === 'rechazado')).toBe(true);
    expect(soloRechazados.comprobantes.map((c) => c.mensaje)).toContain('El DNI del receptor no es válido.');

    const malo = await admin('GET', '/admin/api/comprobantes?estado=anulado');
    expect(malo.status).toBe(400);
    expect(await mensaje(malo)).toBe('El estado debe ser uno de: por-atender, pendiente, aceptado, observado, rechazado.');
  });

  it('shows one comprobante in full by its number as typed, with its issuing attempts; 404 and 400 in Spanish', async () => {
    for (const numero of ['BC99-00000001', 'bc99-1']) {
      const res = await admin('GET', `/admin/api/comprobantes/${numero}`);
      expect(res.status, numero).toBe(200);
      const { comprobante } = (await res.json()) as ComprobanteOperadorRespuesta;
      expect(comprobante).toMatchObject({
        numero: 'BC99-00000001',
        motivo: 'Anulación de la operación',
        gravada: 102.12,
        igv: 18.38,
        descuentos: 0,
        total: 120.5,
        cliente: { denominacion: HOSTIL, correo: 'a@example.pe', direccion: '' },
        items: [
          {
            codigo: 'P1',
            descripcion: 'Sérum <b>de</b> prueba',
            unidad: 'NIU',
            cantidad: 2,
            valorUnitario: 51.06,
            precioUnitario: 60.25,
            descuento: 0,
            valor: 102.12,
            igv: 18.38,
            total: 120.5,
          },
        ],
        trabajos: [
          {
            clave: `emitir-comprobante:${nota.id}`,
            intentos: 3,
            maxIntentos: 30,
            terminado: null,
            proximo: expect.any(String),
            ultimoError: 'Nubefact no respondió en 15 s.',
          },
        ],
      });
    }
    const falta = await admin('GET', '/admin/api/comprobantes/B999-777');
    expect(falta.status).toBe(404);
    expect(await mensaje(falta)).toBe('No existe el comprobante B999-777.');
    const malo = await admin('GET', '/admin/api/comprobantes/no-es-un-numero');
    expect(malo.status).toBe(400);
    expect(await mensaje(malo)).toMatch(/no es un número de comprobante/);
  });

  it('replaces a rejected comprobante with the next number of its series (audited), and refuses an accepted one with 409', async () => {
    const numero = `${rechazado.serie}-${String(rechazado.correlativo).padStart(8, '0')}`;
    const res = await admin('POST', `/admin/api/comprobantes/${numero}/reintentar`);
    expect(res.status, await res.clone().text()).toBe(200);
    const cuerpo = (await res.json()) as ReintentoComprobanteRespuesta;
    expect(cuerpo.mensaje).toMatch(
      new RegExp(
        `^El comprobante ${numero} fue rechazado por SUNAT y su número quedó usado: se emite ${rechazado.serie}-\\d{8} en su lugar`,
      ),
    );
    expect(cuerpo.comprobante).toMatchObject({ estado: 'pendiente', reemplaza: numero, pedido: pedidoB, total: 120.5 });
    expect(cuerpo.comprobante.numero).not.toBe(numero);
    const [nuevo] = await shop.database.db.select().from(comprobantes).where(eq(comprobantes.reemplazaId, rechazado.id));
    expect(cuerpo.comprobante.trabajos.some((t) => t.clave === `emitir-comprobante:${nuevo!.id}`)).toBe(true);
    const [entrada] = await shop.database.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.accion, 'comprobante.reemplazo'))
      .orderBy(desc(auditoria.id));
    expect(entrada).toMatchObject({
      operador: 'token de operador (Rosa Díaz)',
      objetivo: `comprobante ${numero}`,
      antes: { estado: 'rechazado', mensaje: 'El DNI del receptor no es válido.' },
      despues: { reemplazo: cuerpo.comprobante.numero },
    });
    const [sigue] = await shop.database.db.select().from(comprobantes).where(eq(comprobantes.id, rechazado.id));
    expect(sigue).toMatchObject({ estado: 'rechazado', correlativo: rechazado.correlativo });

    const aceptado = `${venta.serie}-${String(venta.correlativo).padStart(8, '0')}`;
    const no = await admin('POST', `/admin/api/comprobantes/${aceptado}/reintentar`);
    expect(no.status).toBe(409);
    expect(await mensaje(no)).toMatch(/ya fue aceptado/);
    expect((await admin('POST', '/admin/api/comprobantes/B999-777/reintentar')).status).toBe(404);
    expect(
      (
        await shop.call('POST', `/admin/api/comprobantes/${numero}/cliente`, {
          body: { documento_tipo: 'DNI', documento_numero: '44556677' },
        })
      ).status,
    ).toBe(401);
  });

  it("adds the order's receipts to the operator's order detail and to the shopper's", async () => {
    const operador = (await (await admin('GET', `/admin/api/pedidos/${pedidoA}`)).json()) as PedidoOperadorRespuesta;
    expect(operador.pedido.comprobantes.map((c) => [c.tipo, c.url])).toEqual([
      ['03', `${SITIO}/api/comprobantes/${venta.clave}`],
      ['07', `${SITIO}/api/comprobantes/${nota.clave}`],
    ]);

    const res = await shop.call('GET', `/api/detalle-pedido/${pedidoA}`, { token: cliente.token });
    expect(res.status).toBe(200);
    const { mensaje: detalle } = (await res.json()) as { mensaje: DetallePedido };
    expect(detalle.comprobantes).toEqual([
      {
        tipo: '03',
        nombre: 'Boleta de venta electrónica',
        numero: `${venta.serie}-${String(venta.correlativo).padStart(8, '0')}`,
        estado: 'aceptado',
        url: `/api/comprobantes/${venta.clave}`,
        pdf: null,
        prueba: true,
      },
      {
        tipo: '07',
        nombre: 'Nota de crédito electrónica',
        numero: 'BC99-00000001',
        estado: 'pendiente',
        url: `/api/comprobantes/${nota.clave}`,
        pdf: null,
        prueba: false,
      },
    ]);
    const otro = await shop.customer('otro-comprador');
    expect((await shop.call('GET', `/api/detalle-pedido/${pedidoA}`, { token: otro.token })).status).toBe(404);
  });

  it('names the comprobante and links its page in the confirmation e-mail', async () => {
    const jobs = orderJobs({ db: shop.database.db, mailer: shop.services.mailer, siteUrl: SITIO });
    const antes = shop.sent.length;
    await jobs['correo-confirmacion']!({ pedidoId: pedidoA });
    const correo = shop.sent.slice(antes).at(-1)!;
    const numero = `${venta.serie}-${String(venta.correlativo).padStart(8, '0')}`;
    expect(correo.subject).toContain(`N.° ${pedidoA}`);
    expect(correo.text).toContain(`Comprobante: ${numero}`);
    expect(correo.text).toContain(`Ver comprobante: ${SITIO}/api/comprobantes/${venta.clave}`);
    expect(correo.html).toContain(`<a href="${SITIO}/api/comprobantes/${venta.clave}"`);
    expect(correo.text).not.toContain('BC99');
  });
});

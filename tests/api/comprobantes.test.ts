import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CotizacionServidor, PreferenciaCreada } from '../../src/lib/api/checkout-schemas.ts';
import type { RutinaRecomendada } from '../../src/lib/api/routine-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { numeroComprobante } from '../../src/lib/comprobantes/numero.ts';
import { toCentimos } from '../../src/lib/pricing/money.ts';
import { reintentarComprobante } from '../../src/server/comprobantes/emision.ts';
import { nubefactProveedor } from '../../src/server/comprobantes/nubefact.ts';
import { comprobantes, pagos, pedidoHistorial, trabajos, type Comprobante } from '../../src/server/db/schema/index.ts';
import { runBackgroundOnce } from '../../src/server/services.ts';
import { describeEachDatabase } from './databases.ts';
import { startNubefactStub, type NubefactStub } from './nubefact-stub.ts';
import { claimQuote, lineOf, newKey, openShop, payInTestMode, plainProducts, preferenceBody, PROVINCIA, type TestShop } from './shop.ts';

type Linea = ReturnType<typeof lineOf> & { esProductoRutina?: boolean; rutinaNivel?: string; rutinaId?: string };

describeEachDatabase('electronic receipts', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let next = 0;

  /** Quotes `cart` as the server prices it, creates the order (with `factura` when given) and leaves it PENDIENTE. */
  async function order(shopTo: TestShop, cart: Linea[], options: { codigo?: string; metodo?: string; factura?: { ruc: string; razon: string; direccion: string } } = {}) {
    const customer = await shopTo.customer(`recibo${++next}`);
    const codigo = options.codigo === 'bienvenida' ? `BIENVENIDA-${customer.usuario.toUpperCase()}` : options.codigo;
    const draft = preferenceBody(customer.id, cart, { metodo: options.metodo, codigo });
    if (options.factura) draft.comprobante = { tipo: 'factura', ruc: options.factura.ruc, razon_social: options.factura.razon, direccion_fiscal: options.factura.direccion };
    const cotizada = await shopTo.call('POST', `/carrito/cotizar/${customer.id}`, { token: customer.token, body: draft });
    expect(cotizada.status, await cotizada.clone().text()).toBe(200);
    const quote = (await cotizada.json()) as CotizacionServidor;
    const res = await shopTo.call('POST', `/carrito/create-preference/${customer.id}`, { token: customer.token, body: claimQuote(draft, quote), headers: { 'Idempotency-Key': newKey() } });
    expect(res.status, await res.clone().text()).toBe(200);
    const preferencia = (await res.json()) as PreferenciaCreada;
    return { customer, preferencia, quote };
  }

  /** An order paid in the test mode, its background work run: its receipts and what the payment charged. */
  async function paid(shopTo: TestShop, cart: Linea[], options: Parameters<typeof order>[2] = {}) {
    const placed = await order(shopTo, cart, options);
    expect((await payInTestMode(shopTo, placed.preferencia.id, 'approved')).status).toBe(200);
    await drain(shopTo);
    const [pago] = await shopTo.database.db.select().from(pagos).where(eq(pagos.pedidoId, placed.preferencia.idVenta));
    return { ...placed, cobrado: pago!.monto, recibos: await receiptsOf(shopTo, placed.preferencia.idVenta) };
  }

  /** Runs the background work until no job is due (a burst of payments leaves more than one run takes). */
  async function drain(shopTo: TestShop) {
    for (let i = 0; i < 20; i++) {
      await runBackgroundOnce(shopTo.services);
      const due = await shopTo.database.db.select({ id: trabajos.id }).from(trabajos).where(sql`${trabajos.terminado} IS NULL AND ${trabajos.ejecutarEn} <= now() AND ${trabajos.intentos} < ${trabajos.maxIntentos}`);
      if (due.length === 0) return;
    }
  }

  const receiptsOf = (shopTo: TestShop, pedidoId: number) => shopTo.database.db.select().from(comprobantes).where(eq(comprobantes.pedidoId, pedidoId)).orderBy(asc(comprobantes.id));

  /** The receipt adds up: its lines to its totals, its base and IGV to its total, and that total to the charge. */
  function expectSquares(recibo: Comprobante, cobrado: number) {
    expect(recibo.total).toBe(cobrado);
    expect(recibo.gravada + recibo.igv).toBe(recibo.total);
    expect(recibo.items.reduce((s, i) => s + i.total, 0)).toBe(recibo.total);
    expect(recibo.items.reduce((s, i) => s + i.valor, 0)).toBe(recibo.gravada);
    expect(recibo.items.reduce((s, i) => s + i.igv, 0)).toBe(recibo.igv);
    expect(recibo.items.reduce((s, i) => s + i.descuento, 0)).toBe(recibo.descuentos);
    for (const item of recibo.items) {
      expect(item.valor + item.igv).toBe(item.total);
      expect(item.valorBruto - item.descuento).toBe(item.valor);
    }
  }

  beforeAll(async () => {
    shop = await openShop(target);
    plain = plainProducts(await shop.catalogue()).sort((a, b) => a.precio - b.precio);
  });
  afterAll(() => shop?.close());

  describe('in the test mode', () => {
    it('gives a paid order one accepted boleta to its buyer, whose total is the charge, with the coupon as line discounts', async () => {
      const { recibos, cobrado, customer } = await paid(shop, [lineOf(plain[0]!, 2), lineOf(plain[1]!)], { codigo: 'bienvenida' });
      expect(recibos).toHaveLength(1);
      const [boleta] = recibos;
      expect(boleta).toMatchObject({ tipo: '03', serie: 'B001', estado: 'aceptado', proveedor: 'prueba' });
      expect(boleta!.cliente).toMatchObject({ tipoDocumento: '1', numeroDocumento: '12345678', denominacion: `Cliente ${customer.usuario}` });
      expect(boleta!.descuentos).toBeGreaterThan(0);
      expectSquares(boleta!, cobrado);
      // Running the background work again issues nothing more.
      await runBackgroundOnce(shop.services);
      expect(await receiptsOf(shop, boleta!.pedidoId)).toEqual(recibos);
    });

    it('squares a routine discount, paid province delivery and free delivery to the céntimo', async () => {
      const { json } = await (async () => {
        const res = await shop.call('POST', '/api/rutina-recomendada', { body: { tipoPiel: 'Mixta', grupoEdad: '25-34', inquietudPiel: 'Poros dilatados', pasosRutina: 5 } });
        return { json: (await res.json()) as RutinaRecomendada };
      })();
      const catalogue = await shop.catalogue();
      const rutina = json.categoriasIncluidas.map((paso) => {
        const producto = json.data[paso]!.find((p) => p.descuento === 0 && p.descuentoN === 0 && p.newores !== 'Sale' && p.newores !== 'Preventa' && p.stock >= 5)!;
        return { ...lineOf(catalogue.find((p) => p.idProducto === producto.idProducto)!), esProductoRutina: true, rutinaNivel: json.nivelRutina, rutinaId: 'r-recibo' };
      });
      const conRutina = await paid(shop, rutina);
      expect(conRutina.quote.descuento).toBeGreaterThan(0);
      expectSquares(conRutina.recibos[0]!, conRutina.cobrado);

      const barato = plain[2]!;
      const conEnvio = await paid(shop, [lineOf(barato)], { metodo: PROVINCIA });
      expect(conEnvio.quote.envio).toBeGreaterThan(0);
      const envio = conEnvio.recibos[0]!.items.at(-1)!;
      expect(envio).toMatchObject({ codigo: 'ENVIO', unidad: 'ZZ', total: toCentimos(conEnvio.quote.envio) });
      expectSquares(conEnvio.recibos[0]!, conEnvio.cobrado);

      const medio = plain.find((p) => p.precio * 8 > 260)!;
      const gratis = await paid(shop, [lineOf(medio, Math.ceil(260 / medio.precio))], { metodo: PROVINCIA });
      expect(gratis.quote.envioGratis).toBe(true);
      expect(gratis.recibos[0]!.items.some((i) => i.codigo === 'ENVIO')).toBe(false);
      expectSquares(gratis.recibos[0]!, gratis.cobrado);
    });

    it('names the buyer and their document on a boleta above S/ 700', async () => {
      const caro = [...plain].reverse().find((p) => p.precio > 80)!;
      const { recibos, cobrado, customer } = await paid(shop, [lineOf(caro, Math.ceil(720 / caro.precio))]);
      expect(cobrado).toBeGreaterThan(70_000);
      expect(recibos[0]).toMatchObject({ tipo: '03' });
      expect(recibos[0]!.cliente).toMatchObject({ tipoDocumento: '1', numeroDocumento: '12345678', denominacion: `Cliente ${customer.usuario}` });
      expectSquares(recibos[0]!, cobrado);
    });

    it('issues a factura to the RUC the order asked for, in its own series', async () => {
      const { recibos, cobrado } = await paid(shop, [lineOf(plain[4]!)], { factura: { ruc: '20131312955', razon: 'Botica <Sol> S.A.C.', direccion: 'Jr. Lampa 100, Lima' } });
      expect(recibos).toHaveLength(1);
      expect(recibos[0]).toMatchObject({ tipo: '01', serie: 'F001', estado: 'aceptado' });
      expect(recibos[0]!.cliente).toMatchObject({ tipoDocumento: '6', numeroDocumento: '20131312955', denominacion: 'Botica <Sol> S.A.C.', direccion: 'Jr. Lampa 100, Lima' });
      expectSquares(recibos[0]!, cobrado);
    });

    it('numbers nothing for a payment that is rejected or still pending', async () => {
      const rechazado = await order(shop, [lineOf(plain[5]!)]);
      await payInTestMode(shop, rechazado.preferencia.id, 'rejected');
      const pendiente = await order(shop, [lineOf(plain[6]!)]);
      await payInTestMode(shop, pendiente.preferencia.id, 'pending');
      await runBackgroundOnce(shop.services);
      expect(await receiptsOf(shop, rechazado.preferencia.idVenta)).toEqual([]);
      expect(await receiptsOf(shop, pendiente.preferencia.idVenta)).toEqual([]);
    });

    it('gives 20 payments at once 20 distinct consecutive boletas', async () => {
      const orders = [];
      for (let i = 0; i < 20; i++) orders.push(await order(shop, [lineOf(plain[i % 8]!)]));
      const antes = await shop.database.db.execute(sql`SELECT ultimo FROM comprobantes_series WHERE serie = 'B001'`);
      const desde = Number((antes as unknown as { rows: { ultimo: number }[] }).rows[0]?.ultimo ?? 0);
      const answers = await Promise.all(orders.map((o) => payInTestMode(shop, o.preferencia.id, 'approved')));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      const numeros = [];
      for (const o of orders) {
        const recibos = await receiptsOf(shop, o.preferencia.idVenta);
        expect(recibos).toHaveLength(1);
        numeros.push(recibos[0]!.correlativo);
      }
      expect(numeros.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => desde + 1 + i));
    });

    it('annuls a paid order cancelled by the operator with one credit note that references its boleta', async () => {
      const { preferencia, recibos } = await paid(shop, [lineOf(plain[7]!)]);
      const token = (await shop.services.operatorToken())!;
      const cancel = await shop.call('POST', `/admin/api/pedidos/${preferencia.idVenta}/estado`, { headers: { Authorization: `Bearer ${token}` }, body: { estado: 'CANCELADO', nota: 'Sin stock en tienda' } });
      expect(cancel.status).toBe(200);
      expect((await shop.call('POST', `/admin/api/pedidos/${preferencia.idVenta}/estado`, { headers: { Authorization: `Bearer ${token}` }, body: { estado: 'CANCELADO' } })).status).toBe(409);
      await drain(shop);
      const todos = await receiptsOf(shop, preferencia.idVenta);
      expect(todos).toHaveLength(2);
      const nota = todos[1]!;
      expect(nota).toMatchObject({ tipo: '07', serie: 'BC01', modificaId: recibos[0]!.id, motivo: 'Anulación de la operación', total: recibos[0]!.total, estado: 'aceptado' });
      expect(nota.items).toEqual(recibos[0]!.items);
    });

    it('refuses deleting a receipt', async () => {
      await expect(shop.database.db.delete(comprobantes)).rejects.toThrow();
      expect((await shop.database.db.select({ id: comprobantes.id }).from(comprobantes)).length).toBeGreaterThan(0);
    });
  });

  describe('through Nubefact (a local stub of its API)', () => {
    let stub: NubefactStub;
    let nube: TestShop;
    /** Makes the pending issuing jobs due now (their back-off would wait), then runs the background work. */
    const retryNow = async () => {
      await nube.database.db.update(trabajos).set({ ejecutarEn: new Date(Date.now() - 1000) }).where(and(eq(trabajos.tipo, 'emitir-comprobante'), sql`${trabajos.terminado} IS NULL`));
      await runBackgroundOnce(nube.services);
    };

    beforeAll(async () => {
      stub = await startNubefactStub();
      const base = shop.services.config;
      nube = await openShop(target, {
        config: { comprobantes: { ...base.comprobantes, proveedor: 'nubefact', nubefactUrl: stub.url, nubefactToken: stub.token, timeoutMs: 200 } },
        proveedorComprobantes: nubefactProveedor({ url: stub.url, token: stub.token, timeoutMs: 200 }),
      });
    });
    afterAll(async () => {
      await nube?.close();
      await stub?.close();
    });

    it('sends the boleta, records SUNAT acceptance and the PDF, XML and CDR links', async () => {
      stub.modo = 'acepta';
      const { recibos, cobrado } = await paid(nube, [lineOf(plain[0]!, 3)], { codigo: 'bienvenida' });
      const [boleta] = recibos;
      expect(boleta).toMatchObject({ estado: 'aceptado', proveedor: 'nubefact', codigoSunat: '0' });
      expect(boleta!.mensaje).toMatch(/ha sido aceptada/);
      expect(boleta!.enlacePdf).toMatch(/\.pdf$/);
      const enviado = stub.recibidos.at(-1)!;
      expect(enviado).toMatchObject({ operacion: 'generar_comprobante', tipo_de_comprobante: 2, serie: 'B001', numero: boleta!.correlativo, cliente_tipo_de_documento: '1', moneda: 1, porcentaje_de_igv: 18, total: cobrado / 100 });
      const items = enviado.items as { total: number; subtotal: number; igv: number }[];
      expect(Math.round(items.reduce((s, i) => s + i.total * 100, 0))).toBe(cobrado);
      expectSquares(boleta!, cobrado);
    });

    it('retries an outage and a lost answer until accepted, and never issues a number twice', async () => {
      stub.modo = 'cae';
      const { preferencia } = await paid(nube, [lineOf(plain[1]!)]);
      let [boleta] = await receiptsOf(nube, preferencia.idVenta);
      expect(boleta).toMatchObject({ estado: 'pendiente' });
      expect(boleta!.mensaje).toMatch(/Nubefact respondió 500/);
      const [job] = await nube.database.db.select().from(trabajos).where(eq(trabajos.clave, `emitir-comprobante:${boleta!.id}`));
      expect(job!.terminado).toBeNull();
      expect(job!.ejecutarEn.getTime()).toBeGreaterThan(Date.now());

      // Nubefact keeps the document but answers after the client gave up.
      stub.modo = 'lento';
      await retryNow();
      [boleta] = await receiptsOf(nube, preferencia.idVenta);
      expect(boleta).toMatchObject({ estado: 'pendiente' });
      expect(boleta!.mensaje).toMatch(/no respondió/);
      const key = `2-B001-${boleta!.correlativo}`;
      expect(stub.documentos.has(key)).toBe(true);

      stub.modo = 'acepta';
      await retryNow();
      [boleta] = await receiptsOf(nube, preferencia.idVenta);
      expect(boleta).toMatchObject({ estado: 'aceptado' });
      const generados = stub.recibidos.filter((b) => b.operacion === 'generar_comprobante' && b.numero === boleta!.correlativo && b.serie === 'B001');
      expect(generados.length).toBe(3);
      expect([...stub.documentos.keys()].filter((k) => k === key)).toHaveLength(1);
      expect(stub.recibidos.some((b) => b.operacion === 'consultar_comprobante' && b.numero === boleta!.correlativo)).toBe(true);
      await retryNow();
      expect(stub.recibidos.filter((b) => b.numero === boleta!.correlativo).length).toBe(generados.length + 1);
    });

    it("shows SUNAT's rejection to the operator, and sends it again with its number when retried", async () => {
      stub.modo = 'rechaza';
      const { preferencia } = await paid(nube, [lineOf(plain[2]!)]);
      let [boleta] = await receiptsOf(nube, preferencia.idVenta);
      expect(boleta).toMatchObject({ estado: 'rechazado', codigoSunat: '2800' });
      expect(boleta!.mensaje).toMatch(/tipo de documento/);
      const notas = await nube.database.db.select().from(pedidoHistorial).where(eq(pedidoHistorial.pedidoId, preferencia.idVenta));
      const numero = numeroComprobante(boleta!.serie, boleta!.correlativo);
      expect(notas.some((n) => n.nota.startsWith(`Comprobante ${numero} rechazado por SUNAT`))).toBe(true);
      const alerta = nube.sent.find((m) => m.subject.includes(`comprobante ${numero} rechazado`));
      expect(alerta?.html).toContain(`Revisa el comprobante del pedido N.° ${preferencia.idVenta}`);
      expect(alerta?.html).not.toContain('Revisa el pago');

      stub.modo = 'acepta';
      expect(await reintentarComprobante(nube.database.db, boleta!.id)).toMatchObject({ encolado: true });
      await runBackgroundOnce(nube.services);
      [boleta] = await receiptsOf(nube, preferencia.idVenta);
      expect(boleta).toMatchObject({ estado: 'aceptado', serie: 'B001' });
      expect(await reintentarComprobante(nube.database.db, boleta!.id)).toEqual({ encolado: false, mensaje: `El comprobante ${numero} ya fue aceptado por SUNAT: no se vuelve a enviar.` });
    });

    it('sends the credit note of a cancelled order only after its boleta is accepted', async () => {
      stub.modo = 'cae';
      const { preferencia } = await paid(nube, [lineOf(plain[3]!)]);
      const token = (await nube.services.operatorToken())!;
      expect((await nube.call('POST', `/admin/api/pedidos/${preferencia.idVenta}/estado`, { headers: { Authorization: `Bearer ${token}` }, body: { estado: 'CANCELADO' } })).status).toBe(200);
      await retryNow();
      let [boleta, nota] = await receiptsOf(nube, preferencia.idVenta);
      expect(nota).toMatchObject({ tipo: '07', estado: 'pendiente' });
      stub.modo = 'acepta';
      await retryNow();
      await retryNow();
      [boleta, nota] = await receiptsOf(nube, preferencia.idVenta);
      expect(boleta).toMatchObject({ estado: 'aceptado' });
      expect(nota).toMatchObject({ estado: 'aceptado', serie: 'BC01' });
      const enviada = stub.recibidos.find((b) => b.tipo_de_comprobante === 3 && b.numero === nota!.correlativo)!;
      expect(enviada).toMatchObject({ documento_que_se_modifica_tipo: 2, documento_que_se_modifica_serie: 'B001', documento_que_se_modifica_numero: boleta!.correlativo, tipo_de_nota_de_credito: 1 });
    });
  });
});

import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CotizacionServidor, PreferenciaCreada } from '../../src/lib/api/checkout-schemas.ts';
import type {
  CorreccionClienteRespuesta,
  ListaComprobantesOperador,
  ReintentoComprobanteRespuesta,
} from '../../src/lib/api/comprobantes-schemas.ts';
import type { PedidoOperadorRespuesta } from '../../src/lib/api/orders-schemas.ts';
import type { RutinaRecomendada } from '../../src/lib/api/routine-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { numeroComprobante } from '../../src/lib/comprobantes/numero.ts';
import { toCentimos } from '../../src/lib/pricing/money.ts';
import { reintentarComprobante } from '../../src/server/comprobantes/emision.ts';
import { nubefactProveedor } from '../../src/server/comprobantes/nubefact.ts';
import { auditoria, comprobantes, pagos, pedidoHistorial, trabajos, type Comprobante } from '../../src/server/db/schema/index.ts';
import { runShop } from '../../src/cli/shop.ts';
import { runBackgroundOnce } from '../../src/server/services.ts';
import { describeEachDatabase } from './databases.ts';
import { startNubefactStub, type NubefactStub } from './nubefact-stub.ts';
import { claimQuote, lineOf, newKey, openShop, payDePrueba, plainProducts, preferenceBody, PROVINCIA, type TestShop } from './shop.ts';

type Linea = ReturnType<typeof lineOf> & { esProductoRutina?: boolean; rutinaNivel?: string; rutinaId?: string };

describeEachDatabase('electronic comprobantes', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let next = 0;

  /** Quotes `cart` as the server prices it, creates the order (with `factura` when given) and leaves it PENDIENTE. */
  async function order(
    shopTo: TestShop,
    cart: Linea[],
    options: { codigo?: string; metodo?: string; factura?: { ruc: string; razon: string; direccion: string } } = {},
  ) {
    const customer = await shopTo.customer(`recibo${++next}`);
    const codigo = options.codigo === 'bienvenida' ? `BIENVENIDA-${customer.usuario.toUpperCase()}` : options.codigo;
    const draft = preferenceBody(customer.id, cart, { metodo: options.metodo, codigo });
    if (options.factura)
      draft.comprobante = {
        tipo: 'factura',
        ruc: options.factura.ruc,
        razon_social: options.factura.razon,
        direccion_fiscal: options.factura.direccion,
      };
    const cotizada = await shopTo.call('POST', `/carrito/cotizar/${customer.id}`, { token: customer.token, body: draft });
    expect(cotizada.status, await cotizada.clone().text()).toBe(200);
    const quote = (await cotizada.json()) as CotizacionServidor;
    const res = await shopTo.call('POST', `/carrito/create-preference/${customer.id}`, {
      token: customer.token,
      body: claimQuote(draft, quote),
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const preferencia = (await res.json()) as PreferenciaCreada;
    return { customer, preferencia, quote };
  }

  /** An order paid in the test mode, its background work run: its receipts and what the payment charged. */
  async function paid(shopTo: TestShop, cart: Linea[], options: Parameters<typeof order>[2] = {}) {
    const placed = await order(shopTo, cart, options);
    expect((await payDePrueba(shopTo, placed.preferencia.id, 'approved')).status).toBe(200);
    await drain(shopTo);
    const [pago] = await shopTo.database.db.select().from(pagos).where(eq(pagos.pedidoId, placed.preferencia.idVenta));
    return { ...placed, cobrado: pago!.monto, recibos: await comprobantesOf(shopTo, placed.preferencia.idVenta) };
  }

  /** Runs the background work until no job is due (a burst of payments leaves more than one run takes). */
  async function drain(shopTo: TestShop) {
    for (let i = 0; i < 20; i++) {
      await runBackgroundOnce(shopTo.services);
      const due = await shopTo.database.db
        .select({ id: trabajos.id })
        .from(trabajos)
        .where(sql`${trabajos.terminado} IS NULL AND ${trabajos.ejecutarEn} <= now() AND ${trabajos.intentos} < ${trabajos.maxIntentos}`);
      if (due.length === 0) return;
    }
  }

  const comprobantesOf = (shopTo: TestShop, pedidoId: number) =>
    shopTo.database.db.select().from(comprobantes).where(eq(comprobantes.pedidoId, pedidoId)).orderBy(asc(comprobantes.id));

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

  describe('in prueba', () => {
    it('gives a paid order one accepted boleta to its buyer, whose total is the charge, with the coupon as line discounts', async () => {
      const { recibos, cobrado, customer } = await paid(shop, [lineOf(plain[0]!, 2), lineOf(plain[1]!)], { codigo: 'bienvenida' });
      expect(recibos).toHaveLength(1);
      const [boleta] = recibos;
      expect(boleta).toMatchObject({ tipo: '03', serie: 'B001', estado: 'aceptado', proveedor: 'prueba' });
      expect(boleta!.cliente).toMatchObject({
        tipoDocumento: '1',
        numeroDocumento: '12345678',
        denominacion: `Cliente ${customer.usuario}`,
      });
      expect(boleta!.descuentos).toBeGreaterThan(0);
      expectSquares(boleta!, cobrado);
      // Running the background work again issues nothing more.
      await runBackgroundOnce(shop.services);
      expect(await comprobantesOf(shop, boleta!.pedidoId)).toEqual(recibos);
    });

    it('squares a routine discount, paid province delivery and free delivery to the céntimo', async () => {
      const { json } = await (async () => {
        const res = await shop.call('POST', '/api/rutina-recomendada', {
          body: { tipoPiel: 'Mixta', grupoEdad: '25-34', inquietudPiel: 'Poros dilatados', pasosRutina: 5 },
        });
        return { json: (await res.json()) as RutinaRecomendada };
      })();
      const catalogue = await shop.catalogue();
      const rutina = json.categoriasIncluidas.map((paso) => {
        const producto = json.data[paso]!.find(
          (p) => p.descuento === 0 && p.descuentoN === 0 && p.newores !== 'Sale' && p.newores !== 'Preventa' && p.stock >= 5,
        )!;
        return {
          ...lineOf(catalogue.find((p) => p.idProducto === producto.idProducto)!),
          esProductoRutina: true,
          rutinaNivel: json.nivelRutina,
          rutinaId: 'r-recibo',
        };
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
      expect(recibos[0]!.cliente).toMatchObject({
        tipoDocumento: '1',
        numeroDocumento: '12345678',
        denominacion: `Cliente ${customer.usuario}`,
      });
      expectSquares(recibos[0]!, cobrado);
    });

    it('issues a factura to the RUC the order asked for, in its own series', async () => {
      const { recibos, cobrado } = await paid(shop, [lineOf(plain[4]!)], {
        factura: { ruc: '20131312955', razon: 'Botica <Sol> S.A.C.', direccion: 'Jr. Lampa 100, Lima' },
      });
      expect(recibos).toHaveLength(1);
      expect(recibos[0]).toMatchObject({ tipo: '01', serie: 'F001', estado: 'aceptado' });
      expect(recibos[0]!.cliente).toMatchObject({
        tipoDocumento: '6',
        numeroDocumento: '20131312955',
        denominacion: 'Botica <Sol> S.A.C.',
        direccion: 'Jr. Lampa 100, Lima',
      });
      expectSquares(recibos[0]!, cobrado);
    });

    it('numbers nothing for a payment that is rejected or still pending', async () => {
      const rechazado = await order(shop, [lineOf(plain[5]!)]);
      await payDePrueba(shop, rechazado.preferencia.id, 'rejected');
      const pendiente = await order(shop, [lineOf(plain[6]!)]);
      await payDePrueba(shop, pendiente.preferencia.id, 'pending');
      await runBackgroundOnce(shop.services);
      expect(await comprobantesOf(shop, rechazado.preferencia.idVenta)).toEqual([]);
      expect(await comprobantesOf(shop, pendiente.preferencia.idVenta)).toEqual([]);
    });

    it('gives 20 payments at once 20 distinct consecutive boletas', async () => {
      const orders = [];
      for (let i = 0; i < 20; i++) orders.push(await order(shop, [lineOf(plain[i % 8]!)]));
      const antes = await shop.database.db.execute(sql`SELECT ultimo FROM comprobantes_series WHERE serie = 'B001'`);
      const desde = Number((antes as unknown as { rows: { ultimo: number }[] }).rows[0]?.ultimo ?? 0);
      const answers = await Promise.all(orders.map((o) => payDePrueba(shop, o.preferencia.id, 'approved')));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      const numeros = [];
      for (const o of orders) {
        const recibos = await comprobantesOf(shop, o.preferencia.idVenta);
        expect(recibos).toHaveLength(1);
        numeros.push(recibos[0]!.correlativo);
      }
      expect(numeros.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => desde + 1 + i));
    });

    it('annuls a paid order cancelled by the operator with one credit note that references its boleta', async () => {
      const { preferencia, recibos } = await paid(shop, [lineOf(plain[7]!)]);
      const token = (await shop.services.operatorToken())!;
      const cancel = await shop.call('POST', `/admin/api/pedidos/${preferencia.idVenta}/estado`, {
        headers: { Authorization: `Bearer ${token}` },
        body: { estado: 'CANCELADO', nota: 'Sin stock en tienda' },
      });
      expect(cancel.status).toBe(200);
      expect(
        (
          await shop.call('POST', `/admin/api/pedidos/${preferencia.idVenta}/estado`, {
            headers: { Authorization: `Bearer ${token}` },
            body: { estado: 'CANCELADO' },
          })
        ).status,
      ).toBe(409);
      await drain(shop);
      const todos = await comprobantesOf(shop, preferencia.idVenta);
      expect(todos).toHaveLength(2);
      const nota = todos[1]!;
      expect(nota).toMatchObject({
        tipo: '07',
        serie: 'BC01',
        modificaId: recibos[0]!.id,
        motivo: 'Anulación de la operación',
        total: recibos[0]!.total,
        estado: 'aceptado',
      });
      expect(nota.items).toEqual(recibos[0]!.items);
    });

    it('refuses deleting a comprobante', async () => {
      await expect(shop.database.db.delete(comprobantes)).rejects.toThrow();
      expect((await shop.database.db.select({ id: comprobantes.id }).from(comprobantes)).length).toBeGreaterThan(0);
    });
  });

  describe('through Nubefact (a local stub of its API)', () => {
    let stub: NubefactStub;
    let nube: TestShop;
    /** Makes the pending issuing jobs due now (their back-off would wait), then runs the background work. */
    const retryNow = async () => {
      await nube.database.db
        .update(trabajos)
        .set({ ejecutarEn: new Date(Date.now() - 1000) })
        .where(and(eq(trabajos.tipo, 'emitir-comprobante'), sql`${trabajos.terminado} IS NULL`));
      await runBackgroundOnce(nube.services);
    };

    beforeAll(async () => {
      stub = await startNubefactStub();
      const base = shop.services.config;
      nube = await openShop(target, {
        config: {
          comprobantes: { ...base.comprobantes, proveedor: 'nubefact', nubefactUrl: stub.url, nubefactToken: stub.token, timeoutMs: 1000 },
        },
        proveedorComprobantes: nubefactProveedor({ url: stub.url, token: stub.token, timeoutMs: 1000 }),
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
      expect(enviado).toMatchObject({
        operacion: 'generar_comprobante',
        tipo_de_comprobante: 2,
        serie: 'B001',
        numero: boleta!.correlativo,
        cliente_tipo_de_documento: '1',
        moneda: 1,
        porcentaje_de_igv: 18,
        total: cobrado / 100,
      });
      const items = enviado.items as { total: number; subtotal: number; igv: number }[];
      expect(Math.round(items.reduce((s, i) => s + i.total * 100, 0))).toBe(cobrado);
      expectSquares(boleta!, cobrado);
    });

    it('retries an outage and a lost answer until accepted, and never issues a number twice', async () => {
      stub.modo = 'cae';
      const { preferencia } = await paid(nube, [lineOf(plain[1]!)]);
      let [boleta] = await comprobantesOf(nube, preferencia.idVenta);
      expect(boleta).toMatchObject({ estado: 'pendiente' });
      expect(boleta!.mensaje).toMatch(/Nubefact respondió 500/);
      const [job] = await nube.database.db
        .select()
        .from(trabajos)
        .where(eq(trabajos.clave, `emitir-comprobante:${boleta!.id}`));
      expect(job!.terminado).toBeNull();
      expect(job!.ejecutarEn.getTime()).toBeGreaterThan(Date.now());

      // Nubefact keeps the document but answers after the client gave up.
      stub.modo = 'lento';
      stub.demoraMs = 2500;
      await retryNow();
      [boleta] = await comprobantesOf(nube, preferencia.idVenta);
      expect(boleta).toMatchObject({ estado: 'pendiente' });
      expect(boleta!.mensaje).toMatch(/no respondió/);
      const key = `2-B001-${boleta!.correlativo}`;
      expect(stub.documentos.has(key)).toBe(true);

      stub.modo = 'acepta';
      await retryNow();
      [boleta] = await comprobantesOf(nube, preferencia.idVenta);
      expect(boleta).toMatchObject({ estado: 'aceptado' });
      const generados = stub.recibidos.filter(
        (b) => b.operacion === 'generar_comprobante' && b.numero === boleta!.correlativo && b.serie === 'B001',
      );
      expect(generados.length).toBe(3);
      expect([...stub.documentos.keys()].filter((k) => k === key)).toHaveLength(1);
      expect(stub.recibidos.some((b) => b.operacion === 'consultar_comprobante' && b.numero === boleta!.correlativo)).toBe(true);
      await retryNow();
      expect(stub.recibidos.filter((b) => b.numero === boleta!.correlativo).length).toBe(generados.length + 1);
    });

    /** The operator API, as the operator 'Rosa Díaz'. */
    const admin = async (method: string, path: string, body?: unknown) =>
      nube.call(method, path, {
        token: (await nube.services.operatorToken())!,
        headers: { 'X-Operador': encodeURIComponent('Rosa Díaz') },
        ...(body === undefined ? {} : { body }),
      });
    const mensajeDe = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
    const numeroDe = (c: Pick<Comprobante, 'serie' | 'correlativo'>) => numeroComprobante(c.serie, c.correlativo);
    /** How many times the stub was asked to issue this number. */
    const envios = (c: Pick<Comprobante, 'serie' | 'correlativo'>) =>
      stub.recibidos.filter((b) => b.operacion === 'generar_comprobante' && b.serie === c.serie && b.numero === c.correlativo).length;
    const ultimoDe = async (serie: string) => {
      const result = await nube.database.db.execute(sql`SELECT ultimo FROM comprobantes_series WHERE serie = ${serie}`);
      return Number((result as unknown as { rows: { ultimo: number }[] }).rows[0]!.ultimo);
    };
    /** `npm run shop` against this shop, as the operator. */
    const cli = async (args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const token = (await nube.services.operatorToken())!;
      const code = await runShop(args, {
        fetch: async (url, init) => nube.app.request(url, init),
        baseUrl: 'http://localhost:4321',
        token,
        out: (t) => out.push(t),
        err: (t) => err.push(t),
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const pedidoOperador = async (id: number) =>
      ((await (await admin('GET', `/admin/api/pedidos/${id}`)).json()) as PedidoOperadorRespuesta).pedido;

    it('keeps the number of a comprobante SUNAT rejects (2000–3999) used: the operator corrects the buyer and the next number of the series replaces it', async () => {
      stub.modo = 'rechaza';
      const { preferencia } = await paid(nube, [lineOf(plain[2]!)]);
      const [boleta] = await comprobantesOf(nube, preferencia.idVenta);
      expect(boleta).toMatchObject({ estado: 'rechazado', codigoSunat: '2800' });
      expect(boleta!.mensaje).toMatch(/tipo de documento/);
      const numero = numeroDe(boleta!);
      const notas = await nube.database.db.select().from(pedidoHistorial).where(eq(pedidoHistorial.pedidoId, preferencia.idVenta));
      const nota = notas.find((n) => n.nota.startsWith(`Comprobante ${numero} rechazado por SUNAT (código 2800)`));
      expect(nota?.nota).toContain('Su número quedó usado');
      expect(nota?.nota).toContain(`npm run shop -- comprobante ${numero} reintentar`);
      const alerta = nube.sent.find((m) => m.subject.includes(`comprobante ${numero} rechazado`));
      expect(alerta?.html).toContain(`Revisa el comprobante del pedido N.° ${preferencia.idVenta}`);
      // The job never sends a rejected number again.
      stub.modo = 'acepta';
      await retryNow();
      expect(envios(boleta!)).toBe(1);

      // The operator sees it rejected, not yet replaced, in the order and in the receipts' list.
      expect((await pedidoOperador(preferencia.idVenta)).comprobantes).toEqual([
        expect.objectContaining({ numero, estado: 'rechazado', reemplazadoPor: null, reemplaza: null }),
      ]);
      const lista = (await (await admin('GET', '/admin/api/comprobantes?estado=rechazado')).json()) as ListaComprobantesOperador;
      expect(lista.comprobantes.find((c) => c.numero === numero)).toMatchObject({
        estado: 'rechazado',
        reemplazadoPor: null,
        mensaje: boleta!.mensaje,
      });
      const enCli = await cli(['comprobante', numero]);
      expect(enCli.out).toContain(
        `Estado: ⚠ rechazado por SUNAT — ${boleta!.mensaje} (código 2800). Su número quedó usado (SUNAT lo registra como rechazado): no se vuelve a enviar.`,
      );
      expect(enCli.out).toContain(`  2. npm run shop -- comprobante ${numero} reintentar`);
      expect((await cli(['pedido', String(preferencia.idVenta)])).out).toContain(`  ${numero} · Boleta de venta electrónica · S/`);
      expect((await cli(['pedido', String(preferencia.idVenta)])).out).toMatch(
        new RegExp(`${numero} .* rechazado · ⚠ rechazado por SUNAT: .* su número quedó usado`),
      );

      // Correcting the buyer: clear Spanish refusals, then the DNI for the replacement (audited; the rejected record keeps what was sent).
      const ruta = `/admin/api/comprobantes/${numero}/cliente`;
      const malos: [unknown, number, RegExp][] = [
        [{ documento_tipo: 'DNI', documento_numero: '4455' }, 400, /^El DNI debe tener 8 dígitos\.$/],
        [{ documento_tipo: 'LIBRETA', documento_numero: '44556677' }, 400, /tipo de documento debe ser DNI/],
        [{ documento_tipo: 'DNI', documento_numero: '44556677', ruc: '20131312955' }, 400, /no ambos/],
        [{}, 400, /no ambos/],
        [{ documento_tipo: 'DNI', documento_numero: '44556677', color: 'rojo' }, 400, /Solo se corrigen/],
        [{ ruc: '20131312954', razon_social: 'X' }, 400, /RUC no es válido/],
        [{ ruc: '20131312955', razon_social: 'Botica Sol S.A.C.' }, 409, /es una boleta/],
      ];
      for (const [body, status, texto] of malos) {
        const res = await admin('POST', ruta, body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(await mensajeDe(res)).toMatch(texto);
      }
      const noJson = await nube.call('POST', ruta, { token: (await nube.services.operatorToken())!, body: 'DNI 44556677' });
      expect(noJson.status).toBe(400);
      const corregido = await admin('POST', ruta, { documento_tipo: 'DNI', documento_numero: ' 44556677 ' });
      expect(corregido.status, await corregido.clone().text()).toBe(200);
      const correccion = (await corregido.json()) as CorreccionClienteRespuesta;
      expect(correccion.mensaje).toContain(`npm run shop -- comprobante ${numero} reintentar`);
      expect(correccion.comprobante).toMatchObject({
        numero,
        estado: 'rechazado',
        cliente: { numeroDocumento: boleta!.cliente.numeroDocumento },
        clienteCorregido: { tipoDocumento: '1', numeroDocumento: '44556677' },
      });
      const [entrada] = await nube.database.db
        .select()
        .from(auditoria)
        .where(eq(auditoria.accion, 'comprobante.cliente'))
        .orderBy(desc(auditoria.id));
      expect(entrada).toMatchObject({
        operador: 'token de operador (Rosa Díaz)',
        objetivo: `comprobante ${numero}`,
        despues: { cliente: { numeroDocumento: '44556677' } },
      });

      // The retry numbers the replacement: the same series' next number, the corrected buyer, the same lines.
      const ultimo = await ultimoDe(boleta!.serie);
      const res = await admin('POST', `/admin/api/comprobantes/${numero}/reintentar`);
      expect(res.status, await res.clone().text()).toBe(200);
      const reintento = (await res.json()) as ReintentoComprobanteRespuesta;
      const nuevo = numeroComprobante(boleta!.serie, ultimo + 1);
      expect(reintento.mensaje).toBe(
        `El comprobante ${numero} fue rechazado por SUNAT y su número quedó usado: se emite ${nuevo} en su lugar, en segundos.`,
      );
      expect(reintento.comprobante).toMatchObject({ numero: nuevo, estado: 'pendiente', reemplaza: numero });
      const [reemplazo] = await nube.database.db
        .select()
        .from(auditoria)
        .where(eq(auditoria.accion, 'comprobante.reemplazo'))
        .orderBy(desc(auditoria.id));
      expect(reemplazo).toMatchObject({
        operador: 'token de operador (Rosa Díaz)',
        objetivo: `comprobante ${numero}`,
        despues: { reemplazo: nuevo },
      });
      await runBackgroundOnce(nube.services);
      const [rechazada, nueva] = await comprobantesOf(nube, preferencia.idVenta);
      expect(rechazada).toMatchObject({ id: boleta!.id, estado: 'rechazado', correlativo: boleta!.correlativo, cliente: boleta!.cliente });
      expect(nueva).toMatchObject({
        tipo: '03',
        serie: boleta!.serie,
        correlativo: ultimo + 1,
        estado: 'aceptado',
        reemplazaId: boleta!.id,
        cliente: { tipoDocumento: '1', numeroDocumento: '44556677' },
      });
      expect(nueva!.items).toEqual(boleta!.items);
      expect(nueva!.total).toBe(boleta!.total);
      expect(
        stub.recibidos.find((b) => b.operacion === 'generar_comprobante' && b.numero === ultimo + 1 && b.serie === boleta!.serie),
      ).toMatchObject({ cliente_numero_de_documento: '44556677' });
      expect(envios(boleta!)).toBe(1);

      // Both in the order's view, linked; the rejected one cannot be retried nor corrected again.
      expect((await pedidoOperador(preferencia.idVenta)).comprobantes).toEqual([
        expect.objectContaining({ numero, estado: 'rechazado', reemplazadoPor: nuevo }),
        expect.objectContaining({ numero: nuevo, estado: 'aceptado', reemplaza: numero }),
      ]);
      const vista = (await cli(['pedido', String(preferencia.idVenta)])).out;
      expect(vista).toMatch(new RegExp(`${numero} · .* · rechazado · rechazado por SUNAT \\(.*\\); reemplazado por ${nuevo}`));
      expect(vista).toMatch(new RegExp(`${nuevo} · .* · aceptado · reemplaza a ${numero}`));
      expect((await cli(['comprobantes', '--estado', 'rechazado'])).out).toMatch(
        new RegExp(`^${numero}\\s+${preferencia.idVenta}\\s.*rechazado\\s+rechazado por SUNAT .*; reemplazado por ${nuevo}$`, 'm'),
      );
      const otra = await admin('POST', `/admin/api/comprobantes/${numero}/reintentar`);
      expect(otra.status).toBe(409);
      expect(await mensajeDe(otra)).toBe(`El comprobante ${numero} fue rechazado por SUNAT y ya lo reemplaza ${nuevo}.`);
      expect((await admin('POST', ruta, { documento_tipo: 'DNI', documento_numero: '11223344' })).status).toBe(409);
      const aceptada = await admin('POST', `/admin/api/comprobantes/${nuevo}/cliente`, {
        documento_tipo: 'DNI',
        documento_numero: '11223344',
      });
      expect(aceptada.status).toBe(409);
      expect(await mensajeDe(aceptada)).toMatch(/ya fue aceptado por SUNAT/);
      expect(await reintentarComprobante(nube.database.db, nueva!.id, nube.services.config.comprobantes)).toEqual({
        encolado: false,
        mensaje: `El comprobante ${nuevo} ya fue aceptado por SUNAT: no se vuelve a enviar.`,
      });
    });

    it("resends SUNAT's exceptions (0100–1999) with the same number until accepted, numbering nothing new", async () => {
      stub.modo = 'excepcion';
      const { preferencia } = await paid(nube, [lineOf(plain[4]!)]);
      let [boleta] = await comprobantesOf(nube, preferencia.idVenta);
      expect(boleta).toMatchObject({ estado: 'pendiente', porCorregir: false });
      expect(boleta!.mensaje).toMatch(/excepción 0109/);
      const ultimo = await ultimoDe(boleta!.serie);
      stub.modo = 'acepta';
      await retryNow();
      const todos = await comprobantesOf(nube, preferencia.idVenta);
      expect(todos).toHaveLength(1);
      [boleta] = todos;
      expect(boleta).toMatchObject({ estado: 'aceptado', correlativo: todos[0]!.correlativo });
      expect(envios(boleta!)).toBe(2);
      expect(await ultimoDe(boleta!.serie)).toBe(ultimo);
    });

    it("leaves the number of a comprobante Nubefact's own validation refuses free: corrected, it is sent again with that number", async () => {
      stub.modo = 'invalido';
      const { preferencia } = await paid(nube, [lineOf(plain[5]!)]);
      let [boleta] = await comprobantesOf(nube, preferencia.idVenta);
      expect(boleta).toMatchObject({ estado: 'pendiente', porCorregir: true, codigoSunat: '21' });
      expect(boleta!.mensaje).toMatch(/no es válido/);
      const numero = numeroDe(boleta!);
      const notas = await nube.database.db.select().from(pedidoHistorial).where(eq(pedidoHistorial.pedidoId, preferencia.idVenta));
      expect(
        notas.some(
          (n) =>
            n.nota.startsWith(`Comprobante ${numero} devuelto por nubefact sin enviarlo a SUNAT`) &&
            n.nota.includes('Su número sigue libre'),
        ),
      ).toBe(true);
      // It waits for the operator: no automatic resend of the same wrong data.
      stub.modo = 'acepta';
      await retryNow();
      expect(envios(boleta!)).toBe(1);
      expect((await pedidoOperador(preferencia.idVenta)).comprobantes).toEqual([
        expect.objectContaining({ numero, estado: 'pendiente', porCorregir: true }),
      ]);

      expect((await cli(['comprobantes'])).out).toMatch(
        new RegExp(`^${numero}\\s.*pendiente\\s+⚠ devuelto por nubefact sin llegar a SUNAT: .* su número sigue libre`, 'm'),
      );
      // Through the command line this time.
      const corregido = await cli(['comprobante', numero, 'cliente', '--ce', 'x98765']);
      expect(corregido, corregido.err).toMatchObject({
        code: 0,
        out: `Datos del comprador corregidos. El comprobante ${numero} irá a nombre de ${boleta!.cliente.denominacion}, Carné de extranjería X98765, con el mismo número. Para reenviarlo: npm run shop -- comprobante ${numero} reintentar`,
      });
      const [entrada] = await nube.database.db
        .select()
        .from(auditoria)
        .where(eq(auditoria.accion, 'comprobante.cliente'))
        .orderBy(desc(auditoria.id));
      expect(entrada).toMatchObject({
        objetivo: `comprobante ${numero}`,
        antes: { estado: 'pendiente', cliente: { numeroDocumento: boleta!.cliente.numeroDocumento } },
        despues: { cliente: { tipoDocumento: '4', numeroDocumento: 'X98765' } },
      });
      expect(await cli(['comprobante', numero, 'cliente', '--dni', '123'])).toMatchObject({ code: 1, err: 'El DNI debe tener 8 dígitos.' });
      const ultimo = await ultimoDe(boleta!.serie);
      const reintento = await admin('POST', `/admin/api/comprobantes/${numero}/reintentar`);
      expect(reintento.status).toBe(200);
      expect(await mensajeDe(reintento)).toBe(`Se volverá a enviar el comprobante ${numero}, con el mismo número, en segundos.`);
      await runBackgroundOnce(nube.services);
      const todos = await comprobantesOf(nube, preferencia.idVenta);
      expect(todos).toHaveLength(1);
      [boleta] = todos;
      expect(boleta).toMatchObject({ estado: 'aceptado', porCorregir: false, cliente: { tipoDocumento: '4', numeroDocumento: 'X98765' } });
      expect(
        stub.recibidos
          .filter((b) => b.operacion === 'generar_comprobante' && b.numero === boleta!.correlativo && b.serie === boleta!.serie)
          .at(-1),
      ).toMatchObject({ cliente_tipo_de_documento: '4', cliente_numero_de_documento: 'X98765' });
      expect(await ultimoDe(boleta!.serie)).toBe(ultimo);
    });

    it('accepts a comprobante SUNAT observes (4000+) and keeps the observations for the operator', async () => {
      stub.modo = 'observa';
      const { preferencia } = await paid(nube, [lineOf(plain[6]!)]);
      const [boleta] = await comprobantesOf(nube, preferencia.idVenta);
      expect(boleta).toMatchObject({
        estado: 'aceptado',
        observaciones: '4287 - El precio unitario ingresado no corresponde al valor calculado.',
      });
      expect(boleta!.enlacePdf).toMatch(/\.pdf$/);
      expect((await pedidoOperador(preferencia.idVenta)).comprobantes).toEqual([
        expect.objectContaining({ estado: 'aceptado', observaciones: boleta!.observaciones }),
      ]);
      stub.modo = 'acepta';
    });

    it("never issues a credit note for a rejected comprobante: the cancelled order's note annuls its replacement", async () => {
      // Cancelled while its boleta is rejected: no note.
      stub.modo = 'rechaza';
      const a = await paid(nube, [lineOf(plain[7]!)]);
      expect((await admin('POST', `/admin/api/pedidos/${a.preferencia.idVenta}/estado`, { estado: 'CANCELADO' })).status).toBe(200);
      await retryNow();
      expect((await comprobantesOf(nube, a.preferencia.idVenta)).map((c) => [c.tipo, c.estado])).toEqual([['03', 'rechazado']]);
      stub.modo = 'acepta';
      const rechazadaA = (await comprobantesOf(nube, a.preferencia.idVenta))[0]!;
      expect((await admin('POST', `/admin/api/comprobantes/${numeroDe(rechazadaA)}/reintentar`)).status).toBe(200);
      await retryNow();
      await retryNow();
      const [, reemplazoA, notaA] = await comprobantesOf(nube, a.preferencia.idVenta);
      expect(reemplazoA).toMatchObject({ tipo: '03', estado: 'aceptado', reemplazaId: rechazadaA.id });
      expect(notaA).toMatchObject({ tipo: '07', estado: 'aceptado', modificaId: reemplazoA!.id });

      // Cancelled while its boleta was on its way, which SUNAT then rejected: the note waits, unsent, and moves to the replacement.
      stub.modo = 'cae';
      const b = await paid(nube, [lineOf(plain[0]!)]);
      expect((await admin('POST', `/admin/api/pedidos/${b.preferencia.idVenta}/estado`, { estado: 'CANCELADO' })).status).toBe(200);
      stub.modo = 'rechaza';
      await retryNow();
      await retryNow();
      let [rechazadaB, notaB] = await comprobantesOf(nube, b.preferencia.idVenta);
      expect(rechazadaB).toMatchObject({ estado: 'rechazado' });
      expect(notaB).toMatchObject({ tipo: '07', estado: 'pendiente', modificaId: rechazadaB!.id });
      expect(notaB!.mensaje).toMatch(/fue rechazado por SUNAT/);
      expect(envios(notaB!)).toBe(0);
      stub.modo = 'acepta';
      expect((await admin('POST', `/admin/api/comprobantes/${numeroDe(rechazadaB!)}/reintentar`)).status).toBe(200);
      await retryNow();
      await retryNow();
      const todos = await comprobantesOf(nube, b.preferencia.idVenta);
      expect(todos).toHaveLength(3);
      [rechazadaB, notaB] = todos;
      const reemplazoB = todos[2]!;
      expect(reemplazoB).toMatchObject({ tipo: '03', estado: 'aceptado', reemplazaId: rechazadaB!.id });
      expect(notaB).toMatchObject({ tipo: '07', estado: 'aceptado', modificaId: reemplazoB.id });
      const enviada = stub.recibidos.filter(
        (x) => x.tipo_de_comprobante === 3 && x.numero === notaB!.correlativo && x.serie === notaB!.serie,
      );
      expect(enviada.every((x) => x.documento_que_se_modifica_numero === reemplazoB.correlativo)).toBe(true);
      expect(
        stub.recibidos.some(
          (x) =>
            x.tipo_de_comprobante === 3 &&
            x.documento_que_se_modifica_numero === rechazadaB!.correlativo &&
            x.documento_que_se_modifica_serie === rechazadaB!.serie,
        ),
      ).toBe(false);
    });

    it("replaces a rejected credit note with the next number of the notes' series", async () => {
      stub.modo = 'acepta';
      const { preferencia } = await paid(nube, [lineOf(plain[1]!)]);
      stub.modo = 'rechaza';
      stub.codigo = '3207';
      expect((await admin('POST', `/admin/api/pedidos/${preferencia.idVenta}/estado`, { estado: 'CANCELADO' })).status).toBe(200);
      await retryNow();
      stub.codigo = undefined;
      const [boleta, nota] = await comprobantesOf(nube, preferencia.idVenta);
      expect(nota).toMatchObject({ tipo: '07', estado: 'rechazado', codigoSunat: '3207' });
      const correccion = await admin('POST', `/admin/api/comprobantes/${numeroDe(nota!)}/cliente`, {
        documento_tipo: 'DNI',
        documento_numero: '44556677',
      });
      expect(correccion.status).toBe(409);
      expect(await mensajeDe(correccion)).toMatch(/nota de crédito/);
      stub.modo = 'acepta';
      const ultimo = await ultimoDe(nota!.serie);
      expect((await admin('POST', `/admin/api/comprobantes/${numeroDe(nota!)}/reintentar`)).status).toBe(200);
      await retryNow();
      const todos = await comprobantesOf(nube, preferencia.idVenta);
      expect(todos[2]).toMatchObject({
        tipo: '07',
        serie: nota!.serie,
        correlativo: ultimo + 1,
        estado: 'aceptado',
        modificaId: boleta!.id,
        reemplazaId: nota!.id,
      });
      expect(envios(nota!)).toBe(1);
    });

    it('sends the credit note of a cancelled order only after its boleta is accepted', async () => {
      stub.modo = 'cae';
      const { preferencia } = await paid(nube, [lineOf(plain[3]!)]);
      const token = (await nube.services.operatorToken())!;
      expect(
        (
          await nube.call('POST', `/admin/api/pedidos/${preferencia.idVenta}/estado`, {
            headers: { Authorization: `Bearer ${token}` },
            body: { estado: 'CANCELADO' },
          })
        ).status,
      ).toBe(200);
      await retryNow();
      let [boleta, nota] = await comprobantesOf(nube, preferencia.idVenta);
      expect(nota).toMatchObject({ tipo: '07', estado: 'pendiente' });
      stub.modo = 'acepta';
      await retryNow();
      await retryNow();
      [boleta, nota] = await comprobantesOf(nube, preferencia.idVenta);
      expect(boleta).toMatchObject({ estado: 'aceptado' });
      expect(nota).toMatchObject({ estado: 'aceptado', serie: 'BC01' });
      const enviada = stub.recibidos.find((b) => b.tipo_de_comprobante === 3 && b.numero === nota!.correlativo)!;
      expect(enviada).toMatchObject({
        documento_que_se_modifica_tipo: 2,
        documento_que_se_modifica_serie: 'B001',
        documento_que_se_modifica_numero: boleta!.correlativo,
        tipo_de_nota_de_credito: 1,
      });
    });
  });
});

import { eq, inArray } from 'drizzle-orm';
import { MockAgent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cierre, VentasPorDia } from '../../src/lib/api/cierre-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { fechaLima } from '../../src/lib/dates.ts';
import { comprobantes, pagos, pedidoLineas, pedidos } from '../../src/server/db/schema/index.ts';
import { mercadoPagoPasarela } from '../../src/server/payments/mercadopago.ts';
import { signNotification } from '../../src/server/payments/signature.ts';
import { describeEachDatabase } from './databases.ts';
import { pedidoPagado } from './dinero.ts';
import { configConPersonas, personas, relojDePrueba, type PersonaDePrueba } from './personas.ts';
import { lineOf, newKey, openShop, placeOrder, plainProducts, preferenceBody, runJobsUntilIdle, validBody, type TestShop } from './shop.ts';

const TOKEN = 'operador-del-cierre-0123456789';

/** Sums a list's amounts. */
const suma = <T>(filas: T[], valor: (fila: T) => number) => filas.reduce((total, fila) => total + valor(fila), 0);

/** A CSV's data rows as cells (the file is ours: no quoted commas in the columns read here). */
const filasCsv = (texto: string) =>
  texto
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((linea) => linea.split(','));

describeEachDatabase("The daily close ('Cierre y ventas')", (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let next = 0;
  const reloj = relojDePrueba(Date.now());
  const gente = personas(() => shop, TOKEN, reloj);
  let ana: PersonaDePrueba;
  let luis: PersonaDePrueba;
  const admin = (method: string, path: string, body?: unknown) =>
    shop.call(method, `/admin/api${path}`, { token: TOKEN, body, headers: { 'X-Operador': 'Ana' } });
  const cierre = async (consulta: string) => {
    const res = await admin('GET', `/cierre?${consulta}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Cierre;
  };
  const totalDe = async (id: number) => (await shop.database.db.select().from(pedidos).where(eq(pedidos.id, id)))[0]!.total;

  /** A Yape order paid on the checkout page with Mercado Pago's test phone (the prueba answers as Mercado Pago would). */
  async function pagadoConYape(producto: Producto, cantidad: number) {
    const customer = await shop.customer(`cierreyape${++next}`);
    const body = await validBody(shop, customer, preferenceBody(customer.id, [lineOf(producto, cantidad)]));
    const res = await shop.call('POST', `/carrito/yape/${customer.id}`, {
      token: customer.token,
      headers: { 'Idempotency-Key': newKey() },
      body: { ...body, yape: { intento: newKey(), celular: '111111111', codigo: '123456' } },
    });
    expect(res.status).toBe(200);
    const { idVenta } = (await res.json()) as { idVenta: number };
    await runJobsUntilIdle(shop);
    return idVenta;
  }

  /** A bank-transfer order, confirmed by staff with its operation number. */
  async function pagadoPorTransferencia(producto: Producto, cantidad: number) {
    const customer = await shop.customer(`cierretransf${++next}`);
    const body = await validBody(shop, customer, preferenceBody(customer.id, [lineOf(producto, cantidad)]));
    const res = await shop.call('POST', `/carrito/transferencia/${customer.id}`, {
      token: customer.token,
      body,
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.status).toBe(200);
    const { idVenta } = (await res.json()) as { idVenta: number };
    expect((await admin('POST', `/pedidos/${idVenta}/confirmar-transferencia`, { operacion: `OP${idVenta}77` })).status).toBe(200);
    await runJobsUntilIdle(shop);
    return idVenta;
  }

  beforeAll(async () => {
    shop = await openShop(target, { config: configConPersonas(TOKEN, reloj) });
    plain = plainProducts(await shop.catalogue()).sort((a, b) => a.precio - b.precio);
    ana = await gente.alta('ana.cierre@example.pe', 'dueno', 'Ana Dueña');
    luis = await gente.alta('luis.cierre@example.pe', 'personal', 'Luis Personal');
  });
  afterAll(async () => {
    await shop?.close();
  });

  describe('a day with each payment method, a refund and a credit note', () => {
    const hoy = fechaLima(new Date());
    let ids: { pro: number; yape: number; transferencia: number; devuelto: number };
    let dia: Cierre;

    beforeAll(async () => {
      const pro = (await pedidoPagado(shop, [[plain[0]!, 2]])).idVenta;
      const yape = await pagadoConYape(plain[1]!, 1);
      const transferencia = await pagadoPorTransferencia(plain[2]!, 3);
      const devuelto = (await pedidoPagado(shop, [[plain[3]!, 1]])).idVenta;
      // 'Cancelar y reembolsar' (the owner): the refund through the provider and the credit note of the whole order.
      const res = await admin('POST', `/pedidos/${devuelto}/reembolso`, { motivo: 'El cliente se arrepintió' });
      expect(res.status).toBe(200);
      await runJobsUntilIdle(shop);
      ids = { pro, yape, transferencia, devuelto };
      dia = await cierre(`desde=${hoy}`);
    });

    it('sells the sum of its orders, by payment method, to the céntimo', async () => {
      const totales = {
        pro: await totalDe(ids.pro),
        yape: await totalDe(ids.yape),
        transferencia: await totalDe(ids.transferencia),
        devuelto: await totalDe(ids.devuelto),
      };
      expect(dia).toMatchObject({ desde: hoy, hasta: hoy });
      expect(dia.pedidos.map((p) => p.id).sort((a, b) => a - b)).toEqual(Object.values(ids).sort((a, b) => a - b));
      // The refunded order was paid today: it is a sale of today (its refund is today's too, below).
      expect(dia.ventas).toEqual({ pedidos: 4, total: suma(Object.values(totales), (t) => t) });
      // The test mode's Checkout Pro and Yape payments moved no money: their group says so; the transfer is its own.
      expect(dia.metodos).toEqual([
        { grupo: 'transferencia', nombre: 'Transferencia bancaria', pedidos: 1, total: totales.transferencia },
        {
          grupo: 'prueba',
          nombre: 'Pago de prueba (sin dinero real)',
          pedidos: 3,
          total: totales.pro + totales.yape + totales.devuelto,
        },
      ]);
      expect(dia.pedidos.find((p) => p.id === ids.yape)).toMatchObject({ metodo: 'yape', grupo: 'prueba', comision: null, neto: null });
      expect(dia.pedidos.find((p) => p.id === ids.devuelto)).toMatchObject({ estado: 'CANCELADO', total: totales.devuelto });
      // Every figure is the sum of the rows it opens.
      for (const metodo of dia.metodos)
        expect(
          suma(
            dia.pedidos.filter((p) => p.grupo === metodo.grupo),
            (p) => p.total,
          ),
        ).toBe(metodo.total);
      expect(suma(dia.metodos, (m) => m.total)).toBe(dia.ventas.total);
      // Nothing went through Mercado Pago for real.
      expect(dia.mercadoPago).toEqual({ pedidos: 0, bruto: 0, comision: 0, neto: 0, sinDato: 0, brutoSinDato: 0 });
    });

    it('lists the refund and the credit note of the day, and every receipt by series and state', async () => {
      const total = await totalDe(ids.devuelto);
      expect(dia.reembolsos.total).toBe(total);
      expect(dia.reembolsos.filas).toEqual([
        expect.objectContaining({
          pedido: ids.devuelto,
          monto: total,
          tipo: 'Cancelación',
          estado: 'aprobado',
          motivo: 'El cliente se arrepintió',
        }),
      ]);
      const boleta = dia.comprobantes.find((c) => c.pedido === ids.devuelto && c.tipo === '03')!;
      expect(dia.notas.total).toBe(total);
      expect(dia.notas.filas).toEqual([expect.objectContaining({ tipo: '07', pedido: ids.devuelto, total, modifica: boleta.numero })]);
      // The receipts of the day are those the database numbered today, each with its order's amount.
      const emitidos = await shop.database.db
        .select()
        .from(comprobantes)
        .where(inArray(comprobantes.pedidoId, Object.values(ids)));
      expect(dia.comprobantes).toHaveLength(emitidos.length);
      expect(emitidos.filter((c) => c.tipo !== '07')).toHaveLength(4);
      for (const id of Object.values(ids))
        expect(dia.comprobantes.find((c) => c.pedido === id && c.tipo !== '07')!.total).toBe(await totalDe(id));
      for (const serie of dia.series) {
        const suyas = dia.comprobantes.filter((c) => c.serie === serie.serie);
        expect(suma(Object.values(serie.estados), (e) => e.cantidad)).toBe(suyas.length);
        expect(suma(Object.values(serie.estados), (e) => e.total)).toBe(suma(suyas, (c) => c.total));
        for (const [estado, cifra] of Object.entries(serie.estados))
          expect(cifra.total).toBe(
            suma(
              suyas.filter((c) => c.estado === estado),
              (c) => c.total,
            ),
          );
      }
    });

    it('ranks the products and brands sold by what they were charged, units and orders', async () => {
      const lineas = await shop.database.db
        .select()
        .from(pedidoLineas)
        .where(inArray(pedidoLineas.pedidoId, Object.values(ids)));
      expect(suma(dia.productos, (p) => p.unidades)).toBe(suma(lineas, (l) => l.cantidad));
      expect(suma(dia.productos, (p) => p.total)).toBe(suma(lineas, (l) => l.precioCobrado * l.cantidad));
      expect(suma(dia.marcas, (m) => m.total)).toBe(suma(dia.productos, (p) => p.total));
      const transferido = lineas.find((l) => l.pedidoId === ids.transferencia)!;
      expect(dia.productos.find((p) => p.id === plain[2]!.idProducto)).toMatchObject({
        unidades: 3,
        total: transferido.precioCobrado * 3,
        pedidos: [{ pedido: ids.transferencia, unidades: 3, total: transferido.precioCobrado * 3 }],
      });
      for (const top of [...dia.productos, ...dia.marcas]) {
        expect(suma(top.pedidos, (p) => p.total)).toBe(top.total);
        expect(suma(top.pedidos, (p) => p.unidades)).toBe(top.unidades);
      }
      expect(dia.productos.map((p) => p.total)).toEqual([...dia.productos.map((p) => p.total)].sort((a, b) => b - a));
    });

    it("draws today's sales in the last 30 days as the close counts them", async () => {
      const res = await admin('GET', '/cierre/ventas?dias=30');
      expect(res.status).toBe(200);
      const ventas = (await res.json()) as VentasPorDia;
      expect(ventas.dias).toHaveLength(30);
      expect(ventas.hasta).toBe(hoy);
      expect(ventas.dias.at(-1)).toEqual({ dia: hoy, pedidos: dia.ventas.pedidos, total: dia.ventas.total });
      expect(((await (await admin('GET', '/cierre/ventas?dias=90')).json()) as VentasPorDia).dias).toHaveLength(90);
    });

    it("exports each table with the screen's rows (UTF-8 BOM), for the owner freshly signed in", async () => {
      const res = await gente.api('GET', `/cierre.csv?tabla=pedidos&desde=${hoy}`, { cookie: ana.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="cierre-pedidos-${hoy}.csv"`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const texto = new TextDecoder().decode(bytes);
      expect(texto.split('\r\n')[0]).toContain('Pedido,Pagado (hora de Lima),Día,Cliente,Método de pago');
      const filas = filasCsv(texto);
      expect(filas.map((f) => [Number(f[0]), f[8]])).toEqual(dia.pedidos.map((p) => [p.id, (p.total / 100).toFixed(2)]));

      const metodos = filasCsv(await (await gente.api('GET', `/cierre.csv?tabla=metodos&desde=${hoy}`, { cookie: ana.cookie })).text());
      expect(metodos).toEqual(dia.metodos.map((m) => [m.nombre, String(m.pedidos), (m.total / 100).toFixed(2)]));
      const notas = filasCsv(await (await gente.api('GET', `/cierre.csv?tabla=notas&desde=${hoy}`, { cookie: ana.cookie })).text());
      expect(notas.map((f) => f[0])).toEqual(dia.notas.filas.map((n) => n.numero));
      const entradas = await gente.auditoria();
      expect(entradas.find((e) => e.accion === 'cierre.exportacion')).toMatchObject({ operador: 'Ana Dueña', objetivo: 'cierre notas' });
    });

    it('shows the close to staff but refuses them the CSV (403), and asks a stale owner to sign in again', async () => {
      expect((await gente.api('GET', `/cierre?desde=${hoy}`, { cookie: luis.cookie })).status).toBe(200);
      const res = await gente.api('GET', `/cierre.csv?tabla=pedidos&desde=${hoy}`, { cookie: luis.cookie });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ mensaje: 'Solo dueña o dueño de la tienda puede hacer esto.' });
      reloj.avanzar(15 * 60 * 1000);
      const rancia = await gente.api('GET', `/cierre.csv?tabla=pedidos&desde=${hoy}`, { cookie: ana.cookie });
      expect(rancia.status).toBe(403);
      await gente.reautenticar(ana.cookie, ana);
      expect((await gente.api('GET', `/cierre.csv?tabla=pedidos&desde=${hoy}`, { cookie: ana.cookie })).status).toBe(200);
    });
  });

  it('counts an order on the Lima day it was paid: 23:59 is that day, 00:01 the next', async () => {
    const tarde = (await pedidoPagado(shop, [[plain[4]!, 1]])).idVenta;
    const temprano = (await pedidoPagado(shop, [[plain[5]!, 2]])).idVenta;
    const db = shop.database.db;
    await db
      .update(pedidos)
      .set({ pagado: new Date('2026-03-10T23:59:00-05:00') })
      .where(eq(pedidos.id, tarde));
    await db
      .update(pedidos)
      .set({ pagado: new Date('2026-03-11T00:01:00-05:00') })
      .where(eq(pedidos.id, temprano));
    const diez = await cierre('desde=2026-03-10');
    const once = await cierre('desde=2026-03-11&hasta=2026-03-11');
    expect(diez.pedidos.map((p) => [p.id, p.dia])).toEqual([[tarde, '2026-03-10']]);
    expect(diez.ventas.total).toBe(await totalDe(tarde));
    expect(once.pedidos.map((p) => [p.id, p.dia])).toEqual([[temprano, '2026-03-11']]);
    expect(once.ventas.total).toBe(await totalDe(temprano));
    const ambos = await cierre('desde=2026-03-10&hasta=2026-03-11');
    expect(ambos.ventas).toEqual({ pedidos: 2, total: (await totalDe(tarde)) + (await totalDe(temprano)) });
    // In UTC both are on the 11th: the close is not.
    expect((await cierre('desde=2026-03-09')).pedidos).toEqual([]);
  });

  it('refuses bad dates, periods, days and tables with a 400 in Spanish', async () => {
    const casos: [string, string][] = [
      ['/cierre', 'Indica la fecha como AAAA-MM-DD.'],
      ['/cierre?desde=ayer', 'Indica la fecha como AAAA-MM-DD (por ejemplo 2026-11-28).'],
      ['/cierre?desde=28/11/2026', 'Indica la fecha como AAAA-MM-DD (por ejemplo 2026-11-28).'],
      ['/cierre?desde=2026-02-30', 'Esa fecha no existe en el calendario.'],
      ['/cierre?desde=2026-11-10&hasta=2026-11-01', 'La fecha final no puede ser anterior a la inicial.'],
      ['/cierre?desde=2026-01-01&hasta=2026-12-31', 'Un cierre abarca como máximo 92 días: elige un periodo más corto.'],
      ['/cierre/ventas?dias=7', 'Los días del gráfico deben ser 30 o 90.'],
      [
        '/cierre.csv?tabla=clientes&desde=2026-11-01',
        'La tabla debe ser una de: metodos, pedidos, reembolsos, notas, series, comprobantes, productos, marcas, ventas.',
      ],
      ['/cierre.csv?tabla=pedidos&desde=2026-13-01', 'Esa fecha no existe en el calendario.'],
    ];
    for (const [ruta, mensaje] of casos) {
      const res = await admin('GET', ruta);
      expect([ruta, res.status, await res.json()]).toEqual([ruta, 400, { mensaje }]);
    }
  });
});

/** A local stub of Mercado Pago's API (undici MockAgent): preferences, and payments as the test sets them. */
function mercadoPagoStub() {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const api = agent.get('https://api.mercadopago.com');
  const payments = new Map<string, Record<string, unknown>>();
  let n = 0;
  api
    .intercept({ path: '/checkout/preferences/', method: 'POST' })
    .reply(() => {
      const id = `987-pref-${++n}`;
      return { statusCode: 201, data: { id, init_point: `https://www.mercadopago.com.pe/checkout/v1/redirect?pref_id=${id}` } };
    })
    .persist();
  api
    .intercept({ path: /^\/v1\/payments\/\d+$/, method: 'GET' })
    .reply((request) => {
      const payment = payments.get(request.path.split('/').pop()!);
      return payment ? { statusCode: 200, data: payment } : { statusCode: 404, data: { message: 'Payment not found', status: 404 } };
    })
    .persist();
  return { agent, payments };
}

describeEachDatabase('The daily close of Checkout Pro payments through Mercado Pago', (target) => {
  const SITE = 'https://tienda.example.pe';
  const SECRET = 'secreto-del-webhook-cierre';
  let shop: TestShop;
  let stub: ReturnType<typeof mercadoPagoStub>;
  beforeAll(async () => {
    stub = mercadoPagoStub();
    const pasarela = mercadoPagoPasarela({
      accessToken: 'APP_USR-cierre',
      siteUrl: SITE,
      fetchOptions: { dispatcher: stub.agent, maxRetries: 0 },
    });
    shop = await openShop(target, {
      pasarela,
      config: { adminToken: TOKEN, mpAccessToken: 'APP_USR-cierre', mpWebhookSecret: SECRET, siteUrl: SITE },
    });
  });
  afterAll(async () => {
    await shop?.close();
    await stub?.agent.close();
  });

  /** An order paid through Mercado Pago: its payment as the stub reports it, notified by a signed webhook. */
  async function pagadoEnMercadoPago(usuario: string, producto: Producto, pagoId: string, extra: Record<string, unknown>) {
    const customer = await shop.customer(usuario);
    const { idVenta } = await placeOrder(shop, customer, producto);
    const [pedido] = await shop.database.db.select().from(pedidos).where(eq(pedidos.id, idVenta));
    stub.payments.set(pagoId, {
      id: Number(pagoId),
      status: 'approved',
      status_detail: 'accredited',
      external_reference: String(idVenta),
      currency_id: 'PEN',
      transaction_amount: pedido!.total / 100,
      payment_type_id: 'credit_card',
      payment_method_id: 'visa',
      ...extra,
    });
    const res = await shop.call('POST', `/webhooks/mercadopago?data.id=${pagoId}&type=payment`, {
      headers: {
        'x-request-id': `req-${pagoId}`,
        'x-signature': signNotification(SECRET, { dataId: pagoId, requestId: `req-${pagoId}` }, String(Math.floor(Date.now() / 1000))),
      },
      body: { type: 'payment', data: { id: pagoId } },
    });
    expect(res.status).toBe(200);
    await runJobsUntilIdle(shop);
    return { idVenta, total: pedido!.total };
  }

  it("keeps the fee and net Mercado Pago reports, and says 'sin dato' where it reports none", async () => {
    const [a, b] = plainProducts(await shop.catalogue()).sort((x, y) => y.precio - x.precio);
    const conDato = await pagadoEnMercadoPago('cierremp1', a!, '7001', {
      fee_details: [
        { type: 'mercadopago_fee', amount: 3.99, fee_payer: 'collector' },
        { type: 'financing_fee', amount: 9, fee_payer: 'payer' },
      ],
      transaction_details: { net_received_amount: a!.precio - 3.99 },
    });
    const sinDato = await pagadoEnMercadoPago('cierremp2', b!, '7002', {});
    const [guardado] = await shop.database.db.select().from(pagos).where(eq(pagos.id, '7001'));
    expect(guardado).toMatchObject({ comision: 399, neto: conDato.total - 399 });
    expect((await shop.database.db.select().from(pagos).where(eq(pagos.id, '7002')))[0]).toMatchObject({ comision: null, neto: null });

    const hoy = fechaLima(new Date());
    const res = await shop.call('GET', `/admin/api/cierre?desde=${hoy}`, { token: TOKEN });
    expect(res.status).toBe(200);
    const dia = (await res.json()) as Cierre;
    expect(dia.metodos).toEqual([
      { grupo: 'mercadopago', nombre: 'Checkout Pro (Mercado Pago)', pedidos: 2, total: conDato.total + sinDato.total },
    ]);
    expect(dia.mercadoPago).toEqual({
      pedidos: 2,
      bruto: conDato.total + sinDato.total,
      comision: 399,
      neto: conDato.total - 399,
      sinDato: 1,
      brutoSinDato: sinDato.total,
    });
    expect(dia.pedidos.find((p) => p.id === sinDato.idVenta)).toMatchObject({ comision: null, neto: null });
    const csv = filasCsv(await (await shop.call('GET', `/admin/api/cierre.csv?tabla=pedidos&desde=${hoy}`, { token: TOKEN })).text());
    expect(csv.map((f) => [f[0], f[9], f[10]])).toEqual([
      [String(conDato.idVenta), '3.99', ((conDato.total - 399) / 100).toFixed(2)],
      [String(sinDato.idVenta), 'sin dato', 'sin dato'],
    ]);
  });
});

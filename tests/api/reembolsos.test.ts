import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { MockAgent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreferenciaCreada } from '../../src/lib/api/checkout-schemas.ts';
import type { CambioEstadoRespuesta } from '../../src/lib/api/orders-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import type { OperatorEnv } from '../../src/server/admin/audit.ts';
import { handleError } from '../../src/server/http/errors.ts';
import {
  auditoria,
  comprobantes,
  cuponesUsuario,
  devoluciones,
  pedidoLineas,
  pedidoHistorial,
  reembolsos,
  reembolsosPrueba,
  trabajos,
} from '../../src/server/db/schema/index.ts';
import { devolucionRoutes } from '../../src/server/payments/devoluciones-routes.ts';
import { ReembolsoRechazado, type Pasarela } from '../../src/server/payments/gateway.ts';
import { mercadoPagoPasarela } from '../../src/server/payments/mercadopago.ts';
import { pruebaPasarela } from '../../src/server/payments/prueba.ts';
import { signNotification } from '../../src/server/payments/signature.ts';
import { runBackgroundOnce } from '../../src/server/services.ts';
import { describeEachDatabase } from './databases.ts';
import { entregar, operador, pedidoDe, pedidoPagado, pedidoRow, reembolsosVencidos } from './dinero.ts';
import { lineOf, newKey, openShop, plainProducts, preferenceBody, PROVINCIA, runJobsUntilIdle, validBody, type TestShop } from './shop.ts';

/**
 * Cancel-and-refund (issue 36, item 4): POST /admin/api/pedidos/{id}/reembolso cancels a paid order not
 * yet delivered through the order's state machine and refunds its payment through the provider, once.
 */
describeEachDatabase('refunds', (target) => {
  describe('through the prueba', () => {
    let shop: TestShop;
    let plain: Producto[];
    /** What the provider does on the next refunds: answer, be unreachable, or refuse. */
    let falla: 'no' | 'red' | 'rechazo' = 'no';
    let llamadas = 0;

    beforeAll(async () => {
      let inner: Pasarela | undefined;
      const pasarela: Pasarela = {
        nombre: 'prueba',
        sandbox: true,
        crearPreferencia: (orden) => inner!.crearPreferencia(orden),
        obtenerPago: (id) => inner!.obtenerPago(id),
        async reembolsar(solicitud) {
          llamadas++;
          if (falla === 'red') throw new Error('connect ECONNREFUSED');
          if (falla === 'rechazo') throw new ReembolsoRechazado('El pago está en mediación.');
          return inner!.reembolsar!(solicitud);
        },
      };
      shop = await openShop(target, { pasarela });
      inner = pruebaPasarela(shop.database.db);
      plain = plainProducts(await shop.catalogue()).sort((a, b) => a.precio - b.precio);
    });
    afterAll(() => shop?.close());

    const refundsOf = (id: number) =>
      shop.database.db.select().from(reembolsos).where(eq(reembolsos.pedidoId, id)).orderBy(asc(reembolsos.id));

    it('cancels a paid order, gives stock and coupon back, annuls its boleta and refunds exactly what was paid, once', async () => {
      const producto = plain[0]!;
      const antes = await shop.stockOf(producto.idProducto);
      const { idVenta, customer } = await pedidoPagado(shop, [[producto, 2]], { cupon: true });
      expect(await shop.stockOf(producto.idProducto)).toBe(antes - 2);
      const pagado = await pedidoRow(shop, idVenta);
      const admin = await operador(shop);
      const res = await admin('POST', `/pedidos/${idVenta}/reembolso`, { motivo: 'Sin stock del tono pedido' });
      expect(res.status, await res.clone().text()).toBe(200);
      const body = (await res.json()) as CambioEstadoRespuesta;
      expect(body.mensaje).toContain(`Se reembolsaron S/ ${(pagado.total / 100).toFixed(2)}`);
      expect(body.pedido.estado).toBe('CANCELADO');
      expect(body.pedido.reembolsos).toEqual([
        expect.objectContaining({ estado: 'aprobado', monto: pagado.total / 100, devolucion: null, quien: expect.any(String) }),
      ]);
      expect(await shop.stockOf(producto.idProducto)).toBe(antes);
      // The refund asked of the provider: the whole payment, to the céntimo, under the order's key.
      const [hecho] = await refundsOf(idVenta);
      expect(hecho).toMatchObject({
        estado: 'aprobado',
        monto: pagado.total,
        pagoId: pagado.pagoId,
        claveIdempotencia: `reembolso:pedido:${idVenta}`,
      });
      const enPrueba = await shop.database.db.select().from(reembolsosPrueba).where(eq(reembolsosPrueba.pagoId, pagado.pagoId!));
      expect(enPrueba).toHaveLength(1);
      expect(enPrueba[0]!.monto).toBe(pagado.total);
      // The coupon is the customer's again.
      expect(pagado.cuponUsuarioId).not.toBeNull();
      const [cupon] = await shop.database.db.select().from(cuponesUsuario).where(eq(cuponesUsuario.id, pagado.cuponUsuarioId!));
      expect(cupon!.usado).toBe(false);
      await runJobsUntilIdle(shop);
      const notas = await shop.database.db
        .select()
        .from(comprobantes)
        .where(and(eq(comprobantes.pedidoId, idVenta), eq(comprobantes.tipo, '07')));
      expect(notas).toHaveLength(1);
      expect(notas[0]).toMatchObject({ motivoCodigo: '01', total: pagado.total });
      const correo = shop.sent.find((m) => m.to === `${customer.usuario}@example.pe` && /cancelamos tu pedido/.test(m.subject));
      expect(correo?.text).toContain('Sin stock del tono pedido');
      expect(correo?.text).toContain('Te devolveremos');
      const audits = await shop.database.db
        .select()
        .from(auditoria)
        .where(eq(auditoria.objetivo, `pedido ${idVenta}`));
      expect(audits.map((a) => a.accion)).toContain('pedido.reembolso');
      const timeline = await shop.database.db.select().from(pedidoHistorial).where(eq(pedidoHistorial.pedidoId, idVenta));
      expect(timeline.some((t) => /Reembolso de S\/ .* hecho por el modo de prueba/.test(t.nota))).toBe(true);
      // The cancellation names who did it (the operator), not 'Sistema'.
      const cancelado = timeline.find((t) => t.estado === 'CANCELADO' && t.nota.includes('Sin stock del tono pedido'));
      expect(cancelado?.actor).toMatch(/^token de operador/);

      // Replayed: refused in Spanish, nothing more refunded.
      const replay = await admin('POST', `/pedidos/${idVenta}/reembolso`, { motivo: 'Sin stock del tono pedido' });
      expect(replay.status).toBe(409);
      expect(((await replay.json()) as { mensaje: string }).mensaje).toMatch(/ya fue cancelado y reembolsado/);
      expect(await refundsOf(idVenta)).toHaveLength(1);
      expect(await shop.database.db.select().from(reembolsosPrueba).where(eq(reembolsosPrueba.pagoId, pagado.pagoId!))).toHaveLength(1);
    });

    it('refunds once when two owners click at once', async () => {
      const { idVenta } = await pedidoPagado(shop, [[plain[2]!, 1]]);
      const admin = await operador(shop);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => admin('POST', `/pedidos/${idVenta}/reembolso`, { motivo: 'Pedido duplicado' })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
      const hechos = await refundsOf(idVenta);
      expect(hechos).toHaveLength(1);
      const pagado = await pedidoRow(shop, idVenta);
      expect(await shop.database.db.select().from(reembolsosPrueba).where(eq(reembolsosPrueba.pagoId, pagado.pagoId!))).toHaveLength(1);
    });

    it('refuses an unpaid order and a delivered one (409, in Spanish), changing nothing', async () => {
      const admin = await operador(shop);
      const { idVenta: sinPagar } = await pedidoDe(shop, [[plain[3]!, 1]]);
      const unpaid = await admin('POST', `/pedidos/${sinPagar}/reembolso`, { motivo: 'No lo quiere' });
      expect(unpaid.status).toBe(409);
      expect(((await unpaid.json()) as { mensaje: string }).mensaje).toBe(
        `El pedido N.° ${sinPagar} no está pagado: no hay nada que reembolsar.`,
      );
      expect((await pedidoRow(shop, sinPagar)).estado).toBe('PENDIENTE');

      const { idVenta: entregado } = await pedidoPagado(shop, [[plain[3]!, 1]]);
      await entregar(shop, entregado, true);
      const delivered = await admin('POST', `/pedidos/${entregado}/reembolso`, { motivo: 'No lo quiere' });
      expect(delivered.status).toBe(409);
      expect(((await delivered.json()) as { mensaje: string }).mensaje).toMatch(/ya fue entregado: no se cancela; registra una devolución/);
      expect((await pedidoRow(shop, entregado)).estado).toBe('ENTREGADO');
      expect(await refundsOf(entregado)).toHaveLength(0);

      expect((await admin('POST', `/pedidos/999999/reembolso`, { motivo: 'No existe' })).status).toBe(404);
      expect((await admin('POST', `/pedidos/${entregado}/reembolso`, { motivo: '' })).status).toBe(400);
    });

    it('refunds a paid order someone already cancelled without its refund, once', async () => {
      const { idVenta } = await pedidoPagado(shop, [[plain[4]!, 1]]);
      const admin = await operador(shop);
      expect((await admin('POST', `/pedidos/${idVenta}/estado`, { estado: 'CANCELADO', nota: 'Cliente desistió' })).status).toBe(200);
      const res = await admin('POST', `/pedidos/${idVenta}/reembolso`, { motivo: 'Cliente desistió' });
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await admin('POST', `/pedidos/${idVenta}/reembolso`, { motivo: 'Cliente desistió' })).status).toBe(409);
      expect(await refundsOf(idVenta)).toEqual([expect.objectContaining({ estado: 'aprobado' })]);
    });

    it('keeps the order cancelled and the refund pending when the provider is down, then retries it once through the job', async () => {
      const { idVenta } = await pedidoPagado(shop, [[plain[5]!, 1]]);
      const pagado = await pedidoRow(shop, idVenta);
      const admin = await operador(shop);
      falla = 'red';
      const res = await admin('POST', `/pedidos/${idVenta}/reembolso`, { motivo: 'Sin stock' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as CambioEstadoRespuesta).mensaje).toMatch(/quedó pendiente: el proveedor no respondió y se reintentará/);
      expect((await pedidoRow(shop, idVenta)).estado).toBe('CANCELADO');
      expect(await refundsOf(idVenta)).toEqual([expect.objectContaining({ estado: 'pendiente', monto: pagado.total })]);
      // Still down at the first retry: pending still.
      await reembolsosVencidos(shop);
      await runBackgroundOnce(shop.services);
      expect((await refundsOf(idVenta))[0]!.estado).toBe('pendiente');
      falla = 'no';
      await reembolsosVencidos(shop);
      await runBackgroundOnce(shop.services);
      expect(await refundsOf(idVenta)).toEqual([expect.objectContaining({ estado: 'aprobado', monto: pagado.total })]);
      expect(await shop.database.db.select().from(reembolsosPrueba).where(eq(reembolsosPrueba.pagoId, pagado.pagoId!))).toHaveLength(1);
      // Nothing left to retry.
      const [job] = await shop.database.db
        .select()
        .from(trabajos)
        .where(eq(trabajos.clave, `reembolso:${(await refundsOf(idVenta))[0]!.id}`));
      expect(job!.terminado).not.toBeNull();
    });

    it('marks a refund the provider refuses as failed and tells the shop, the order staying cancelled', async () => {
      const { idVenta } = await pedidoPagado(shop, [[plain[6]!, 1]]);
      const admin = await operador(shop);
      falla = 'rechazo';
      const antes = llamadas;
      const res = await admin('POST', `/pedidos/${idVenta}/reembolso`, { motivo: 'Sin stock' });
      falla = 'no';
      expect(res.status).toBe(200);
      expect(((await res.json()) as CambioEstadoRespuesta).mensaje).toMatch(/no aceptó el reembolso .*devuélvelo a mano/);
      expect(llamadas).toBe(antes + 1);
      expect(await refundsOf(idVenta)).toEqual([expect.objectContaining({ estado: 'fallido' })]);
      await runJobsUntilIdle(shop);
      expect(shop.sent.some((m) => /reembolso no realizado/.test(m.subject))).toBe(true);
      // Not retried: a failed refund is the owner's to make by hand.
      await reembolsosVencidos(shop);
      await runBackgroundOnce(shop.services);
      expect(llamadas).toBe(antes + 1);
    });

    it('lets only an owner who signed in recently refund (403 otherwise)', async () => {
      const { idVenta } = await pedidoPagado(shop, [[plain[7]!, 1]]);
      const como = (rol: 'dueno' | 'personal', fresca: boolean) => {
        const app = new Hono<OperatorEnv>()
          .use('*', async (c, next) => {
            c.set('operador', 'Ana');
            c.set('rol', rol);
            c.set('fresca', fresca);
            await next();
          })
          .route('/', devolucionRoutes(shop.services));
        app.onError(handleError);
        return app.request(`/pedidos/${idVenta}/reembolso`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ motivo: 'Intento' }),
        });
      };
      const personal = await como('personal', true);
      expect(personal.status).toBe(403);
      expect(((await personal.json()) as { mensaje: string }).mensaje).toMatch(/^Solo /);
      expect((await como('dueno', false)).status).toBe(403);
      expect((await pedidoRow(shop, idVenta)).estado).toBe('EN PREPARACION');
      expect(await refundsOf(idVenta)).toHaveLength(0);
      // Without the operator's token at all: 401, nothing changed.
      expect((await shop.call('POST', `/admin/api/pedidos/${idVenta}/reembolso`, { body: { motivo: 'Intento' } })).status).toBe(401);
    });
  });

  describe('through Mercado Pago (a local stub of its API, the official SDK calling it)', () => {
    const SITE = 'https://tienda.example.pe';
    const SECRET = 'secreto-del-webhook';
    let shop: TestShop;
    let plain: Producto[];
    const agent = new MockAgent();
    const refunds: { paymentId: string; body: Record<string, unknown>; key: string }[] = [];
    const payments = new Map<string, Record<string, unknown>>();
    let modo: 'ok' | 'cae' | 'rechaza' = 'ok';
    let paymentIds = 5_000_000;

    beforeAll(async () => {
      agent.disableNetConnect();
      const api = agent.get('https://api.mercadopago.com');
      api
        .intercept({ path: '/checkout/preferences/', method: 'POST' })
        .reply(() => ({ statusCode: 201, data: { id: `pref-${newKey()}`, init_point: 'https://www.mercadopago.com.pe/checkout' } }))
        .persist();
      api
        .intercept({ path: /^\/v1\/payments\/\d+$/, method: 'GET' })
        .reply((request) => {
          const payment = payments.get(request.path.split('/').pop()!);
          return payment ? { statusCode: 200, data: payment } : { statusCode: 404, data: { message: 'Payment not found', status: 404 } };
        })
        .persist();
      const byKey = new Map<string, Record<string, unknown>>();
      api
        .intercept({ path: /^\/v1\/payments\/\d+\/refunds$/, method: 'POST' })
        .reply((request) => {
          if (modo === 'cae') return { statusCode: 503, data: { message: 'service unavailable', status: 503 } };
          if (modo === 'rechaza') return { statusCode: 400, data: { message: 'Payment too old to be refunded', status: 400 } };
          const headers = Object.fromEntries(
            Object.entries(request.headers as Record<string, string>).map(([k, v]) => [k.toLowerCase(), String(v)]),
          );
          const key = headers['x-idempotency-key']!;
          const paymentId = request.path.split('/')[3]!;
          const body = JSON.parse(String(request.body)) as Record<string, unknown>;
          refunds.push({ paymentId, body, key });
          const known = byKey.get(key) ?? {
            id: 9_000_000 + byKey.size,
            payment_id: Number(paymentId),
            amount: body.amount,
            status: 'approved',
          };
          byKey.set(key, known);
          return { statusCode: 201, data: known };
        })
        .persist();
      const pasarela = mercadoPagoPasarela({
        accessToken: 'APP_USR-prueba',
        siteUrl: SITE,
        fetchOptions: { dispatcher: agent, maxRetries: 0 },
      });
      shop = await openShop(target, { pasarela, config: { mpAccessToken: 'APP_USR-prueba', mpWebhookSecret: SECRET, siteUrl: SITE } });
      plain = plainProducts(await shop.catalogue()).sort((a, b) => a.precio - b.precio);
    });
    afterAll(async () => {
      await shop?.close();
      await agent.close();
    });

    /** A delivery order with a coupon paid through Mercado Pago (its webhook applied). */
    async function pagadoPorMercadoPago() {
      const customer = await shop.customer(`mp${process.pid}x${++paymentIds}`);
      const body = await validBody(
        shop,
        customer,
        preferenceBody(customer.id, [lineOf(plain[0]!, 2), lineOf(plain[1]!)], {
          metodo: PROVINCIA,
          codigo: `BIENVENIDA-${customer.usuario.toUpperCase()}`,
        }),
      );
      const res = await shop.call('POST', `/carrito/create-preference/${customer.id}`, {
        token: customer.token,
        body,
        headers: { 'Idempotency-Key': newKey() },
      });
      expect(res.status).toBe(200);
      const { idVenta } = (await res.json()) as PreferenciaCreada;
      const pedido = await pedidoRow(shop, idVenta);
      const id = String(paymentIds);
      payments.set(id, {
        id: Number(id),
        status: 'approved',
        status_detail: 'accredited',
        external_reference: String(idVenta),
        currency_id: 'PEN',
        transaction_amount: pedido.total / 100,
        payment_type_id: 'credit_card',
      });
      const notified = await shop.call('POST', `/webhooks/mercadopago?data.id=${id}&type=payment&source_news=webhooks`, {
        headers: {
          'x-request-id': `req-${id}`,
          'x-signature': signNotification(SECRET, { dataId: id, requestId: `req-${id}` }, String(Math.floor(Date.now() / 1000))),
        },
        body: { action: 'payment.created', type: 'payment', data: { id } },
      });
      expect(notified.status).toBe(200);
      await runJobsUntilIdle(shop);
      const pagado = await pedidoRow(shop, idVenta);
      expect(pagado.estado).toBe('EN PREPARACION');
      return pagado;
    }

    it('refunds the whole payment through PaymentRefund with the order’s key, to the céntimo, once', async () => {
      const pagado = await pagadoPorMercadoPago();
      expect(pagado.descuento).toBeGreaterThan(0);
      const admin = await operador(shop);
      const res = await admin('POST', `/pedidos/${pagado.id}/reembolso`, { motivo: 'El cliente se arrepintió' });
      expect(res.status, await res.clone().text()).toBe(200);
      const mios = refunds.filter((r) => r.paymentId === pagado.pagoId);
      expect(mios).toHaveLength(1);
      expect(Math.round(Number(mios[0]!.body.amount) * 100)).toBe(pagado.total);
      expect(mios[0]!.key).toBe(`reembolso:pedido:${pagado.id}`);
      const [hecho] = await shop.database.db.select().from(reembolsos).where(eq(reembolsos.pedidoId, pagado.id));
      expect(hecho).toMatchObject({ estado: 'aprobado', pasarela: 'mercadopago', monto: pagado.total });
      expect(hecho!.idProveedor).toMatch(/^9\d{6}$/);
      expect((await admin('POST', `/pedidos/${pagado.id}/reembolso`, { motivo: 'Otra vez' })).status).toBe(409);
      expect(refunds.filter((r) => r.paymentId === pagado.pagoId)).toHaveLength(1);

      // Mercado Pago then reports the payment refunded: the shop's own refund, noted, no alert to decide anything.
      payments.set(pagado.pagoId!, { ...payments.get(pagado.pagoId!)!, status: 'refunded', status_detail: 'refunded' });
      const antes = shop.sent.length;
      const notified = await shop.call('POST', `/webhooks/mercadopago?data.id=${pagado.pagoId}&type=payment&source_news=webhooks`, {
        headers: {
          'x-request-id': `req-r-${pagado.pagoId}`,
          'x-signature': signNotification(
            SECRET,
            { dataId: pagado.pagoId!, requestId: `req-r-${pagado.pagoId}` },
            String(Math.floor(Date.now() / 1000)),
          ),
        },
        body: { action: 'payment.updated', type: 'payment', data: { id: pagado.pagoId } },
      });
      expect(notified.status).toBe(200);
      await runJobsUntilIdle(shop);
      expect(shop.sent.slice(antes).filter((m) => /pago devuelto/.test(m.subject))).toEqual([]);
      const timeline = await shop.database.db.select().from(pedidoHistorial).where(eq(pedidoHistorial.pedidoId, pagado.id));
      expect(
        timeline.some((t) => t.nota === `Mercado Pago confirmó la devolución del pago ${pagado.pagoId}, reembolsado por la tienda.`),
      ).toBe(true);
    });

    it('refunds a returned unit of a delivered order as a partial refund of exactly its charged price', async () => {
      const pagado = await pagadoPorMercadoPago();
      await entregar(shop, pagado.id, false);
      const [linea] = await shop.database.db
        .select()
        .from(pedidoLineas)
        .where(eq(pedidoLineas.pedidoId, pagado.id))
        .orderBy(asc(pedidoLineas.id));
      const admin = await operador(shop);
      const res = await admin('POST', `/pedidos/${pagado.id}/devolucion`, {
        motivo: 'Sellado, no le gustó el tono',
        lineas: [{ idProducto: linea!.productoId, color: linea!.color, tamano: linea!.tamano, cantidad: 1, revendible: true }],
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const [devolucion] = await shop.database.db.select().from(devoluciones).where(eq(devoluciones.pedidoId, pagado.id));
      const mios = refunds.filter((r) => r.paymentId === pagado.pagoId);
      expect(mios).toHaveLength(1);
      expect(mios[0]!.key).toBe(`reembolso:devolucion:${devolucion!.id}`);
      expect(Math.round(Number(mios[0]!.body.amount) * 100)).toBe(linea!.precioCobrado);
      expect(linea!.precioCobrado).toBeLessThan(linea!.precioConDescuento);
    });

    it('leaves the refund pending while Mercado Pago is down and retries it with the same key; a refusal is final', async () => {
      const pagado = await pagadoPorMercadoPago();
      const admin = await operador(shop);
      modo = 'cae';
      expect((await admin('POST', `/pedidos/${pagado.id}/reembolso`, { motivo: 'Sin stock' })).status).toBe(200);
      expect((await pedidoRow(shop, pagado.id)).estado).toBe('CANCELADO');
      const [pendiente] = await shop.database.db.select().from(reembolsos).where(eq(reembolsos.pedidoId, pagado.id));
      expect(pendiente!.estado).toBe('pendiente');
      modo = 'ok';
      await reembolsosVencidos(shop);
      await runBackgroundOnce(shop.services);
      const [hecho] = await shop.database.db.select().from(reembolsos).where(eq(reembolsos.pedidoId, pagado.id));
      expect(hecho!.estado).toBe('aprobado');
      const mios = refunds.filter((r) => r.paymentId === pagado.pagoId);
      expect(mios).toHaveLength(1);
      expect(mios[0]!.key).toBe(`reembolso:pedido:${pagado.id}`);

      const otro = await pagadoPorMercadoPago();
      modo = 'rechaza';
      const res = await admin('POST', `/pedidos/${otro.id}/reembolso`, { motivo: 'Sin stock' });
      modo = 'ok';
      expect(res.status).toBe(200);
      const [fallido] = await shop.database.db.select().from(reembolsos).where(eq(reembolsos.pedidoId, otro.id));
      expect(fallido).toMatchObject({ estado: 'fallido' });
      expect(fallido!.mensaje).toMatch(/Mercado Pago no aceptó el reembolso \(HTTP 400\)/);
    });
  });
});

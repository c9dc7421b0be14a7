import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ResultadoLote } from '../../src/lib/api/backoffice-schemas.ts';
import type { CambioEstadoRespuesta } from '../../src/lib/api/orders-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import type { TransferenciaReservada } from '../../src/lib/api/transferencia-schemas.ts';
import { REAUTENTICAR, SOLO_ROL } from '../../src/server/admin/roles.ts';
import { pedidoHistorial, pedidoLineas, reembolsos } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';
import { entregar, pedidoPagado } from './dinero.ts';
import { configConPersonas, personas, relojDePrueba, type PersonaDePrueba } from './personas.ts';
import { lineOf, newKey, openShop, plainProducts, preferenceBody, PROVINCIA, validBody, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';
const MIN = 60_000;

/**
 * Roles with real people (issue 36): the refund and return routes, the bulk move and the transfer's
 * confirmation called with the `kb_personal` session of a person signed in with password and TOTP,
 * not a small app that sets the role. Who did it is the person's name from the database, on the audit
 * trail and the order's timeline.
 */
describeEachDatabase('roles with real people: refunds, returns, bulk moves and transfers', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  const reloj = relojDePrueba();
  const p = personas(() => shop, TOKEN, reloj);
  const { api, json } = p;
  let duena: PersonaDePrueba;
  let luis: PersonaDePrueba;
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
  const timeline = async (id: number) =>
    shop.database.db.select().from(pedidoHistorial).where(eq(pedidoHistorial.pedidoId, id)).orderBy(asc(pedidoHistorial.id));

  beforeAll(async () => {
    shop = await openShop(target, { config: configConPersonas(TOKEN, reloj) });
    plain = plainProducts(await shop.catalogue()).sort((a, b) => a.precio - b.precio);
    duena = await p.alta('rosa@example.pe', 'dueno', 'Rosa Díaz');
    luis = await p.alta('luis@example.pe', 'personal', 'Luis Huamán');
  });
  afterAll(() => shop?.close());

  it('refund: staff get 403; a stale owner is asked to sign in again; fresh after re-authenticating, the refund is done in her name', async () => {
    const { idVenta } = await pedidoPagado(shop, [[plain[0]!, 1]]);
    const cuerpo = { motivo: 'La clienta se arrepintió' };
    const staff = await api('POST', `/pedidos/${idVenta}/reembolso`, { cookie: luis.cookie, body: cuerpo });
    expect([staff.status, await mensaje(staff)]).toEqual([403, SOLO_ROL('dueno')]);

    reloj.avanzar(11 * MIN);
    const rancia = await api('POST', `/pedidos/${idVenta}/reembolso`, { cookie: duena.cookie, body: cuerpo });
    expect([rancia.status, await mensaje(rancia)]).toEqual([403, REAUTENTICAR]);
    expect(await shop.database.db.select().from(reembolsos).where(eq(reembolsos.pedidoId, idVenta))).toEqual([]);

    await p.reautenticar(duena.cookie, duena);
    const hecho = await json<CambioEstadoRespuesta>(
      await api('POST', `/pedidos/${idVenta}/reembolso`, { cookie: duena.cookie, body: cuerpo }),
    );
    expect(hecho.pedido.estado).toBe('CANCELADO');
    expect(hecho.pedido.reembolsos).toEqual([expect.objectContaining({ estado: 'aprobado', quien: 'Rosa Díaz' })]);
    expect((await timeline(idVenta)).find((paso) => paso.estado === 'CANCELADO')).toMatchObject({ actor: 'Rosa Díaz' });
    expect((await p.auditoria()).find((e) => e.accion === 'pedido.reembolso' && e.objetivo === `pedido ${idVenta}`)).toMatchObject({
      operador: 'Rosa Díaz',
      despues: { estado: 'CANCELADO', motivo: cuerpo.motivo },
    });
  });

  it('return: staff get 403; a stale owner is asked to sign in again; fresh, the return and its refund carry her name', async () => {
    const { idVenta } = await pedidoPagado(shop, [[plain[1]!, 2]], { metodo: PROVINCIA });
    await entregar(shop, idVenta, false);
    const [linea] = await shop.database.db.select().from(pedidoLineas).where(eq(pedidoLineas.pedidoId, idVenta));
    const cuerpo = {
      motivo: 'Producto sellado, no lo quiso',
      lineas: [{ idProducto: linea!.productoId, color: linea!.color, tamano: linea!.tamano, cantidad: 1, revendible: true }],
    };
    const staff = await api('POST', `/pedidos/${idVenta}/devolucion`, { cookie: luis.cookie, body: cuerpo });
    expect([staff.status, await mensaje(staff)]).toEqual([403, SOLO_ROL('dueno')]);
    reloj.avanzar(11 * MIN);
    const rancia = await api('POST', `/pedidos/${idVenta}/devolucion`, { cookie: duena.cookie, body: cuerpo });
    expect([rancia.status, await mensaje(rancia)]).toEqual([403, REAUTENTICAR]);

    await p.reautenticar(duena.cookie, duena);
    const hecho = await json<CambioEstadoRespuesta>(
      await api('POST', `/pedidos/${idVenta}/devolucion`, { cookie: duena.cookie, body: cuerpo }),
    );
    expect(hecho.pedido.reembolsos).toEqual([expect.objectContaining({ quien: 'Rosa Díaz' })]);
    const [reembolso] = await shop.database.db.select().from(reembolsos).where(eq(reembolsos.pedidoId, idVenta));
    expect(reembolso).toMatchObject({ quien: 'Rosa Díaz' });
    expect((await p.auditoria()).find((e) => e.accion === 'pedido.devolucion' && e.objetivo === `pedido ${idVenta}`)).toMatchObject({
      operador: 'Rosa Díaz',
    });
  });

  it('bulk move and transfer confirmation: staff may; the audit trail and the timeline name the person, never a header', async () => {
    const uno = await pedidoPagado(shop, [[plain[2]!, 1]], { metodo: PROVINCIA });
    const dos = await pedidoPagado(shop, [[plain[3]!, 1]], { metodo: PROVINCIA });
    // A self-declared name is ignored for a person: the session says who it is.
    const lote = await json<ResultadoLote>(
      await api('POST', '/pedidos/lote', {
        cookie: luis.cookie,
        headers: { 'X-Operador': 'Alguien más' },
        body: {
          ids: [uno.idVenta, dos.idVenta],
          estado: 'EN TRANSITO',
          envios: [
            { idVenta: uno.idVenta, courier: 'Olva', guia: 'OLV-5001' },
            { idVenta: dos.idVenta, courier: 'Shalom', guia: 'SHA-5002' },
          ],
        },
      }),
    );
    expect(lote.resultados.map((r) => r.ok)).toEqual([true, true]);
    for (const { idVenta } of [uno, dos]) {
      expect((await timeline(idVenta)).at(-1)).toMatchObject({ estado: 'EN TRANSITO', actor: 'Luis Huamán' });
    }
    const entradas = await p.auditoria();
    for (const { idVenta } of [uno, dos])
      expect(entradas.find((e) => e.accion === 'pedido.estado' && e.objetivo === `pedido ${idVenta}`)).toMatchObject({
        operador: 'Luis Huamán',
      });

    // A transfer order of a new customer, confirmed by the staff member.
    const customer = await shop.customer(`transfiere-roles${process.pid}`);
    const body = await validBody(shop, customer, preferenceBody(customer.id, [lineOf(plain[4]!, 1)]));
    const reservada = await shop.call('POST', `/carrito/transferencia/${customer.id}`, {
      token: customer.token,
      body,
      headers: { 'Idempotency-Key': newKey() },
    });
    const { idVenta } = (await reservada.json()) as TransferenciaReservada;
    const confirmada = await json<CambioEstadoRespuesta>(
      await api('POST', `/pedidos/${idVenta}/confirmar-transferencia`, {
        cookie: luis.cookie,
        headers: { 'X-Operador': 'Alguien más' },
        body: { operacion: 'OPROLES123' },
      }),
    );
    expect(confirmada.pedido.estado).not.toBe('PENDIENTE');
    expect((await timeline(idVenta)).some((paso) => paso.actor === 'Luis Huamán')).toBe(true);
    expect((await p.auditoria()).find((e) => e.accion === 'pedido.transferencia' && e.objetivo.includes(String(idVenta)))).toMatchObject({
      operador: 'Luis Huamán',
    });
    expect((await p.auditoria()).some((e) => e.operador.includes('Alguien más'))).toBe(false);
  });
});

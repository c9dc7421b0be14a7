import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  DetallePedidoBackoffice,
  InicioRespuesta,
  NotaInterna,
  PaginaPedidos,
  ResultadoLote,
} from '../../src/lib/api/backoffice-schemas.ts';
import type { EntradaAuditoria } from '../../src/lib/api/operator-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { fechaLima } from '../../src/lib/dates.ts';
import { avisosStock, pedidos, trabajos } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, payDePrueba, placeOrder, plainProducts, PROVINCIA, runJobsUntilIdle, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-mesa-0123456789';

describeEachDatabase('orders desk and home (issue 36)', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let next = 0;
  const admin = (method: string, path: string, body?: unknown) =>
    shop.call(method, path, { token: TOKEN, body, headers: { 'X-Operador': 'Ana' } });
  const json = async <T>(res: Response): Promise<T> => {
    if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
  const pagina = (query = '') => admin('GET', `/admin/api/pedidos${query}`).then((res) => json<PaginaPedidos>(res));
  const detalle = (id: number) =>
    admin('GET', `/admin/api/pedidos/${id}`).then((res) => json<{ pedido: DetallePedidoBackoffice }>(res).then((r) => r.pedido));
  const home = () => admin('GET', '/admin/api/inicio').then((res) => json<InicioRespuesta>(res));
  const totalDe = async (id: number) => (await shop.database.db.select().from(pedidos).where(eq(pedidos.id, id)))[0]!.total;

  /** A new customer's order: paid unless told otherwise; pickup unless `metodo` says delivery. */
  async function order(options: { metodo?: string; pagar?: boolean; cantidad?: number } = {}) {
    const customer = await shop.customer(`mesa${++next}`);
    const preferencia = await placeOrder(shop, customer, plain[next % 4]!, {
      cantidad: options.cantidad ?? 1,
      metodo: options.metodo,
    });
    if (options.pagar !== false) expect((await payDePrueba(shop, preferencia.id, 'approved')).ok).toBe(true);
    return { customer, id: preferencia.idVenta, correo: `${customer.usuario}@example.pe` };
  }

  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN } });
    plain = plainProducts(await shop.catalogue()).slice(0, 6);
  });
  afterAll(() => shop?.close());

  it("adds up today's, yesterday's and the weeks' paid sales exact to the céntimo (Lima time), and lists what waits", async () => {
    const vacio = await home();
    expect(vacio.hoy).toEqual({ soles: 0, pedidos: 0, ticketPromedio: 0 });
    const a = await order({ cantidad: 2 });
    const b = await order({ cantidad: 3, metodo: PROVINCIA });
    const c = await order({ cantidad: 1 });
    await order({ pagar: false }); // unpaid: no sale
    const cancelado = await order();
    // A paid order cancelled is no sale.
    expect(
      (await admin('POST', `/admin/api/pedidos/${cancelado.id}/estado`, { estado: 'CANCELADO', nota: 'Sin stock real.' })).status,
    ).toBe(200);
    // Three orders paid a moment ago wait to be prepared, none late yet (read before c is moved to yesterday,
    // which is late or not by the weekday the suite runs on: one working day after a weekday, not after a Sunday).
    const de = (r: InicioRespuesta, clave: string) => r.pendientes.find((p) => p.clave === clave)!;
    expect(de(await home(), 'por-preparar')).toMatchObject({ cantidad: 3, urgente: false, enlace: '/admin/pedidos?vista=por-preparar' });
    // c was paid yesterday (Lima).
    await shop.database.db.execute(sql`UPDATE pedidos SET pagado = pagado - interval '1 day' WHERE id = ${c.id}`);
    const [ta, tb, tc] = [await totalDe(a.id), await totalDe(b.id), await totalDe(c.id)];
    const figuras = await home();
    expect(figuras.hoy).toEqual({ soles: (ta + tb) / 100, pedidos: 2, ticketPromedio: Math.round((ta + tb) / 2) / 100 });
    expect(figuras.ayer).toEqual({ soles: tc / 100, pedidos: 1, ticketPromedio: tc / 100 });
    const hoy = fechaLima(new Date());
    const lunes = new Date(`${hoy}T00:00:00Z`).getUTCDay() === 1;
    // Yesterday belongs to last week when today is Monday.
    expect(figuras.semana.soles).toBe((lunes ? ta + tb : ta + tb + tc) / 100);
    expect(figuras.semanaAnterior.soles).toBe(lunes ? tc / 100 : 0);

    const claves = figuras.pendientes.map((p) => p.clave);
    expect(claves).toEqual([
      'por-preparar',
      'recojo-sin-recoger',
      'reclamos',
      'resenas',
      'comprobantes',
      'alertas-pago',
      'agotados-con-avisos',
      'stock-bajo',
      'transferencias',
      'tienda-demo',
    ]);
    for (const p of figuras.pendientes) expect(p.enlace).toMatch(/^\/admin\//);
    expect(de(figuras, 'por-preparar')).toMatchObject({ cantidad: 3, detalle: expect.stringContaining('hace 24 horas') });

    // Paid ten days ago and still not prepared: late, red.
    await shop.database.db.execute(sql`UPDATE pedidos SET pagado = pagado - interval '10 days' WHERE id = ${a.id}`);
    // A transfer waiting, a product low on stock, a sold-out one with people waiting.
    const transferencia = await order({ pagar: false });
    await shop.database.db.execute(sql`UPDATE pedidos SET metodo_pago = 'transferencia' WHERE id = ${transferencia.id}`);
    const [bajo, agotado] = [plain[4]!, plain[5]!];
    await shop.setStock(bajo.idProducto, 2);
    await shop.setStock(agotado.idProducto, 0);
    await shop.database.db.insert(avisosStock).values([
      { productoId: agotado.idProducto, correo: 'espera1@example.pe', clave: 'a'.repeat(32) },
      { productoId: agotado.idProducto, correo: 'espera2@example.pe', clave: 'b'.repeat(32) },
    ]);
    const despues = await home();
    expect(de(despues, 'por-preparar')).toMatchObject({ cantidad: 3, urgente: true, detalle: expect.stringContaining('hace 1') });
    expect(de(despues, 'transferencias')).toMatchObject({ cantidad: 1 });
    expect(de(despues, 'stock-bajo').cantidad).toBeGreaterThanOrEqual(1);
    expect(de(despues, 'agotados-con-avisos')).toMatchObject({ cantidad: 1, detalle: '2 aviso(s) en espera' });
    // The late order is flagged in the list too.
    const fila = (await pagina(`?q=${a.id}`)).pedidos.find((p) => p.idVenta === a.id)!;
    expect(fila).toMatchObject({ atrasado: true, estado: 'EN PREPARACION' });
    expect(fila.edadHoras).toBeGreaterThanOrEqual(240);
  });

  it('filters, searches without accents or case, sorts and pages on the server; a bad query is a Spanish 400', async () => {
    const envio = await order({ metodo: PROVINCIA, cantidad: 2 });
    const recojo = await order();
    const pendiente = await order({ pagar: false });
    await shop.database.db.execute(
      sql`UPDATE pedidos SET nombre = 'María José', apellido = 'Peña Núñez', documento_numero = '40414243' WHERE id = ${envio.id}`,
    );

    const todos = await pagina();
    expect(todos.total).toBeGreaterThanOrEqual(3);
    expect(todos.pagina).toBe(1);
    const fechas = todos.pedidos.map((p) => Date.parse(p.fecha));
    expect(fechas).toEqual([...fechas].sort((x, y) => y - x));

    // Search: by name without accents or case, e-mail, part of the document, the order's number exactly.
    for (const q of ['maria pena', 'NÚÑEZ', 'peña núñez', '4041424']) {
      expect((await pagina(`?q=${encodeURIComponent(q)}`)).pedidos.map((p) => p.idVenta)).toEqual([envio.id]);
    }
    expect((await pagina(`?q=${encodeURIComponent(recojo.correo)}`)).pedidos.map((p) => p.idVenta)).toEqual([recojo.id]);
    // A short number is the order's own, exactly (not every document with that digit in it); 'N.° 12' and '#12' too.
    for (const q of [String(pendiente.id), `N.° ${pendiente.id}`, `#${pendiente.id}`]) {
      expect((await pagina(`?q=${encodeURIComponent(q)}`)).pedidos.map((p) => p.idVenta)).toEqual([pendiente.id]);
    }
    expect((await pagina(`?q=${encodeURIComponent('%')}`)).total).toBe(0);

    // Filters: state (several), delivery, district (no accents), payment method, dates.
    const estados = await pagina(`?estado=${encodeURIComponent('PENDIENTE,EN TRANSITO')}`);
    expect(estados.pedidos.every((p) => ['PENDIENTE', 'EN TRANSITO'].includes(p.estado))).toBe(true);
    expect(estados.pedidos.map((p) => p.idVenta)).toContain(pendiente.id);
    const envios = await pagina('?entrega=envio');
    expect(envios.pedidos.every((p) => !p.recojo)).toBe(true);
    expect(envios.pedidos.map((p) => p.idVenta)).toContain(envio.id);
    const cayma = await pagina('?distrito=CÁYMA');
    expect(cayma.pedidos.map((p) => p.idVenta)).toContain(envio.id);
    expect(cayma.pedidos.every((p) => p.distrito === 'Cayma')).toBe(true);
    expect((await pagina('?metodo=transferencia-no')).total).toBe(0);
    const hoy = fechaLima(new Date());
    expect((await pagina(`?desde=${hoy}&hasta=${hoy}`)).total).toBe(todos.total);
    expect((await pagina('?hasta=2020-01-01')).total).toBe(0);

    // The row carries what lets staff act without opening it.
    const fila = (await pagina(`?q=${envio.id}`)).pedidos.find((p) => p.idVenta === envio.id)!;
    expect(fila).toMatchObject({
      cliente: 'María José Peña Núñez',
      documento: 'DNI 40414243',
      distrito: 'Cayma',
      metodo_pago: 'mercadopago',
      productos: 2,
      atrasado: false,
      courier: null,
      guia: null,
      resumen: expect.stringMatching(/ ×2$/),
    });

    // Sort by total, and page through: two pages of 2 never repeat an order.
    const mayor = await pagina('?orden=total-mayor&porPagina=200');
    const totales = mayor.pedidos.map((p) => p.total);
    expect(totales).toEqual([...totales].sort((x, y) => y - x));
    const menor = await pagina('?orden=total-menor&porPagina=200');
    expect(menor.pedidos.map((p) => p.total)).toEqual([...totales].reverse());
    const uno = await pagina('?porPagina=2&pagina=1');
    const dos = await pagina('?porPagina=2&pagina=2');
    expect(uno.pedidos).toHaveLength(2);
    expect(dos.pagina).toBe(2);
    expect(dos.total).toBe(uno.total);
    expect(uno.pedidos.map((p) => p.idVenta).filter((id) => dos.pedidos.some((p) => p.idVenta === id))).toEqual([]);
    expect((await pagina('?porPagina=2&pagina=9999')).pedidos).toEqual([]);

    for (const [query, texto] of [
      ['?estado=ENVIADO', 'El estado debe ser uno de:'],
      ['?vista=todas', 'La vista debe ser una de:'],
      ['?pagina=0', 'La página debe ser un número entero'],
      ['?porPagina=500', 'El tamaño de página debe ser un número entero de 1 a 200.'],
      ['?desde=2026-02-30', 'La fecha desde debe ser una fecha AAAA-MM-DD.'],
      ['?desde=2026-03-02&hasta=2026-03-01', 'La fecha desde no puede ser posterior a la fecha hasta.'],
      ['?orden=alfabetico', 'El orden debe ser uno de:'],
      ['?entrega=dron', "La entrega debe ser 'recojo' o 'envio'."],
      ['?color=rojo', 'Filtro desconocido: color.'],
      [`?q=${'x'.repeat(101)}`, 'La búsqueda admite hasta 100 caracteres.'],
    ]) {
      const res = await admin('GET', `/admin/api/pedidos${query}`);
      expect(res.status, query).toBe(400);
      expect(await mensaje(res)).toContain(texto);
    }
  });

  it('keeps the saved views: por preparar, por enviar, recojo en tienda, con alerta', async () => {
    const envio = await order({ metodo: PROVINCIA });
    const recojo = await order();
    const pendiente = await order({ pagar: false });
    const ids = async (vista: string) => (await pagina(`?vista=${vista}&porPagina=200`)).pedidos.map((p) => p.idVenta);
    expect(await ids('por-preparar')).toEqual(expect.arrayContaining([envio.id, recojo.id]));
    expect(await ids('por-preparar')).not.toContain(pendiente.id);
    // A queue reads oldest first.
    const cola = await pagina('?vista=por-preparar&porPagina=200');
    const fechas = cola.pedidos.map((p) => Date.parse(p.fecha));
    expect(fechas).toEqual([...fechas].sort((x, y) => x - y));
    expect(await ids('por-enviar')).toContain(envio.id);
    expect(await ids('por-enviar')).not.toContain(recojo.id);
    expect(await ids('recojo')).toContain(recojo.id);
    expect(await ids('recojo')).not.toContain(envio.id);
    expect((await admin('POST', `/admin/api/pedidos/${recojo.id}/estado`, { estado: 'LISTO PARA RECOGER' })).status).toBe(200);
    expect(await ids('recojo')).toContain(recojo.id);
    expect(await ids('por-preparar')).not.toContain(recojo.id);
    expect(await ids('con-alerta')).not.toContain(envio.id);
    // A second approved payment of a paid order: money to give back, the order flagged.
    const [fila] = await shop.database.db.select().from(pedidos).where(eq(pedidos.id, envio.id));
    await shop.database.db.execute(
      sql`INSERT INTO pagos (id, pedido_id, pasarela, estado, monto, moneda) VALUES ('segundo-pago-mesa', ${envio.id}, 'prueba', 'approved', ${fila!.total}, 'PEN')`,
    );
    expect(await ids('con-alerta')).toEqual([envio.id]);
    expect((await pagina(`?q=${envio.id}`)).pedidos.find((p) => p.idVenta === envio.id)!.alerta).toBe('pago por devolver');
    const alertas = (await home()).pendientes.find((p) => p.clave === 'alertas-pago')!;
    expect(alertas).toMatchObject({ cantidad: 1, urgente: true, enlace: '/admin/pedidos?vista=con-alerta' });
    await shop.database.db.execute(sql`DELETE FROM pagos WHERE id = 'segundo-pago-mesa'`);
  });

  it('ships three orders in one bulk move: the one that may not go is refused, the others done, audited and e-mailed', async () => {
    const uno = await order({ metodo: PROVINCIA });
    const dos = await order({ metodo: PROVINCIA });
    const pendiente = await order({ metodo: PROVINCIA, pagar: false });
    shop.sent.length = 0;
    const res = await admin('POST', '/admin/api/pedidos/lote', {
      ids: [uno.id, pendiente.id, dos.id],
      estado: 'EN TRANSITO',
      envios: [
        { idVenta: uno.id, courier: 'Olva', guia: 'OLV-1001' },
        { idVenta: pendiente.id, courier: 'olva', guia: 'OLV-1002' },
        { idVenta: dos.id, courier: 'Shalom', guia: 'SHA-2002' },
      ],
    });
    const lote = await json<ResultadoLote>(res);
    expect(lote.resultados.map((r) => [r.idVenta, r.ok])).toEqual([
      [uno.id, true],
      [pendiente.id, false],
      [dos.id, true],
    ]);
    expect(lote.resultados[1]!.mensaje).toContain('aún no se ha pagado');
    expect(lote.mensaje).toBe('2 de 3 pedidos pasaron a «En Tránsito»; 1 no se movió (mira el motivo de cada uno).');
    const [p1, p2, p3] = [await detalle(uno.id), await detalle(dos.id), await detalle(pendiente.id)];
    expect(p1).toMatchObject({ estado: 'EN TRANSITO', acciones: expect.arrayContaining(['corregir-guia']) });
    expect(p2.estado).toBe('EN TRANSITO');
    expect(p3.estado).toBe('PENDIENTE');
    // The last courier anyone used prefills the next shipment.
    expect(p3.ultimoCourier).toBe('shalom');
    const auditoria = await json<{ entradas: EntradaAuditoria[] }>(await admin('GET', '/admin/api/auditoria?limite=20'));
    const movidos = auditoria.entradas.filter((e) => e.accion === 'pedido.estado' && e.despues?.estado === 'EN TRANSITO');
    expect(movidos.map((e) => e.objetivo).sort()).toEqual([`pedido ${dos.id}`, `pedido ${uno.id}`].sort());
    expect(auditoria.entradas.some((e) => e.objetivo === `pedido ${pendiente.id}`)).toBe(false);
    await runJobsUntilIdle(shop);
    expect(shop.sent.filter((m) => m.to === uno.correo && m.text.includes('OLV-1001'))).toHaveLength(1);
    expect(shop.sent.filter((m) => m.to === dos.correo && m.text.includes('SHA-2002'))).toHaveLength(1);
    expect(shop.sent.some((m) => m.to === pendiente.correo && m.subject.includes('camino'))).toBe(false);

    // 'avisar: false' moves without e-mail; more ids than the setting allows, a repeated id or an EN TRANSITO without its guía are refused.
    const callado = await order({ metodo: PROVINCIA });
    await runJobsUntilIdle(shop);
    shop.sent.length = 0;
    const sinAviso = await json<ResultadoLote>(
      await admin('POST', '/admin/api/pedidos/lote', {
        ids: [callado.id],
        estado: 'EN TRANSITO',
        envios: [{ idVenta: callado.id, courier: 'urbano', guia: 'URB-3003' }],
        avisar: false,
      }),
    );
    expect(sinAviso.resultados[0]!.ok).toBe(true);
    await runJobsUntilIdle(shop);
    expect(shop.sent.filter((m) => m.to === callado.correo)).toEqual([]);
    const otro = await order({ metodo: PROVINCIA });
    const faltaGuia = await json<ResultadoLote>(await admin('POST', '/admin/api/pedidos/lote', { ids: [otro.id], estado: 'EN TRANSITO' }));
    expect(faltaGuia.resultados[0]).toEqual({
      idVenta: otro.id,
      ok: false,
      mensaje: `Indica el courier y el número de guía del pedido N.° ${otro.id}.`,
    });
    expect((await detalle(otro.id)).estado).toBe('EN PREPARACION');
    const preparar = await json<ResultadoLote>(
      await admin('POST', '/admin/api/pedidos/lote', { ids: [otro.id], estado: 'EN PREPARACION' }),
    );
    expect(preparar.resultados[0]!.ok).toBe(false);
    const sinGuia = await json<ResultadoLote>(
      await admin('POST', '/admin/api/pedidos/lote', { ids: [callado.id + 100_000], estado: 'ENTREGADO' }),
    );
    expect(sinGuia.resultados[0]).toEqual({
      idVenta: callado.id + 100_000,
      ok: false,
      mensaje: `No existe el pedido N.° ${callado.id + 100_000}.`,
    });
    const muchos = await admin('POST', '/admin/api/pedidos/lote', {
      ids: Array.from({ length: 101 }, (_, i) => i + 1),
      estado: 'ENTREGADO',
    });
    expect(muchos.status).toBe(400);
    expect(await mensaje(muchos)).toBe('Un lote admite hasta 100 pedidos; divídelo en partes.');
    const repetido = await admin('POST', '/admin/api/pedidos/lote', { ids: [1, 1], estado: 'ENTREGADO' });
    expect(await mensaje(repetido)).toBe('Un pedido aparece dos veces en el lote.');
    const cancelar = await admin('POST', '/admin/api/pedidos/lote', { ids: [1], estado: 'CANCELADO' });
    expect(cancelar.status).toBe(400);
  });

  it('corrects a guía only after shipping: audited with before and after, the customer told the new tracking', async () => {
    const envio = await order({ metodo: PROVINCIA });
    const antes = await admin('POST', `/admin/api/pedidos/${envio.id}/guia`, { courier: 'olva', guia: 'OLV-5555' });
    expect(antes.status).toBe(409);
    expect(await mensaje(antes)).toContain('La guía se corrige solo en un pedido EN TRANSITO');
    expect(
      (await admin('POST', `/admin/api/pedidos/${envio.id}/estado`, { estado: 'EN TRANSITO', courier: 'olva', guia: 'OLV-5555' })).status,
    ).toBe(200);
    await runJobsUntilIdle(shop);
    shop.sent.length = 0;
    const res = await admin('POST', `/admin/api/pedidos/${envio.id}/guia`, { courier: 'Shalom', guia: 'SHA-7777' });
    const { mensaje: dicho, pedido } = await json<{ mensaje: string; pedido: DetallePedidoBackoffice }>(res);
    expect(dicho).toBe(`Pedido N.° ${envio.id}: guía corregida a Shalom SHA-7777. Avisaremos a ${envio.correo} por correo.`);
    expect(pedido.estado).toBe('EN TRANSITO');
    const [fila] = await shop.database.db.select().from(pedidos).where(eq(pedidos.id, envio.id));
    expect([fila!.courier, fila!.guia]).toEqual(['shalom', 'SHA-7777']);
    expect(pedido.pasos.at(-1)).toMatchObject({ estado: 'EN TRANSITO', nota: 'Guía corregida: Olva Courier OLV-5555 → Shalom SHA-7777.' });
    const auditoria = await json<{ entradas: EntradaAuditoria[] }>(await admin('GET', '/admin/api/auditoria?limite=5'));
    const entrada = auditoria.entradas.find((e) => e.accion === 'pedido.guia' && e.objetivo === `pedido ${envio.id}`)!;
    expect(entrada).toMatchObject({ antes: { courier: 'olva', guia: 'OLV-5555' }, despues: { courier: 'shalom', guia: 'SHA-7777' } });
    expect(pedido.pasos.at(-1)!.actor).toBe(entrada.operador);
    await runJobsUntilIdle(shop);
    expect(shop.sent.filter((m) => m.to === envio.correo)).toHaveLength(1);
    expect(shop.sent[0]!.text).toContain('SHA-7777');
    // The same guía again, an unknown courier, a bad guía, an unknown order.
    expect((await admin('POST', `/admin/api/pedidos/${envio.id}/guia`, { courier: 'shalom', guia: 'SHA-7777' })).status).toBe(409);
    expect((await admin('POST', `/admin/api/pedidos/${envio.id}/guia`, { courier: 'DHL', guia: 'SHA-7777' })).status).toBe(400);
    expect((await admin('POST', `/admin/api/pedidos/${envio.id}/guia`, { courier: 'shalom', guia: 'x' })).status).toBe(400);
    expect((await admin('POST', '/admin/api/pedidos/999999/guia', { courier: 'shalom', guia: 'SHA-7777' })).status).toBe(404);
    // Without telling the customer.
    shop.sent.length = 0;
    expect(
      (await admin('POST', `/admin/api/pedidos/${envio.id}/guia`, { courier: 'urbano', guia: 'URB-8888', avisar: false })).status,
    ).toBe(200);
    await runJobsUntilIdle(shop);
    expect(shop.sent).toEqual([]);
  });

  it('opens nothing without the operator token, and moves one order without e-mail when told not to tell', async () => {
    const envio = await order({ metodo: PROVINCIA });
    const customer = envio.customer;
    for (const [method, path, body] of [
      ['GET', '/admin/api/pedidos'],
      ['GET', '/admin/api/inicio'],
      ['GET', `/admin/api/pedidos/${envio.id}`],
      ['GET', `/admin/api/pedidos/hojas?ids=${envio.id}`],
      ['POST', '/admin/api/pedidos/lote', { ids: [envio.id], estado: 'ENTREGADO' }],
      ['POST', `/admin/api/pedidos/${envio.id}/guia`, { courier: 'olva', guia: 'OLV-1111' }],
      ['POST', `/admin/api/pedidos/${envio.id}/notas`, { texto: 'hola' }],
      ['POST', `/admin/api/pedidos/${envio.id}/reenviar-correo`],
    ] as [string, string, unknown?][]) {
      for (const token of [undefined, customer.token, `${TOKEN}x`]) {
        expect((await shop.call(method, path, { token, body })).status, `${method} ${path}`).toBe(401);
      }
    }
    expect((await detalle(envio.id)).notasInternas).toEqual([]);
    await runJobsUntilIdle(shop);
    shop.sent.length = 0;
    const res = await admin('POST', `/admin/api/pedidos/${envio.id}/estado`, {
      estado: 'EN TRANSITO',
      courier: 'olva',
      guia: 'OLV-2222',
      avisar: false,
    });
    expect(await mensaje(res)).toBe(`Pedido N.° ${envio.id}: pasó a EN TRANSITO. No se avisó al cliente.`);
    await runJobsUntilIdle(shop);
    expect(shop.sent).toEqual([]);
    expect((await admin('POST', `/admin/api/pedidos/${envio.id}/estado`, { estado: 'ENTREGADO', avisar: 'no' })).status).toBe(400);
  });

  it('keeps internal notes, resends the last e-mail, draws packing slips, and names who took each step', async () => {
    const envio = await order({ metodo: PROVINCIA });
    const nota = await json<{ mensaje: string; nota: NotaInterna }>(
      await admin('POST', `/admin/api/pedidos/${envio.id}/notas`, { texto: 'Cliente pidió envolver para regalo.' }),
    );
    expect(nota.nota).toMatchObject({ texto: 'Cliente pidió envolver para regalo.', autor: expect.any(String) });
    expect((await admin('POST', `/admin/api/pedidos/${envio.id}/notas`, { texto: '   ' })).status).toBe(400);
    expect((await admin('POST', '/admin/api/pedidos/999999/notas', { texto: 'Hola' })).status).toBe(404);
    // Never shown to the customer.
    const suyo = await shop.call('GET', `/api/detalle-pedido/${envio.id}`, { token: envio.customer.token });
    expect(await suyo.text()).not.toContain('envolver para regalo');

    // Resend: the payment's confirmation first, then the latest state's notice.
    await runJobsUntilIdle(shop);
    shop.sent.length = 0;
    const reenvio = await admin('POST', `/admin/api/pedidos/${envio.id}/reenviar-correo`);
    expect(await mensaje(reenvio)).toBe(`Pedido N.° ${envio.id}: reenviaremos la confirmación del pago a ${envio.correo}.`);
    await runJobsUntilIdle(shop);
    expect(shop.sent.map((m) => m.to)).toEqual([envio.correo]);
    await admin('POST', `/admin/api/pedidos/${envio.id}/estado`, { estado: 'EN TRANSITO', courier: 'olva', guia: 'OLV-4321' });
    await runJobsUntilIdle(shop);
    shop.sent.length = 0;
    expect(await mensaje(await admin('POST', `/admin/api/pedidos/${envio.id}/reenviar-correo`))).toBe(
      `Pedido N.° ${envio.id}: reenviaremos el aviso de EN TRANSITO a ${envio.correo}.`,
    );
    await runJobsUntilIdle(shop);
    expect(shop.sent).toHaveLength(1);
    expect(shop.sent[0]!.text).toContain('OLV-4321');
    const sinCorreo = await order({ pagar: false });
    expect((await admin('POST', `/admin/api/pedidos/${sinCorreo.id}/reenviar-correo`)).status).toBe(409);

    // The detail: steps with their actors, notes, actions.
    const pedido = await detalle(envio.id);
    expect(pedido.notasInternas.map((n) => n.texto)).toEqual(['Cliente pidió envolver para regalo.']);
    const auditoria = await json<{ entradas: EntradaAuditoria[] }>(await admin('GET', '/admin/api/auditoria?limite=5'));
    const operador = auditoria.entradas.find((e) => e.objetivo === `pedido ${envio.id}` && e.accion === 'pedido.estado')!.operador;
    expect(pedido.pasos.map((p) => [p.estado, p.actor])).toEqual([
      ['PENDIENTE', 'Cliente'],
      ['EN PREPARACION', 'Mercado Pago'],
      ['EN TRANSITO', operador],
    ]);
    expect(operador).not.toBe('Sistema');
    expect(pedido.acciones).toEqual(expect.arrayContaining(['corregir-guia', 'reenviar-correo', 'reembolsar']));
    expect(pedido.acciones).not.toContain('devolver');

    // An unpaid order's reservation runs out: the system cancels it.
    const vence = await order({ pagar: false });
    await shop.database.db.execute(sql`UPDATE pedidos SET expira = now() - interval '1 minute' WHERE id = ${vence.id}`);
    await runJobsUntilIdle(shop);
    const vencido = await detalle(vence.id);
    expect(vencido.estado).toBe('CANCELADO');
    expect(vencido.pasos.at(-1)!.actor).toBe('Sistema');

    // Packing slips: the details of several orders, at most 50, all existing.
    const hojas = await json<{ pedidos: DetallePedidoBackoffice[] }>(
      await admin('GET', `/admin/api/pedidos/hojas?ids=${envio.id},${vence.id}`),
    );
    expect(hojas.pedidos.map((p) => p.idVenta)).toEqual([envio.id, vence.id]);
    expect(hojas.pedidos[0]!.productos.length).toBeGreaterThan(0);
    expect((await admin('GET', '/admin/api/pedidos/hojas?ids=1,x')).status).toBe(400);
    expect((await admin('GET', '/admin/api/pedidos/hojas?ids=999999')).status).toBe(404);
    const muchas = await admin('GET', `/admin/api/pedidos/hojas?ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`);
    expect(await mensaje(muchas)).toBe('Se imprimen hasta 50 pedidos a la vez.');
    // Nothing queued without a customer's e-mail left hanging.
    const colgados = await shop.database.db
      .select()
      .from(trabajos)
      .where(sql`terminado IS NULL AND tipo LIKE 'correo-%'`);
    expect(colgados).toEqual([]);
  });
});

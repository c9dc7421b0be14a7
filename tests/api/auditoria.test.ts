import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RespuestaAuditoria } from '../../src/lib/api/auditoria-schemas.ts';
import { OPERACIONES } from '../../src/lib/tienda.ts';
import { audit } from '../../src/server/admin/audit.ts';
import { SOLO_ROL } from '../../src/server/admin/roles.ts';
import { auditoria, productos } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';
import { configConPersonas, personas, relojDePrueba, type PersonaDePrueba } from './personas.ts';
import { openShop, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';

/**
 * The audit trail for the owner (DESIGN.md "The owner's side": every change recorded under the person's
 * name): GET /admin/api/auditoria filtered by person, order, product, action and Lima dates, paged, the
 * owner's only (staff 403; the CLI's token reads it); a wrong filter is a Spanish 400. The table itself
 * refuses UPDATE and DELETE (migration 0031), whoever asks.
 */
describeEachDatabase('Auditoría', (target) => {
  let shop: TestShop;
  const reloj = relojDePrueba();
  const p = personas(() => shop, TOKEN, reloj);
  const { api, json } = p;
  let duena: PersonaDePrueba;
  let luis: PersonaDePrueba;
  let producto: { id: number; sku: string };
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
  /** The database's refusal, as drizzle wraps it (the driver's error is its cause). */
  const rechazada = async (consulta: PromiseLike<unknown>) => {
    const error = await Promise.resolve(consulta).then(
      () => null,
      (fallo: unknown) => fallo as Error & { cause?: Error },
    );
    expect(error, 'the database let it through').not.toBeNull();
    expect(`${error!.message} ${error!.cause?.message ?? ''}`).toMatch(/La auditoría no se modifica ni se borra/);
  };
  const leer = async (consulta = '') => json<RespuestaAuditoria>(await api('GET', `/auditoria${consulta}`, { cookie: duena.cookie }));

  beforeAll(async () => {
    shop = await openShop(target, { config: configConPersonas(TOKEN, reloj) });
    duena = await p.alta('rosa@example.pe', 'dueno', 'Rosa Díaz');
    luis = await p.alta('luis@example.pe', 'personal', 'Luis Huamán');
    const db = shop.database.db;
    // A product with a SKU, to find its entries by either.
    const [primero] = await db.select({ id: productos.id }).from(productos).orderBy(asc(productos.id)).limit(1);
    producto = { id: primero!.id, sku: 'AUD-0001' };
    await db.update(productos).set({ sku: producto.sku }).where(eq(productos.id, producto.id));
    // A known trail: entries on given days (Lima), by two people, on an order, a product and a sheet.
    await db.insert(auditoria).values([
      {
        fecha: new Date('2026-03-01T15:00:00Z'),
        operador: 'Rosa Díaz',
        accion: 'pedido.nota',
        objetivo: 'pedido 7',
        despues: { texto: 'Llamar antes' },
      },
      {
        fecha: new Date('2026-03-02T04:30:00Z'), // 1 March, 23:30 in Lima
        operador: 'Luis Huamán',
        accion: 'pedido.estado',
        objetivo: 'pedido 7',
        antes: { estado: 'EN PREPARACION' },
        despues: { estado: 'EN TRANSITO' },
      },
      {
        fecha: new Date('2026-03-02T15:00:00Z'),
        operador: 'Luis Huamán',
        accion: 'comprobante.reemplazo',
        objetivo: 'comprobante B001-9',
        despues: { pedido: 7 },
      },
      {
        fecha: new Date('2026-03-03T15:00:00Z'),
        operador: 'Rosa Díaz',
        accion: 'pedido.nota',
        objetivo: 'pedido 70',
        despues: { texto: 'Otro' },
      },
      {
        fecha: new Date('2026-03-04T15:00:00Z'),
        operador: 'Rosa Díaz',
        accion: 'producto.editar',
        objetivo: `producto ${producto.id} (${producto.sku})`,
        antes: { precio: 59.9 },
        despues: { precio: 64.5 },
      },
      { fecha: new Date('2026-03-05T15:00:00Z'), operador: 'clave: caja', accion: 'reclamo.respuesta', objetivo: 'hoja LR-2026-000001' },
    ]);
  });
  afterAll(() => shop?.close());

  it('is the owner’s only: staff get 403 (and no entry), a signed-in owner and the CLI’s token read it', async () => {
    const staff = await api('GET', '/auditoria', { cookie: luis.cookie });
    expect([staff.status, await mensaje(staff)]).toEqual([403, SOLO_ROL('dueno')]);
    expect((await api('GET', '/auditoria?limite=1', { token: TOKEN })).status).toBe(200);
    const todo = await leer('?limite=1000');
    expect(todo.total).toBeGreaterThanOrEqual(6);
    expect(todo.personas).toEqual(expect.arrayContaining(['Rosa Díaz', 'Luis Huamán', 'clave: caja']));
    expect(todo.acciones).toEqual(expect.arrayContaining(['pedido.nota', 'pedido.estado', 'producto.editar', 'reclamo.respuesta']));
    // Newest first.
    const fechas = todo.entradas.map((e) => e.fecha);
    expect(fechas).toEqual([...fechas].sort().reverse());
  });

  it('filters by person, order, product (id or SKU), action and Lima dates, and pages', async () => {
    const objetivos = (r: RespuestaAuditoria) => r.entradas.map((e) => e.objetivo);
    // An order: its own entries and those naming it (a receipt), not order 70.
    const pedido = await leer('?pedido=7');
    expect(objetivos(pedido).sort()).toEqual(['comprobante B001-9', 'pedido 7', 'pedido 7']);
    expect(pedido.entradas.find((e) => e.accion === 'pedido.estado')).toMatchObject({
      operador: 'Luis Huamán',
      antes: { estado: 'EN PREPARACION' },
      despues: { estado: 'EN TRANSITO' },
    });
    expect((await leer(`?pedido=7&persona=${encodeURIComponent('Luis Huamán')}`)).total).toBe(2);
    expect(objetivos(await leer(`?producto=${producto.id}`))).toContain(`producto ${producto.id} (${producto.sku})`);
    expect((await leer(`?producto=${encodeURIComponent(producto.sku)}&accion=producto.editar`)).entradas).toEqual([
      expect.objectContaining({ antes: { precio: 59.9 }, despues: { precio: 64.5 }, operador: 'Rosa Díaz' }),
    ]);
    expect((await leer('?accion=reclamo.respuesta&persona=clave%3A%20caja')).entradas.map((e) => e.objetivo)).toEqual([
      'hoja LR-2026-000001',
    ]);
    // Dates are Lima's days, both ends included: 23:30 on 1 March in Lima is the 1st.
    const primero = await leer('?desde=2026-03-01&hasta=2026-03-01');
    expect(primero.entradas.map((e) => e.accion).sort()).toEqual(['pedido.estado', 'pedido.nota']);
    expect((await leer('?desde=2026-03-02&hasta=2026-03-03')).total).toBe(2);

    // Pages of 2 over the six of March, newest first, none twice.
    const paginas = await Promise.all([1, 2, 3].map((n) => leer(`?desde=2026-03-01&hasta=2026-03-05&limite=2&pagina=${n}`)));
    expect(paginas.map((r) => r.entradas.length)).toEqual([2, 2, 2]);
    expect(paginas[0]!.total).toBe(6);
    expect(new Set(paginas.flatMap((r) => r.entradas.map((e) => e.id))).size).toBe(6);
    expect(paginas[0]!.entradas[0]!.accion).toBe('reclamo.respuesta');
    expect((await leer('?desde=2026-03-01&hasta=2026-03-05&limite=2&pagina=4')).entradas).toEqual([]);
  });

  it('refuses a wrong filter with a Spanish 400, an unknown product with a 404', async () => {
    const casos: [string, string][] = [
      ['?limite=0', `El límite debe ser un número entero de 1 a ${OPERACIONES.auditoriaMaxima}.`],
      ['?limite=abc', `El límite debe ser un número entero de 1 a ${OPERACIONES.auditoriaMaxima}.`],
      [`?limite=${OPERACIONES.auditoriaMaxima + 1}`, `El límite debe ser un número entero de 1 a ${OPERACIONES.auditoriaMaxima}.`],
      ['?pagina=0', 'La página debe ser un número entero desde 1.'],
      ['?pedido=siete', 'El pedido debe ser un número de pedido (entero positivo).'],
      ['?desde=2026-02-30', 'La fecha desde debe ser un día válido AAAA-MM-DD, por ejemplo 2026-11-29.'],
      ['?hasta=ayer', 'La fecha hasta debe ser un día válido AAAA-MM-DD, por ejemplo 2026-11-29.'],
      ['?desde=2026-03-05&hasta=2026-03-01', 'La fecha desde no puede ser posterior a la fecha hasta.'],
      ['?accion=DROP%20TABLE', 'La acción debe escribirse como se registra, por ejemplo reclamo.respuesta.'],
    ];
    for (const [consulta, esperado] of casos) {
      const res = await api('GET', `/auditoria${consulta}`, { cookie: duena.cookie });
      expect([consulta, res.status, await mensaje(res)]).toEqual([consulta, 400, esperado]);
    }
    const sinProducto = await api('GET', '/auditoria?producto=NO-EXISTE-999', { cookie: duena.cookie });
    expect([sinProducto.status, await mensaje(sinProducto)]).toEqual([404, 'No existe el producto NO-EXISTE-999.']);
  });

  it('nobody edits or deletes the trail: the database refuses UPDATE and DELETE, even of no row; entries are still added', async () => {
    const db = shop.database.db;
    const antes = await db.select().from(auditoria).orderBy(asc(auditoria.id));
    await rechazada(db.execute(sql`UPDATE auditoria SET operador = 'nadie'`));
    await rechazada(db.update(auditoria).set({ despues: null }).where(eq(auditoria.operador, 'Rosa Díaz')));
    await rechazada(db.execute(sql`DELETE FROM auditoria`));
    await rechazada(db.delete(auditoria).where(eq(auditoria.id, -1)));
    await rechazada(
      db.transaction(async (tx) => {
        await audit(tx, 'Rosa Díaz', [{ accion: 'prueba', objetivo: 'nada' }]);
        await tx.execute(sql`DELETE FROM auditoria WHERE accion = 'prueba'`);
      }),
    );
    expect(await db.select().from(auditoria).orderBy(asc(auditoria.id))).toEqual(antes);
    await audit(db, 'Rosa Díaz', [{ accion: 'prueba.insercion', objetivo: 'auditoría' }]);
    expect((await leer('?accion=prueba.insercion')).total).toBe(1);
  });
});

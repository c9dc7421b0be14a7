import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  cuponSchema,
  type CuponBackoffice,
  type CuponDatos,
  type DetalleCupon,
  type RespuestaCupon,
} from '../../lib/api/cupones-schemas.ts';
import type { EstadoCupon } from '../../lib/api/operator-schemas.ts';
import { toIdList } from '../../lib/cart/coupons.ts';
import { todayInLima, valorCupon } from '../../lib/pricing/coupons.ts';
import { formatSoles, toCentimos, toSoles } from '../../lib/pricing/money.ts';
import type { Db, Tx } from '../db/client.ts';
import { clientes, cuponesClientes, cuponesGlobales, marcas, pedidos, productos } from '../db/schema/index.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { audit, operadorDe, type OperatorEnv } from './audit.ts';
import { globalCouponWire, usosPorCupon } from '../discounts/cupones-tienda.ts';

type CuponRow = typeof cuponesGlobales.$inferSelect;

/** Where a coupon stands on `hoy` (Lima's date), as checkout would judge it (storefront §5; issue 37: ended, uses taken). */
export function estadoCupon(
  row: Pick<CuponRow, 'activo' | 'fechaInicio' | 'fechaFin'> & Partial<Pick<CuponRow, 'terminado' | 'usosMaximos'>>,
  hoy = todayInLima(),
  usos = 0,
): EstadoCupon {
  if (row.terminado) return 'terminado';
  if (!row.activo) return 'desactivado';
  if (hoy < row.fechaInicio) return 'programado';
  if (hoy > row.fechaFin) return 'vencido';
  if (row.usosMaximos != null && usos >= row.usosMaximos) return 'agotado';
  return 'vigente';
}

/** Coupons as the operator lists them: assignments by name, the customers they are for, their uses and what they took off. */
async function cuponesOperador(db: Db, rows: CuponRow[]): Promise<CuponBackoffice[]> {
  const productIds = [...new Set(rows.flatMap((row) => toIdList(row.assignedProducts)))];
  const brandIds = [...new Set(rows.flatMap((row) => toIdList(row.assignedBrands)))];
  const ids = rows.map((row) => row.id);
  const [productRows, brandRows, clienteRows, usos] = await Promise.all([
    productIds.length
      ? db.select({ id: productos.id, nombre: productos.nombre }).from(productos).where(inArray(productos.id, productIds))
      : [],
    brandIds.length ? db.select({ id: marcas.id, nombre: marcas.nombre }).from(marcas).where(inArray(marcas.id, brandIds)) : [],
    ids.length
      ? db
          .select({ cuponId: cuponesClientes.cuponId, id: clientes.id, nombre: clientes.nombre, correo: clientes.correo })
          .from(cuponesClientes)
          .innerJoin(clientes, eq(cuponesClientes.clienteId, clientes.id))
          .where(inArray(cuponesClientes.cuponId, ids))
          .orderBy(asc(clientes.id))
      : [],
    usosPorCupon(db, ids),
  ]);
  const productName = new Map(productRows.map((p) => [p.id, p.nombre]));
  const brandName = new Map(brandRows.map((b) => [b.id, b.nombre]));
  const hoy = todayInLima();
  return rows.map((row) => {
    const uso = usos.get(row.id) ?? { usos: 0, descontado: 0 };
    const wire = globalCouponWire(row);
    return {
      id: row.id,
      ...wire,
      estado: estadoCupon(row, hoy, uso.usos),
      productos: toIdList(row.assignedProducts).map((id) => ({ idProducto: id, nombre: productName.get(id) ?? '(ya no existe)' })),
      marcas: toIdList(row.assignedBrands).map((id) => ({ idMarca: id, nombre: brandName.get(id) ?? '(ya no existe)' })),
      usos_maximos: row.usosMaximos,
      uno_por_cliente: row.unoPorCliente,
      terminado: row.terminado?.toISOString() ?? null,
      clientes: clienteRows.filter((c) => c.cuponId === row.id).map((c) => ({ idCliente: c.id, nombre: c.nombre, correo: c.correo })),
      usos: uso.usos,
      descontado: toSoles(uso.descontado),
    };
  });
}

/** Products named by id or SKU, as ids; unknown ones are a 400 naming them. */
async function productIds(db: Db | Tx, refs: (number | string)[]): Promise<number[]> {
  if (refs.length === 0) return [];
  const numeros = refs
    .filter((ref): ref is number => typeof ref === 'number')
    .concat(refs.filter((ref): ref is string => typeof ref === 'string' && /^\d{1,9}$/.test(ref)).map(Number));
  const skus = refs.filter((ref): ref is string => typeof ref === 'string').map((ref) => ref.replace(/^sku:/i, ''));
  const rows = await db
    .select({ id: productos.id, sku: productos.sku })
    .from(productos)
    .where(
      sql`${numeros.length ? inArray(productos.id, numeros) : sql`false`} OR ${skus.length ? inArray(productos.sku, skus) : sql`false`}`,
    );
  const byId = new Set(rows.map((row) => row.id));
  const bySku = new Map(rows.filter((row) => row.sku).map((row) => [row.sku!, row.id]));
  const ids: number[] = [];
  const missing: string[] = [];
  for (const ref of refs) {
    const texto = String(ref).replace(/^sku:/i, '');
    const id =
      typeof ref === 'number'
        ? byId.has(ref)
          ? ref
          : undefined
        : (bySku.get(texto) ?? (/^\d{1,9}$/.test(texto) && byId.has(Number(texto)) ? Number(texto) : undefined));
    if (id === undefined) missing.push(String(ref));
    else if (!ids.includes(id)) ids.push(id);
  }
  if (missing.length) throw clientError(400, `No existen estos productos: ${missing.join(', ')} (indica su idProducto o su SKU).`);
  return ids;
}

/** Brands named by name (any case) or id, as ids; unknown ones are a 400 naming them. */
async function brandIds(db: Db | Tx, refs: (number | string)[]): Promise<number[]> {
  if (refs.length === 0) return [];
  const rows = await db.select({ id: marcas.id, nombre: marcas.nombre }).from(marcas);
  const byName = new Map(rows.map((row) => [row.nombre.trim().toLowerCase(), row.id]));
  const byId = new Set(rows.map((row) => row.id));
  const ids: number[] = [];
  const missing: string[] = [];
  for (const ref of refs) {
    const id = typeof ref === 'number' ? (byId.has(ref) ? ref : undefined) : byName.get(ref.trim().toLowerCase());
    if (id === undefined) missing.push(String(ref));
    else if (!ids.includes(id)) ids.push(id);
  }
  if (missing.length) throw clientError(400, `No existen estas marcas: ${missing.join(', ')}.`);
  return ids;
}

/** Customers named by id, e-mail or user name (any case), as ids; unknown ones are a 400 naming them. */
async function clienteIds(db: Db | Tx, refs: (number | string)[]): Promise<number[]> {
  if (refs.length === 0) return [];
  const numeros = refs.filter((ref): ref is number => typeof ref === 'number');
  const textos = refs.filter((ref): ref is string => typeof ref === 'string').map((ref) => ref.trim().toLowerCase());
  const rows = await db
    .select({ id: clientes.id, usuario: clientes.usuario, correo: clientes.correo })
    .from(clientes)
    .where(
      sql`${numeros.length ? inArray(clientes.id, numeros) : sql`false`} OR ${
        textos.length ? sql`lower(${clientes.correo}) IN ${textos} OR lower(${clientes.usuario}) IN ${textos}` : sql`false`
      }`,
    );
  const ids: number[] = [];
  const missing: string[] = [];
  for (const ref of refs) {
    const texto = typeof ref === 'string' ? ref.trim().toLowerCase() : '';
    const row = rows.find((r) =>
      typeof ref === 'number' ? r.id === ref : r.correo.toLowerCase() === texto || r.usuario.toLowerCase() === texto,
    );
    if (!row) missing.push(String(ref));
    else if (!ids.includes(row.id)) ids.push(row.id);
  }
  if (missing.length) throw clientError(400, `No existen estos clientes: ${missing.join(', ')} (indica su id, correo o usuario).`);
  return ids;
}

const porCodigo = (db: Db | Tx, codigo: string) =>
  db
    .select()
    .from(cuponesGlobales)
    .where(sql`lower(${cuponesGlobales.codigo}) = lower(${codigo.trim()})`);

/** The columns a coupon's form sets, with its assignments found by name. */
async function valoresDe(db: Db | Tx, body: CuponDatos) {
  const [assignedProducts, assignedBrands, clientesIds] = [
    (await productIds(db, body.productos)).join(','),
    (await brandIds(db, body.marcas)).join(','),
    await clienteIds(db, body.clientes),
  ];
  const monto = body.tipo === 'monto';
  return {
    valores: {
      codigo: body.codigo,
      tipo: body.tipo,
      descuento: monto ? 0 : body.descuento!,
      monto: monto ? toCentimos(body.monto!) : 0,
      minimo: toCentimos(body.minimo),
      fechaInicio: body.fecha_inicio,
      fechaFin: body.fecha_fin,
      usosMaximos: body.usos_maximos,
      unoPorCliente: body.uno_por_cliente,
      assignedProducts,
      assignedBrands,
    },
    clientesIds,
  };
}

/** What the audit keeps of a coupon's rules. */
const reglas = (row: Omit<CuponRow, 'id' | 'activo' | 'usado' | 'terminado' | 'creado'>, clientesIds: number[]) => ({
  codigo: row.codigo,
  tipo: row.tipo,
  descuento: Number(row.descuento),
  monto: toSoles(row.monto),
  minimo: toSoles(row.minimo),
  fecha_inicio: row.fechaInicio,
  fecha_fin: row.fechaFin,
  usos_maximos: row.usosMaximos,
  uno_por_cliente: row.unoPorCliente,
  assignedProducts: row.assignedProducts,
  assignedBrands: row.assignedBrands,
  clientes: clientesIds.join(','),
});

/** The coupon's rules in a sentence: '15% (desde S/ 100.00, 50 usos en total, uno por cliente)'. */
function resumenReglas(cupon: CuponBackoffice): string {
  const extras = [
    cupon.minimo > 0 ? `pedido mínimo ${formatSoles(cupon.minimo)}` : '',
    cupon.usos_maximos !== null ? `${cupon.usos_maximos} uso(s) en total` : '',
    cupon.uno_por_cliente ? 'uno por cliente' : '',
    cupon.clientes.length ? `solo para ${cupon.clientes.length} cliente(s)` : '',
  ].filter(Boolean);
  const valor = valorCupon({ porcentaje: cupon.descuento, monto: cupon.tipo === 'monto' ? cupon.monto : 0 });
  return `${valor} del ${cupon.fecha_inicio} al ${cupon.fecha_fin}${extras.length ? ` (${extras.join(', ')})` : ''}`;
}

/**
 * The operator's shop coupons (storefront §3 Global discount, checked at checkout by storefront
 * §5's rules; issue 37): list them with where each stands and their uses, read one with its orders,
 * create and edit one (percent or fixed amount, dates, minimum, uses, products, brands, customers),
 * pause (desactivar) and resume (activar), end for good (terminar). Coupons are on no static page, so
 * they move no catalogue version. Every change is audited in its own transaction.
 */
export function couponRoutes(db: Db) {
  const encontrar = async (codigo: string) => {
    const [row] = await porCodigo(db, codigo);
    if (!row) throw clientError(404, `No existe el cupón ${codigo}.`);
    return row;
  };
  const uno = async (id: number) => {
    const [row] = await db.select().from(cuponesGlobales).where(eq(cuponesGlobales.id, id));
    return (await cuponesOperador(db, [row!]))[0]!;
  };
  const cambiarActivo = (activo: boolean) => async (c: Context<OperatorEnv>) => {
    const row = await encontrar(c.req.param('codigo') ?? '');
    if (row.terminado)
      throw clientError(409, `El cupón ${row.codigo} está terminado: no se puede reanudar. Crea uno nuevo si lo necesitas.`);
    if (row.activo === activo) {
      const cupon = await uno(row.id);
      return c.json({ mensaje: `El cupón ${row.codigo} ya estaba ${activo ? 'activo' : 'desactivado'}.`, cupon });
    }
    await db.transaction(async (tx) => {
      await tx.update(cuponesGlobales).set({ activo }).where(eq(cuponesGlobales.id, row.id));
      await audit(tx, operadorDe(c), [
        {
          accion: activo ? 'cupon.activar' : 'cupon.desactivar',
          objetivo: `cupón ${row.codigo}`,
          antes: { activo: row.activo },
          despues: { activo },
        },
      ]);
    });
    const cupon = await uno(row.id);
    return c.json({
      mensaje: `Cupón ${row.codigo} ${activo ? `activado (${cupon.estado})` : 'desactivado: ya no se puede usar'}.`,
      cupon,
    } satisfies RespuestaCupon);
  };
  return new Hono<OperatorEnv>()
    .get('/cupones', async (c) => {
      const rows = await db.select().from(cuponesGlobales).orderBy(asc(cuponesGlobales.id));
      return c.json({ cupones: await cuponesOperador(db, rows) });
    })
    .get('/cupones/:codigo', async (c) => {
      const row = await encontrar(c.req.param('codigo'));
      const filas = await db
        .select({
          idVenta: pedidos.id,
          fecha: pedidos.creado,
          nombre: pedidos.nombre,
          apellido: pedidos.apellido,
          estado: pedidos.estado,
          total: pedidos.total,
          descuento: pedidos.descuentoCupon,
        })
        .from(pedidos)
        .where(eq(pedidos.cuponGlobalId, row.id))
        .orderBy(desc(pedidos.id))
        .limit(50);
      return c.json({
        cupon: await uno(row.id),
        pedidos: filas.map((f) => ({
          idVenta: f.idVenta,
          fecha: f.fecha.toISOString(),
          cliente: `${f.nombre} ${f.apellido}`.trim(),
          estado: f.estado,
          total: toSoles(f.total),
          descuento: toSoles(f.descuento),
        })),
      } satisfies DetalleCupon);
    })
    .post('/cupones', async (c) => {
      const body = await parseBody(c, cuponSchema);
      if ((await porCodigo(db, body.codigo)).length) throw clientError(409, `Ya existe el cupón ${body.codigo}.`);
      const { valores, clientesIds } = await valoresDe(db, body);
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx.insert(cuponesGlobales).values(valores).onConflictDoNothing().returning();
        if (!inserted) throw clientError(409, `Ya existe el cupón ${body.codigo}.`);
        if (clientesIds.length)
          await tx.insert(cuponesClientes).values(clientesIds.map((clienteId) => ({ cuponId: inserted.id, clienteId })));
        const { codigo: _codigo, ...despues } = reglas(inserted, clientesIds);
        await audit(tx, operadorDe(c), [{ accion: 'cupon.crear', objetivo: `cupón ${body.codigo}`, despues }]);
        return inserted;
      });
      const cupon = await uno(row.id);
      const alcance =
        [
          cupon.productos.length ? `${cupon.productos.length} producto(s)` : '',
          cupon.marcas.length ? `marcas ${cupon.marcas.map((m) => m.nombre).join(', ')}` : '',
        ]
          .filter(Boolean)
          .join(' y ') || 'todos los productos sin descuento';
      return c.json(
        {
          mensaje: `Cupón ${row.codigo} creado: ${resumenReglas(cupon)}, para ${alcance} (${cupon.estado}).`,
          cupon,
        } satisfies RespuestaCupon,
        201,
      );
    })
    .put('/cupones/:codigo', async (c) => {
      const body = await parseBody(c, cuponSchema);
      const actual = await encontrar(c.req.param('codigo'));
      if (actual.terminado) throw clientError(409, `El cupón ${actual.codigo} está terminado: ya no se puede editar.`);
      const renombra = body.codigo.toLowerCase() !== actual.codigo.toLowerCase();
      if (renombra) {
        const [usado] = await db.select({ id: pedidos.id }).from(pedidos).where(eq(pedidos.cuponGlobalId, actual.id)).limit(1);
        if (usado)
          throw clientError(409, `El cupón ${actual.codigo} ya se usó en pedidos: su código no puede cambiar. Termínalo y crea otro.`);
        if ((await porCodigo(db, body.codigo)).length) throw clientError(409, `Ya existe el cupón ${body.codigo}.`);
      }
      const { valores, clientesIds } = await valoresDe(db, body);
      const antesClientes = (
        await db.select({ id: cuponesClientes.clienteId }).from(cuponesClientes).where(eq(cuponesClientes.cuponId, actual.id))
      ).map((r) => r.id);
      const antes = reglas(
        actual,
        antesClientes.sort((a, b) => a - b),
      );
      const despues = reglas(
        { ...actual, ...valores, descuento: valores.descuento },
        [...clientesIds].sort((a, b) => a - b),
      );
      const cambios = (Object.keys(despues) as (keyof typeof despues)[]).filter(
        (k) => JSON.stringify(antes[k]) !== JSON.stringify(despues[k]),
      );
      if (cambios.length === 0)
        return c.json({ mensaje: `Sin cambios: el cupón ${actual.codigo} ya tenía esos valores.`, cupon: await uno(actual.id) });
      await db.transaction(async (tx) => {
        // Locked like a checkout takes a use: a change never lands between a checkout's count and its order.
        await tx.select({ id: cuponesGlobales.id }).from(cuponesGlobales).where(eq(cuponesGlobales.id, actual.id)).for('update');
        await tx.update(cuponesGlobales).set(valores).where(eq(cuponesGlobales.id, actual.id));
        await tx.delete(cuponesClientes).where(eq(cuponesClientes.cuponId, actual.id));
        if (clientesIds.length)
          await tx.insert(cuponesClientes).values(clientesIds.map((clienteId) => ({ cuponId: actual.id, clienteId })));
        await audit(tx, operadorDe(c), [
          {
            accion: 'cupon.editar',
            objetivo: `cupón ${actual.codigo}`,
            antes: Object.fromEntries(cambios.map((k) => [k, antes[k]])),
            despues: Object.fromEntries(cambios.map((k) => [k, despues[k]])),
          },
        ]);
      });
      const cupon = await uno(actual.id);
      return c.json({
        mensaje: `Cupón ${cupon.codigo} guardado: ${resumenReglas(cupon)} (${cupon.estado}).`,
        cupon,
      } satisfies RespuestaCupon);
    })
    .post('/cupones/:codigo/terminar', async (c) => {
      const row = await encontrar(c.req.param('codigo'));
      if (row.terminado) return c.json({ mensaje: `El cupón ${row.codigo} ya estaba terminado.`, cupon: await uno(row.id) });
      await db.transaction(async (tx) => {
        await tx.update(cuponesGlobales).set({ activo: false, terminado: new Date() }).where(eq(cuponesGlobales.id, row.id));
        await audit(tx, operadorDe(c), [
          { accion: 'cupon.terminar', objetivo: `cupón ${row.codigo}`, antes: { activo: row.activo }, despues: { terminado: true } },
        ]);
      });
      const cupon = await uno(row.id);
      return c.json({
        mensaje: `Cupón ${row.codigo} terminado: ya no se puede usar ni reanudar. Sus ${cupon.usos} uso(s) quedan en los pedidos.`,
        cupon,
      } satisfies RespuestaCupon);
    })
    .post('/cupones/:codigo/desactivar', cambiarActivo(false))
    .post('/cupones/:codigo/activar', cambiarActivo(true));
}

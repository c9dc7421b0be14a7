import { asc, eq, inArray, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { nuevoCuponSchema, type CuponOperador, type EstadoCupon } from '../../lib/api/operator-schemas.ts';
import { toIdList } from '../../lib/cart/coupons.ts';
import { todayInLima } from '../../lib/pricing/coupons.ts';
import type { Db } from '../db/client.ts';
import { cuponesGlobales, marcas, productos } from '../db/schema/index.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { audit, operadorDe, type OperatorEnv } from './audit.ts';
import { globalCouponWire } from '../discounts/routes.ts';

type CuponRow = typeof cuponesGlobales.$inferSelect;

/** Where a coupon stands on `hoy` (Lima's date), as checkout would judge it (storefront §5). */
export function estadoCupon(row: Pick<CuponRow, 'activo' | 'fechaInicio' | 'fechaFin'>, hoy = todayInLima()): EstadoCupon {
  if (!row.activo) return 'desactivado';
  if (hoy < row.fechaInicio) return 'programado';
  if (hoy > row.fechaFin) return 'vencido';
  return 'vigente';
}

/** Coupons as the operator lists them, with their assignments' names. */
async function cuponesOperador(db: Db, rows: CuponRow[]): Promise<CuponOperador[]> {
  const productIds = [...new Set(rows.flatMap((row) => toIdList(row.assignedProducts)))];
  const brandIds = [...new Set(rows.flatMap((row) => toIdList(row.assignedBrands)))];
  const [productRows, brandRows] = await Promise.all([
    productIds.length
      ? db.select({ id: productos.id, nombre: productos.nombre }).from(productos).where(inArray(productos.id, productIds))
      : [],
    brandIds.length ? db.select({ id: marcas.id, nombre: marcas.nombre }).from(marcas).where(inArray(marcas.id, brandIds)) : [],
  ]);
  const productName = new Map(productRows.map((p) => [p.id, p.nombre]));
  const brandName = new Map(brandRows.map((b) => [b.id, b.nombre]));
  const hoy = todayInLima();
  return rows.map((row) => ({
    id: row.id,
    ...globalCouponWire(row),
    estado: estadoCupon(row, hoy),
    productos: toIdList(row.assignedProducts).map((id) => ({ idProducto: id, nombre: productName.get(id) ?? '(ya no existe)' })),
    marcas: toIdList(row.assignedBrands).map((id) => ({ idMarca: id, nombre: brandName.get(id) ?? '(ya no existe)' })),
  }));
}

/** Products named by id or SKU, as ids; unknown ones are a 400 naming them. */
async function productIds(db: Db, refs: (number | string)[]): Promise<number[]> {
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
async function brandIds(db: Db, refs: (number | string)[]): Promise<number[]> {
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

const porCodigo = (db: Db, codigo: string) =>
  db
    .select()
    .from(cuponesGlobales)
    .where(sql`lower(${cuponesGlobales.codigo}) = lower(${codigo.trim()})`);

/**
 * The operator's shop coupons (storefront §3 Global discount, checked at checkout by storefront
 * §5's rules): list them with where each stands, create one (dates, percent, products or brands),
 * deactivate or reactivate one. Coupons are on no static page, so they move no catalogue version.
 */
export function couponRoutes(db: Db) {
  const cambiarActivo = (activo: boolean) => async (c: Context<OperatorEnv>) => {
    const codigo = c.req.param('codigo') ?? '';
    const [row] = await porCodigo(db, codigo);
    if (!row) throw clientError(404, `No existe el cupón ${codigo}.`);
    const [cupon] = await cuponesOperador(db, [{ ...row, activo }]);
    if (row.activo === activo) return c.json({ mensaje: `El cupón ${row.codigo} ya estaba ${activo ? 'activo' : 'desactivado'}.`, cupon });
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
    return c.json({
      mensaje: `Cupón ${row.codigo} ${activo ? `activado (${cupon!.estado})` : 'desactivado: ya no se puede usar'}.`,
      cupon,
    });
  };
  return new Hono<OperatorEnv>()
    .get('/cupones', async (c) => {
      const rows = await db.select().from(cuponesGlobales).orderBy(asc(cuponesGlobales.id));
      return c.json({ cupones: await cuponesOperador(db, rows) });
    })
    .post('/cupones', async (c) => {
      const body = await parseBody(c, nuevoCuponSchema);
      if ((await porCodigo(db, body.codigo)).length) throw clientError(409, `Ya existe el cupón ${body.codigo}.`);
      const assignedProducts = (await productIds(db, body.productos)).join(',');
      const assignedBrands = (await brandIds(db, body.marcas)).join(',');
      const valores = {
        codigo: body.codigo,
        descuento: body.descuento,
        fechaInicio: body.fecha_inicio,
        fechaFin: body.fecha_fin,
        assignedProducts,
        assignedBrands,
      };
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx.insert(cuponesGlobales).values(valores).onConflictDoNothing().returning();
        if (!inserted) throw clientError(409, `Ya existe el cupón ${body.codigo}.`);
        await audit(tx, operadorDe(c), [
          {
            accion: 'cupon.crear',
            objetivo: `cupón ${body.codigo}`,
            despues: {
              descuento: body.descuento,
              fecha_inicio: body.fecha_inicio,
              fecha_fin: body.fecha_fin,
              assignedProducts,
              assignedBrands,
            },
          },
        ]);
        return inserted;
      });
      const [cupon] = await cuponesOperador(db, [row]);
      const alcance =
        [
          cupon!.productos.length ? `${cupon!.productos.length} producto(s)` : '',
          cupon!.marcas.length ? `marcas ${cupon!.marcas.map((m) => m.nombre).join(', ')}` : '',
        ]
          .filter(Boolean)
          .join(' y ') || 'todos los productos sin descuento';
      return c.json(
        {
          mensaje: `Cupón ${row.codigo} creado: ${cupon!.descuento}% del ${row.fechaInicio} al ${row.fechaFin}, para ${alcance} (${cupon!.estado}).`,
          cupon,
        },
        201,
      );
    })
    .post('/cupones/:codigo/desactivar', cambiarActivo(false))
    .post('/cupones/:codigo/activar', cambiarActivo(true));
}

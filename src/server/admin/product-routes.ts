import { and, asc, count, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ServerConfig } from '../config.ts';
import {
  cambioProductoSchema,
  importacionSchema,
  imagenesExistentesSchema,
  subidaImagenSchema,
  type ProductoOperador,
  type ProductoOperadorRespuesta,
} from '../../lib/api/operator-schemas.ts';
import { consultaStockSchema, type FiltroStock, type PaginaStock } from '../../lib/api/stock-schemas.ts';
import { formatSoles } from '../../lib/pricing/money.ts';
import { STOCK_PANEL } from '../../lib/tienda.ts';
import { motivoStock } from '../catalogue/movimientos.ts';
import { selectProductosOperador } from '../catalogue/queries.ts';
import type { Db } from '../db/client.ts';
import { avisosStock, marcas, productos } from '../db/schema/index.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { consultaSinVacios } from '../../lib/api/pedidos-backoffice-schemas.ts';
import { refuseFile, storedImages, storeImage } from '../images/store.ts';
import { audit, operadorDe, type OperatorEnv } from './audit.ts';
import { motivoCifras, stockTotalTras } from './product-rules.ts';
import { idPorReferencia } from './catalogo/lista.ts';
import { importarLote } from './import/importar.ts';

/** What the product, image and import calls need. */
export interface ProductRoutesDeps {
  db: Db;
  config: Pick<ServerConfig, 'imagenMaximaBytes' | 'mesa'>;
}

/**
 * A product by the reference an operator types: its id (digits) or its SKU; `sku:…` forces a SKU
 * that is all digits. Hidden products included.
 */
export async function productoPorReferencia(db: Db, ref: string): Promise<ProductoOperador | undefined> {
  const id = await idPorReferencia(db, ref);
  if (id === undefined) return undefined;
  const [producto] = await selectProductosOperador(db, eq(productos.id, id));
  return producto;
}

/**
 * A page of the 'Stock' screen (issue 36): 'agotado' is every product with no units that is on sale or
 * that people wait for ('Avísame'), the most awaited first; 'bajo' is every product on sale with 1 to
 * `umbral` units, the fewest first. Ties by name, then id, so pages never overlap.
 */
export async function paginaStock(db: Db, filtro: FiltroStock, pagina: number, umbral: number): Promise<PaginaStock> {
  const porPagina = STOCK_PANEL.porPagina;
  const esperando = db
    .select({ productoId: avisosStock.productoId, n: count().as('n') })
    .from(avisosStock)
    .where(and(isNull(avisosStock.enviado), isNull(avisosStock.baja)))
    .groupBy(avisosStock.productoId)
    .as('esperando');
  const avisos = sql<number>`coalesce(${esperando.n}, 0)::int`;
  const donde: SQL =
    filtro === 'agotado'
      ? and(eq(productos.stock, 0), or(eq(productos.visible, true), gt(avisos, 0)))!
      : and(eq(productos.visible, true), gt(productos.stock, 0), lte(productos.stock, umbral))!;
  const orden =
    filtro === 'agotado'
      ? [desc(avisos), asc(productos.nombre), asc(productos.id)]
      : [asc(productos.stock), asc(productos.nombre), asc(productos.id)];
  const base = () =>
    db
      .select({
        idProducto: productos.id,
        sku: productos.sku,
        nombre: productos.nombre,
        marca: marcas.nombre,
        img: productos.img,
        stock: productos.stock,
        visible: productos.visible,
        avisos,
      })
      .from(productos)
      .innerJoin(marcas, eq(productos.marcaId, marcas.id))
      .leftJoin(esperando, eq(esperando.productoId, productos.id))
      .where(donde);
  const [filas, [cuenta]] = await Promise.all([
    base()
      .orderBy(...orden)
      .limit(porPagina)
      .offset((pagina - 1) * porPagina),
    db.select({ n: count() }).from(productos).leftJoin(esperando, eq(esperando.productoId, productos.id)).where(donde),
  ]);
  return {
    filtro,
    umbral,
    productos: filas.map((fila) => ({ ...fila, img: fila.img.split(',')[0]?.trim() ?? '', avisos: Number(fila.avisos) })),
    total: Number(cuenta?.n ?? 0),
    pagina,
    porPagina,
  };
}

const nombreCorto = (p: ProductoOperador) => `producto ${p.idProducto}${p.sku ? ` (${p.sku})` : ''}`;

/** How each field reads in the answer's sentence. */
const DESCRIBIR: Record<string, (value: unknown) => string> = {
  precio: (v) => `precio ${formatSoles(v as number)}`,
  descuento: (v) => `descuento ${v}%`,
  descuentoN: (v) => `descuento ${formatSoles(v as number)}`,
  stock: (v) => `stock ${v}`,
  stock_total: (v) => `stock total ${v}`,
  visible: (v) => (v ? 'visible en la tienda' : 'oculto en la tienda'),
};

/**
 * The operator's product calls: read one product, change its price, discounts, stock or visibility
 * (PATCH, each change audited, nothing written when nothing changes); upload images to the store;
 * import a batch of catalogue rows.
 */
export function productRoutes({ db, config }: ProductRoutesDeps) {
  return new Hono<OperatorEnv>()
    .get('/productos', async (c) => {
      const parsed = consultaStockSchema.safeParse(consultaSinVacios(c.req.query()));
      if (!parsed.success) throw clientError(400, parsed.error.issues[0]?.message ?? 'La consulta no es válida.');
      const { stock, pagina = 1 } = parsed.data;
      return c.json(await paginaStock(db, stock, pagina, config.mesa.stockBajo));
    })
    .get('/productos/:ref', async (c) => {
      const producto = await productoPorReferencia(db, c.req.param('ref'));
      if (!producto) throw clientError(404, `No existe el producto ${c.req.param('ref')} (indica su idProducto o su SKU).`);
      return c.json({ producto } satisfies ProductoOperadorRespuesta);
    })
    .patch('/productos/:ref', async (c) => {
      const { motivo: motivoEscrito, ...cambio } = await parseBody(c, cambioProductoSchema);
      const encontrado = await productoPorReferencia(db, c.req.param('ref'));
      if (!encontrado) throw clientError(404, `No existe el producto ${c.req.param('ref')} (indica su idProducto o su SKU).`);
      // Read and written under the row's lock: a checkout reserving units at the same moment is neither
      // overwritten (stock_total below is computed from what is there now) nor oversold.
      const hecho = await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        await tx.select({ id: productos.id }).from(productos).where(eq(productos.id, encontrado.idProducto)).for('update');
        const producto = (await productoPorReferencia(tx, String(encontrado.idProducto)))!;
        const despues = { ...cambio };
        if (cambio.stock !== undefined && cambio.stock_total === undefined)
          despues.stock_total = stockTotalTras(cambio.stock, producto.stock_total);
        const motivo = motivoCifras({
          precio: despues.precio ?? producto.precio,
          descuentoN: despues.descuentoN ?? producto.descuentoN,
          stock: despues.stock ?? producto.stock,
          stockTotal: despues.stock_total ?? producto.stock_total,
        });
        if (motivo) throw clientError(400, motivo);

        const campos = (Object.keys(despues) as (keyof typeof despues)[]).filter((campo) => despues[campo] !== producto[campo]);
        if (campos.length === 0) return { producto, despues, campos };
        const { stock_total: total, ...resto } = Object.fromEntries(campos.map((campo) => [campo, despues[campo]])) as typeof despues;
        // The stock history (issue 37): a manual change by this person, with the reason they typed.
        if (campos.includes('stock')) await motivoStock(tx, { motivo: 'manual', actor: operadorDe(c), nota: motivoEscrito ?? '' });
        await tx
          .update(productos)
          .set({ ...resto, ...(total === undefined ? {} : { stockTotal: total }) })
          .where(eq(productos.id, producto.idProducto));
        await audit(tx, operadorDe(c), [
          {
            accion: 'producto.cambiar',
            objetivo: nombreCorto(producto),
            antes: Object.fromEntries(campos.map((campo) => [campo, producto[campo]])),
            despues: Object.fromEntries(campos.map((campo) => [campo, despues[campo]])),
          },
        ]);
        return { producto, despues, campos };
      });
      const { producto, despues, campos } = hecho;
      if (campos.length === 0)
        return c.json({
          mensaje: `Sin cambios: el ${nombreCorto(producto)} ya tenía esos valores.`,
          producto,
        } satisfies ProductoOperadorRespuesta);
      const actualizado = (await productoPorReferencia(db, String(producto.idProducto)))!;
      const mensaje = `Producto ${producto.idProducto} (${producto.nombre}${producto.sku ? `, SKU ${producto.sku}` : ''}): ${campos.map((campo) => `${DESCRIBIR[campo]!(producto[campo])} → ${DESCRIBIR[campo]!(despues[campo])}`).join('; ')}.`;
      return c.json({ mensaje, producto: actualizado } satisfies ProductoOperadorRespuesta);
    })
    .post('/imagenes', async (c) => {
      const { nombre, datos } = await parseBody(c, subidaImagenSchema);
      const bytes = Buffer.from(datos, 'base64');
      const refused = refuseFile(bytes, config.imagenMaximaBytes);
      if (refused) throw clientError(refused.status, nombre ? `${nombre}: ${refused.mensaje}` : refused.mensaje);
      const imagen = await storeImage(db, bytes, nombre);
      if (imagen.nueva)
        await audit(db, operadorDe(c), [
          { accion: 'imagen.subir', objetivo: imagen.url, despues: { nombre, tipo: imagen.tipo, bytes: imagen.bytes } },
        ]);
      return c.json(imagen, imagen.nueva ? 201 : 200);
    })
    .post('/imagenes/existentes', async (c) => {
      const { sha256 } = await parseBody(c, imagenesExistentesSchema);
      return c.json({ existentes: Object.fromEntries(await storedImages(db, [...new Set(sha256)])) });
    })
    .post('/importar', async (c) => {
      const { filas, simulacro, archivo } = await parseBody(c, importacionSchema);
      const vistas = new Set<number>();
      const repetida = filas.find(({ fila }) => vistas.size === vistas.add(fila).size);
      if (repetida) throw clientError(400, `El lote repite la fila ${repetida.fila}.`);
      return c.json(await importarLote(db, filas, { simulacro, operador: operadorDe(c), archivo }));
    });
}

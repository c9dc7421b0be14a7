import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FiltroCatalogo } from '../../../lib/api/catalogo-schemas.ts';
import type { CambioLote, FilaLote, LoteFiltroCuerpo, PaginaLote } from '../../../lib/api/lote-schemas.ts';
import { fechaLima } from '../../../lib/dates.ts';
import { lessPercent, toCentimos, toSoles } from '../../../lib/pricing/money.ts';
import { descuentoEnFechas } from '../../../lib/pricing/product.ts';
import { CATALOGO_PANEL, LOTE_PRODUCTOS } from '../../../lib/tienda.ts';
import type { Db } from '../../db/client.ts';
import { categorias, categoriasHijas, marcas, productos } from '../../db/schema/index.ts';
import { clientError } from '../../http/errors.ts';
import { condicionCatalogo } from '../catalogo/filtro.ts';
import { describirValor } from './valores.ts';

/** A page of the grid: the filtered products with their batch fields as stored, by name then id. */
export async function paginaLote(
  db: Db,
  filtro: FiltroCatalogo,
  pagina: number,
  umbralBajo: number,
  ahora = new Date(),
): Promise<PaginaLote> {
  const donde = condicionCatalogo(filtro, { umbralBajo, ahora });
  const porPagina = CATALOGO_PANEL.porPagina;
  const [filas, [cuenta], listaMarcas] = await Promise.all([
    db
      .select({
        idProducto: productos.id,
        sku: productos.sku,
        nombre: productos.nombre,
        marca: marcas.nombre,
        img: productos.img,
        precio: productos.precio,
        descuento: productos.descuento,
        descuentoN: productos.descuentoN,
        descuentoDesde: productos.descuentoDesde,
        descuentoHasta: productos.descuentoHasta,
        stock: productos.stock,
        stock_total: productos.stockTotal,
        visible: productos.visible,
        newores: productos.newores,
        archivado: productos.archivado,
      })
      .from(productos)
      .innerJoin(marcas, eq(productos.marcaId, marcas.id))
      .where(donde)
      .orderBy(asc(productos.nombre), asc(productos.id))
      .limit(porPagina)
      .offset((pagina - 1) * porPagina),
    db.select({ n: count() }).from(productos).where(donde),
    db
      .select({ idMarca: marcas.id, nombre: marcas.nombre })
      .from(marcas)
      .orderBy(sql`lower(${marcas.nombre})`),
  ]);
  const hoy = fechaLima(ahora);
  return {
    productos: filas.map((fila): FilaLote => ({
      ...fila,
      img: fila.img.split(',')[0]?.trim() ?? '',
      precio: Number(fila.precio),
      descuento: Number(fila.descuento),
      descuentoN: Number(fila.descuentoN),
      descuentoVigente: descuentoEnFechas(hoy, fila.descuentoDesde, fila.descuentoHasta),
      archivado: fila.archivado !== null,
    })),
    marcas: listaMarcas,
    total: Number(cuenta?.n ?? 0),
    pagina,
    porPagina,
  };
}

/** A price moved by a percent, to the céntimo (−10 on S/ 89.90 is S/ 80.91). */
export const precioConPorcentaje = (precio: number, porcentaje: number) =>
  porcentaje < 0
    ? toSoles(lessPercent(toCentimos(precio), -porcentaje))
    : toSoles(Math.round((toCentimos(precio) * (100 + porcentaje)) / 100));

/**
 * The rows of a change by filter: every product the filter finds (at most LOTE_PRODUCTOS.maximo, else
 * refused so a filter never changes part of what it names), each with the same change, its price moved
 * by the percent. Also the batch's description: 'Marca Anua: descuento 10 % hasta el 31/12/2026'.
 */
export async function cambiosPorFiltro(
  db: Db,
  filtro: FiltroCatalogo,
  cuerpo: Omit<LoteFiltroCuerpo, 'filtro' | 'simulacro'>,
  umbralBajo: number,
): Promise<{ cambios: CambioLote[]; descripcion: string }> {
  const donde = condicionCatalogo(filtro, { umbralBajo });
  const filas = await db
    .select({ idProducto: productos.id, precio: productos.precio })
    .from(productos)
    .where(donde)
    .orderBy(asc(productos.id))
    .limit(LOTE_PRODUCTOS.maximo + 1);
  if (filas.length === 0) throw clientError(400, 'Ningún producto cumple el filtro: no hay nada que cambiar.');
  if (filas.length > LOTE_PRODUCTOS.maximo)
    throw clientError(
      400,
      `El filtro abarca más de ${LOTE_PRODUCTOS.maximo.toLocaleString('es-PE')} productos, el máximo de un cambio en bloque. Acótalo (por marca, categoría o búsqueda).`,
    );
  const { precioPorcentaje, ...resto } = cuerpo;
  const cambios = filas.map(({ idProducto, precio }) => ({
    idProducto,
    ...resto,
    ...(precioPorcentaje === undefined ? {} : { precio: precioConPorcentaje(Number(precio), precioPorcentaje) }),
  })) as CambioLote[];
  return { cambios, descripcion: `${await describirFiltro(db, filtro)}: ${describirCambio(cuerpo)}` };
}

/** 'Marca Anua, categoría Limpiadores, «toner»': the filter as the owner set it. */
async function describirFiltro(db: Db, filtro: FiltroCatalogo): Promise<string> {
  const nombre = async (tabla: typeof marcas | typeof categorias | typeof categoriasHijas, id: number | undefined) => {
    if (id === undefined) return undefined;
    const [fila] = await db
      .select({ nombre: tabla.nombre })
      .from(tabla)
      .where(inArray(tabla.id, [id]));
    return fila?.nombre ?? String(id);
  };
  const [marca, categoria, hija] = await Promise.all([
    nombre(marcas, filtro.marca),
    nombre(categorias, filtro.categoria),
    nombre(categoriasHijas, filtro.hija),
  ]);
  const partes = [
    marca && `Marca ${marca}`,
    categoria && `categoría ${categoria}`,
    hija && `subcategoría ${hija}`,
    filtro.q && `«${filtro.q}»`,
    filtro.stock && `stock ${filtro.stock}`,
    filtro.oferta && (filtro.oferta === 'si' ? 'en oferta' : 'sin oferta'),
    filtro.preventa && (filtro.preventa === 'si' ? 'en preventa' : 'sin preventa'),
    filtro.nuevo && (filtro.nuevo === 'si' ? 'nuevos' : 'no nuevos'),
    filtro.archivados === 'solo' && 'archivados',
  ].filter(Boolean);
  const texto = partes.join(', ') || 'Todo el catálogo';
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}

/** 'precio −10 %, descuento 10 % hasta el 31/12/2026'. */
function describirCambio(cuerpo: Omit<LoteFiltroCuerpo, 'filtro' | 'simulacro'>): string {
  const partes: string[] = [];
  if (cuerpo.precioPorcentaje !== undefined)
    partes.push(`precio ${cuerpo.precioPorcentaje > 0 ? '+' : '−'}${Math.abs(cuerpo.precioPorcentaje)} %`);
  const fechas = [
    cuerpo.descuentoDesde && `desde el ${describirValor('descuentoDesde', cuerpo.descuentoDesde)}`,
    cuerpo.descuentoHasta && `hasta el ${describirValor('descuentoHasta', cuerpo.descuentoHasta)}`,
  ]
    .filter(Boolean)
    .join(' ');
  if (cuerpo.descuento !== undefined) partes.push(`descuento ${cuerpo.descuento} %${fechas ? ` ${fechas}` : ''}`);
  if (cuerpo.descuentoN !== undefined)
    partes.push(`descuento ${describirValor('descuentoN', cuerpo.descuentoN)}${fechas ? ` ${fechas}` : ''}`);
  if (cuerpo.descuento === undefined && cuerpo.descuentoN === undefined && fechas) partes.push(`descuento ${fechas}`);
  if (cuerpo.descuentoDesde === null) partes.push('descuento sin fecha de inicio');
  if (cuerpo.descuentoHasta === null) partes.push('descuento sin fecha de fin');
  if (cuerpo.visible !== undefined) partes.push(cuerpo.visible ? 'visibles' : 'ocultos');
  if (cuerpo.newores !== undefined) partes.push(cuerpo.newores ? `insignia ${cuerpo.newores}` : 'sin insignia');
  return partes.join(', ');
}

import { asc, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categorias, categoriasHijas, lineas, marcas, productos, type NuevoProducto, type ProductoRow } from '../../db/schema/index.ts';
import { parseImageUrl, storedImages } from '../../images/store.ts';
import { audit, type Cambio } from '../audit.ts';
import { trasCargaMasiva } from '../../db/carga-masiva.ts';
import { motivoStock } from '../../catalogue/movimientos.ts';
import { motivoCifras, stockTotalTras } from '../product-rules.ts';
import type { Columna } from '../../../lib/catalogue/import-columns.ts';
import { validarFila, type Fila } from './fila.ts';
import type { FilaImportacion, RespuestaImportacion, ResultadoFila } from '../../../lib/api/operator-schemas.ts';

/**
 * One batch of a catalogue import (POST /admin/api/importar): rows validated, matched to products by
 * `sku` (else `idProducto`), brands and categories found by name or created, then written in one
 * transaction with a few multi-row statements: an insert for the new products, an upsert per set of
 * columns for the changed ones, one insert of audit entries. Unchanged rows write nothing, so
 * importing the same file again leaves the catalogue (and its version) as it was. A rejected row
 * writes nothing and never stops the others; a failed statement rolls the whole batch back.
 */

type Campo = keyof NuevoProducto;

/** A product's columns an import may write, with the column name the operator reads in reports. */
const CAMPOS: Partial<Record<Campo, string>> = {
  sku: 'sku',
  nombre: 'nombre',
  descripcion: 'descripcion',
  precio: 'precio',
  descuento: 'descuento',
  descuentoN: 'descuentoN',
  img: 'img',
  imagen: 'imagen',
  imgHover: 'imgHover',
  newores: 'newores',
  etiquetalogo: 'etiquetalogo',
  marcaId: 'marca',
  colores: 'colores',
  tamanos: 'tamaños',
  stock: 'stock',
  stockTotal: 'stock_total',
  modouso: 'modouso',
  beneficios: 'beneficios',
  ingredientes: 'ingredientes',
  categoriaId: 'categoria',
  childId: 'child',
  fechaLlegada: 'fechaLlegada',
  sedes: 'sedes',
  tipoPiel: 'tipo_piel',
  edad: 'edad',
  inquietudPiel: 'inquietud_piel',
  esSet: 'esSet',
  visible: 'visible',
  fechaAgregado: 'fechaAgregado',
};

/** Plain text and flag fields: the row's column and the product's column. */
const DIRECTOS = [
  ['nombre', 'nombre'],
  ['descripcion', 'descripcion'],
  ['precio', 'precio'],
  ['descuento', 'descuento'],
  ['descuentoN', 'descuentoN'],
  ['newores', 'newores'],
  ['etiquetalogo', 'etiquetalogo'],
  ['colores', 'colores'],
  ['tamaños', 'tamanos'],
  ['stock', 'stock'],
  ['stock_total', 'stockTotal'],
  ['fechaLlegada', 'fechaLlegada'],
  ['sedes', 'sedes'],
  ['tipo_piel', 'tipoPiel'],
  ['edad', 'edad'],
  ['inquietud_piel', 'inquietudPiel'],
  ['esSet', 'esSet'],
  ['visible', 'visible'],
  ['fechaAgregado', 'fechaAgregado'],
] as const satisfies readonly (readonly [Columna, Campo])[];

const SIN_ESPECIFICAR = 'No especificado.';
const clave = (nombre: string) => nombre.trim().toLowerCase();

/** A name to create, shared by every row of the batch that names it; its id is known once written. */
interface Nuevo {
  nombre: string;
  id?: number;
}
/** An id known now or a name created in this batch. */
type Ref = number | Nuevo;
const idDe = (ref: Ref | null): number | null => (ref === null ? null : typeof ref === 'number' ? ref : ref.id!);

interface Plan {
  fila: number;
  existente: ProductoRow | undefined;
  /** The product's columns the row sets (merged over the existing row when updating). */
  valores: Partial<Record<Campo, unknown>>;
  marca?: Ref;
  categoria?: Ref;
  child?: Ref | null;
}

const igual = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);
const vista = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** Imports one batch; `simulacro` validates and reports the same results without writing anything. */
export async function importarLote(
  db: Db,
  filas: FilaImportacion[],
  { simulacro, operador, archivo }: { simulacro: boolean; operador: string; archivo?: string | undefined },
): Promise<RespuestaImportacion> {
  const resultados = new Map<number, ResultadoFila>();
  const rechazar = (fila: number, motivo: string) => resultados.set(fila, { fila, resultado: 'rechazado', motivo });

  // 1. Each row on its own: types, ranges, required values; a key repeated in the batch is refused.
  const validas: { fila: number; f: Fila; dadas: Set<string> }[] = [];
  const skus = new Map<string, number>();
  const ids = new Map<number, number>();
  for (const { fila, valores } of filas) {
    const validada = validarFila(valores);
    if (!validada.ok) {
      rechazar(fila, validada.motivo);
      continue;
    }
    const f = validada.fila;
    if (f.sku === undefined && f.idProducto === undefined) {
      rechazar(fila, 'Falta el sku: un producto nuevo necesita su sku (para actualizar uno existente basta su idProducto).');
      continue;
    }
    const repetida = (f.sku !== undefined && skus.get(f.sku)) || (f.idProducto !== undefined && ids.get(f.idProducto));
    if (repetida) {
      rechazar(fila, `Repite el producto de la fila ${repetida}.`);
      continue;
    }
    if (f.sku !== undefined) skus.set(f.sku, fila);
    if (f.idProducto !== undefined) ids.set(f.idProducto, fila);
    validas.push({ fila, f, dadas: new Set(Object.keys(valores).filter((key) => (f as Record<string, unknown>)[key] !== undefined)) });
  }

  const nuevas: RespuestaImportacion['nuevas'] = { marcas: [], lineas: [], categorias: [], subcategorias: [] };
  if (validas.length === 0) return { resultados: ordenados(filas, resultados), nuevas };

  const run = async (tx: Tx) => {
    // The stock history (issue 37): units set by this import, by this person, with the file's name or the batch's rows.
    await motivoStock(tx, {
      motivo: 'importacion',
      actor: operador,
      nota: archivo ? `archivo ${archivo}` : `lote de ${filas.length} fila(s), desde la fila ${filas[0]?.fila ?? 1}`,
    });
    // 2. What the rows name, each kind in one query: products (locked, in id order like checkout's
    // reservations), brands, lines, categorías, children and stored images.
    const porClave: SQL[] = [];
    if (skus.size) porClave.push(inArray(productos.sku, [...skus.keys()]));
    if (ids.size) porClave.push(inArray(productos.id, [...ids.keys()]));
    const existentes = await tx
      .select()
      .from(productos)
      .where(or(...porClave))
      .orderBy(asc(productos.id))
      .for('update');
    const porSku = new Map(existentes.filter((p) => p.sku !== null).map((p) => [p.sku!, p]));
    const porId = new Map(existentes.map((p) => [p.id, p]));

    const nombres = (columna: 'marca' | 'linea' | 'categoria' | 'child') => [
      ...new Set(
        validas
          .map(({ f }) => f[columna])
          .filter((n): n is string => Boolean(n))
          .map(clave),
      ),
    ];
    const [marcasRows, lineasRows, categoriasRows, hijasRows] = await Promise.all([
      lookup(tx, marcas, nombres('marca'), { id: marcas.id, nombre: marcas.nombre }),
      lookup(tx, lineas, nombres('linea'), { id: lineas.id, nombre: lineas.nombre }),
      tx
        .select({ id: categorias.id, nombre: categorias.nombre, lineaId: categorias.lineaId, linea: lineas.nombre })
        .from(categorias)
        .innerJoin(lineas, sql`${lineas.id} = ${categorias.lineaId}`)
        .where(inArray(sql`lower(${categorias.nombre})`, nombres('categoria').length ? nombres('categoria') : [''])),
      tx
        .select({
          id: categoriasHijas.id,
          nombre: categoriasHijas.nombre,
          categoriaId: categoriasHijas.categoriaId,
          categoria: categorias.nombre,
        })
        .from(categoriasHijas)
        .innerJoin(categorias, sql`${categorias.id} = ${categoriasHijas.categoriaId}`)
        .where(inArray(sql`lower(${categoriasHijas.nombre})`, nombres('child').length ? nombres('child') : [''])),
    ]);
    const marcaPor = new Map<string, Ref>(marcasRows.map((m) => [clave(m.nombre), m.id]));
    const lineaPor = new Map<string, Ref>(lineasRows.map((l) => [clave(l.nombre), l.id]));
    const categoriaPor = new Map(categoriasRows.map((c) => [clave(c.nombre), c]));
    const hijaPor = new Map(hijasRows.map((h) => [clave(h.nombre), h]));
    const categoriaNueva = new Map<string, Nuevo & { linea: Ref }>();
    const hijaNueva = new Map<string, Nuevo & { categoria: Ref }>();
    const imagenesRefs = [
      ...new Set(
        validas
          .flatMap(({ f }) => [...(f.img ?? []), ...(f.imagen ?? []), ...(f.imgHover ?? [])])
          .map((url) => parseImageUrl(url)?.sha256)
          .filter((s): s is string => Boolean(s)),
      ),
    ];
    const guardadas = await storedImages(tx as Db, imagenesRefs);

    // 3. Each row's plan: its product, its references and the values it sets.
    const planes: Plan[] = [];
    for (const { fila, f, dadas } of validas) {
      const motivo = (texto: string) => rechazar(fila, texto);
      let existente = f.sku !== undefined ? porSku.get(f.sku) : undefined;
      if (f.idProducto !== undefined) {
        const porIdProducto = porId.get(f.idProducto);
        if (!porIdProducto) {
          motivo(`No existe el producto ${f.idProducto}: un producto nuevo se crea con su sku y sin idProducto.`);
          continue;
        }
        if (existente && existente.id !== f.idProducto) {
          motivo(`El sku ${f.sku} es del producto ${existente.id}, no del ${f.idProducto}.`);
          continue;
        }
        if (!existente && f.sku !== undefined && porIdProducto.sku !== null && porIdProducto.sku !== f.sku) {
          // Renaming a SKU is allowed only for a product that has none yet; otherwise it is a mismatch.
          motivo(`El producto ${f.idProducto} tiene el sku ${porIdProducto.sku}, no ${f.sku}.`);
          continue;
        }
        existente = porIdProducto;
      }
      if (!existente) {
        const faltan = (['nombre', 'precio', 'marca', 'categoria'] as const).filter((columna) => f[columna] === undefined);
        if (faltan.length) {
          motivo(`Producto nuevo (sku ${f.sku}): falta ${faltan.map((c) => (c === 'categoria' ? 'categoría' : c)).join(', ')}.`);
          continue;
        }
      }
      const perdida = [...(f.img ?? []), ...(f.imagen ?? []), ...(f.imgHover ?? [])].find(
        (url) => parseImageUrl(url) && !guardadas.has(parseImageUrl(url)!.sha256),
      );
      if (perdida) {
        motivo(`La imagen ${perdida} no está en la tienda.`);
        continue;
      }

      const plan: Plan = { fila, existente, valores: {} };
      // References: brand, categoría (with its line when new), child (within that categoría).
      if (f.marca !== undefined) {
        plan.marca = marcaPor.get(clave(f.marca)) ?? { nombre: f.marca };
        marcaPor.set(clave(f.marca), plan.marca);
      }
      let categoriaNombre: string | undefined;
      if (f.categoria !== undefined) {
        const conocida = categoriaPor.get(clave(f.categoria));
        if (conocida) {
          if (f.linea !== undefined && clave(f.linea) !== clave(conocida.linea)) {
            motivo(`La categoría ${conocida.nombre} es de la línea ${conocida.linea}, no de ${f.linea}.`);
            continue;
          }
          plan.categoria = conocida.id;
          categoriaNombre = conocida.nombre;
        } else {
          let nueva = categoriaNueva.get(clave(f.categoria));
          if (!nueva) {
            if (f.linea === undefined) {
              motivo(`La categoría ${f.categoria} es nueva: indica su línea (linea), por ejemplo Cuidado o Maquillaje.`);
              continue;
            }
            const linea = lineaPor.get(clave(f.linea)) ?? { nombre: f.linea };
            lineaPor.set(clave(f.linea), linea);
            nueva = { nombre: f.categoria, linea };
            categoriaNueva.set(clave(f.categoria), nueva);
          } else if (f.linea !== undefined && clave(f.linea) !== clave(nombreDe(nueva.linea, lineasRows))) {
            motivo(
              `La categoría ${nueva.nombre} es de la línea ${nombreDe(nueva.linea, lineasRows)} (filas anteriores), no de ${f.linea}.`,
            );
            continue;
          }
          plan.categoria = nueva;
          categoriaNombre = nueva.nombre;
        }
      } else if (f.linea !== undefined && existente) {
        // A line alone cannot move a product: it follows its categoría.
        const actual = categoriasRows.find((c) => c.id === existente.categoriaId);
        if (actual && clave(actual.linea) !== clave(f.linea)) {
          motivo(`La línea sale de la categoría: para cambiarla indica también la categoría.`);
          continue;
        }
      }
      if (f.child !== undefined) {
        if (f.child === '') plan.child = null;
        else {
          const categoriaDelProducto: Ref | undefined = plan.categoria ?? existente?.categoriaId;
          const conocida = hijaPor.get(clave(f.child));
          const nueva = hijaNueva.get(clave(f.child));
          const suya = conocida ? conocida.categoriaId : nueva?.categoria;
          if (suya !== undefined && categoriaDelProducto !== undefined && suya !== categoriaDelProducto) {
            const suyaNombre = conocida ? conocida.categoria : nombreDe(nueva!.categoria, categoriasRows);
            motivo(
              `La subcategoría ${conocida?.nombre ?? nueva!.nombre} es de la categoría ${suyaNombre}, no de ${categoriaNombre ?? 'la del producto'}.`,
            );
            continue;
          }
          if (conocida) plan.child = conocida.id;
          else if (nueva) plan.child = nueva;
          else {
            const creada = { nombre: f.child, categoria: categoriaDelProducto! };
            hijaNueva.set(clave(f.child), creada);
            plan.child = creada;
          }
        }
      }

      // Values: the row's own, then those derived from them (first images, stock_total, defaults).
      for (const [columna, campo] of DIRECTOS) if (dadas.has(columna)) plan.valores[campo] = f[columna];
      if (f.sku !== undefined) plan.valores.sku = f.sku;
      for (const campo of ['modouso', 'beneficios', 'ingredientes'] as const)
        if (dadas.has(campo)) plan.valores[campo] = f[campo] || SIN_ESPECIFICAR;
      if (f.img !== undefined) plan.valores.img = f.img.join(',');
      if (f.imagen !== undefined) plan.valores.imagen = f.imagen[0] ?? '';
      else if (f.img !== undefined) plan.valores.imagen = f.img[0] ?? '';
      if (f.imgHover !== undefined) plan.valores.imgHover = f.imgHover[0] ?? '';
      else if (f.img !== undefined) plan.valores.imgHover = f.img[1] ?? '';
      // A file exported earlier says the units it was downloaded with: the same figure in the file is the cell left as
      // it was, so the units now (a sale since moves both, a cancellation gives them back) stay; a new figure is taken
      // only over the units it was written against, as the product form does (decisions 0183, 0244).
      const movido = existente && unidadesMovidas(f, plan.valores, existente);
      if (movido) {
        motivo(movido);
        continue;
      }
      if (plan.valores.stock !== undefined && plan.valores.stockTotal === undefined)
        plan.valores.stockTotal = stockTotalTras(plan.valores.stock as number, existente?.stockTotal ?? 0);

      // The product's rules (those of the product command too) on the product as it would end up.
      const stock = (plan.valores.stock ?? existente?.stock ?? 0) as number;
      const incumple = motivoCifras({
        precio: (plan.valores.precio ?? existente?.precio) as number,
        descuentoN: (plan.valores.descuentoN ?? existente?.descuentoN ?? 0) as number,
        stock,
        stockTotal: (plan.valores.stockTotal ?? existente?.stockTotal ?? stock) as number,
      });
      if (incumple) {
        motivo(incumple);
        continue;
      }
      planes.push(plan);
    }

    // 4. Which rows change anything.
    const crear: Plan[] = [];
    const cambiar: { plan: Plan; campos: Campo[] }[] = [];
    for (const plan of planes) {
      if (!plan.existente) {
        crear.push(plan);
        continue;
      }
      const campos = (Object.keys(plan.valores) as Campo[]).filter(
        (campo) => !igual(plan.valores[campo], plan.existente![campo as keyof ProductoRow]),
      );
      if (plan.marca !== undefined && (typeof plan.marca !== 'number' || plan.marca !== plan.existente.marcaId)) campos.push('marcaId');
      if (plan.categoria !== undefined && (typeof plan.categoria !== 'number' || plan.categoria !== plan.existente.categoriaId))
        campos.push('categoriaId');
      if (
        plan.child !== undefined &&
        (plan.child === null || typeof plan.child === 'number' ? plan.child !== plan.existente.childId : true)
      )
        campos.push('childId');
      if (campos.length) cambiar.push({ plan, campos });
      else resultados.set(plan.fila, { fila: plan.fila, resultado: 'sin cambios', idProducto: plan.existente.id });
    }

    // 5. Names to create: only those a row that changes something still needs.
    const usados = new Set<Nuevo>();
    const usar = (ref: Ref | null | undefined) => {
      if (!ref || typeof ref === 'number' || usados.has(ref)) return;
      usados.add(ref);
      if ('linea' in ref) usar(ref.linea as Ref);
      if ('categoria' in ref) usar(ref.categoria as Ref);
    };
    for (const plan of [...crear, ...cambiar.map((c) => c.plan)]) [plan.marca, plan.categoria, plan.child].forEach(usar);
    const aCrear = <T extends Nuevo>(refs: Iterable<Ref>) => [
      ...new Set([...refs].filter((r): r is T => typeof r === 'object' && usados.has(r))),
    ];
    const lineasNuevas = aCrear<Nuevo>(lineaPor.values());
    const categoriasNuevas = aCrear<Nuevo & { linea: Ref }>(categoriaNueva.values());
    const hijasNuevas = aCrear<Nuevo & { categoria: Ref }>(hijaNueva.values());
    const marcasNuevas = aCrear<Nuevo>(marcaPor.values());
    nuevas.marcas = marcasNuevas.map((m) => m.nombre);
    nuevas.lineas = lineasNuevas.map((l) => l.nombre);
    nuevas.categorias = categoriasNuevas.map((c) => c.nombre);
    nuevas.subcategorias = hijasNuevas.map((h) => h.nombre);

    const resumenCambio = (campos: Campo[]) => campos.map((campo) => CAMPOS[campo] ?? campo);
    if (simulacro) {
      for (const plan of crear) resultados.set(plan.fila, { fila: plan.fila, resultado: 'creado' });
      for (const { plan, campos } of cambiar)
        resultados.set(plan.fila, {
          fila: plan.fila,
          resultado: 'actualizado',
          idProducto: plan.existente!.id,
          cambios: resumenCambio(campos),
        });
      return;
    }

    // 6. Writes: names first (lines, categorías, children, brands), then products, then the audit.
    await insertNames(tx, lineas, lineasNuevas, (l, orden) => ({ nombre: l.nombre, orden }));
    await insertNames(tx, categorias, categoriasNuevas, (c, orden) => ({ nombre: c.nombre, lineaId: idDe(c.linea)!, orden }));
    await insertNames(tx, categoriasHijas, hijasNuevas, (h, orden) => ({ nombre: h.nombre, categoriaId: idDe(h.categoria)!, orden }));
    await insertNames(tx, marcas, marcasNuevas, (m) => ({ nombre: m.nombre }));

    const refs = (plan: Plan): Partial<NuevoProducto> => ({
      ...(plan.marca !== undefined ? { marcaId: idDe(plan.marca)! } : {}),
      ...(plan.categoria !== undefined ? { categoriaId: idDe(plan.categoria)! } : {}),
      ...(plan.child !== undefined ? { childId: idDe(plan.child) } : {}),
    });
    const cambios: Cambio[] = [];
    if (crear.length) {
      const rows = crear.map((plan) => ({ ...(plan.valores as Partial<NuevoProducto>), ...refs(plan) }) as NuevoProducto);
      // Milliseconds, as the API writes dates: a product exported and imported again compares equal.
      const ahora = new Date();
      for (const row of rows) {
        row.stockTotal ??= row.stock ?? 0;
        row.fechaAgregado ??= ahora;
      }
      const creados = await tx.insert(productos).values(rows).returning({ id: productos.id, sku: productos.sku });
      const idPorSku = new Map(creados.map((c) => [c.sku!, c.id]));
      crear.forEach((plan, i) => {
        const id = idPorSku.get(plan.valores.sku as string)!;
        resultados.set(plan.fila, { fila: plan.fila, resultado: 'creado', idProducto: id });
        const row = rows[i]!;
        cambios.push({
          accion: 'importar.crear',
          objetivo: objetivo(id, row.sku),
          antes: null,
          despues: { nombre: row.nombre, precio: row.precio, marca: nombreMarca(plan, marcasRows), stock: row.stock ?? 0 },
        });
      });
    }
    // One upsert per set of columns: each statement sets only what its rows' files give, nothing stale.
    const grupos = new Map<string, { columnas: Campo[]; rows: NuevoProducto[] }>();
    for (const { plan, campos } of cambiar) {
      const dadas = [...new Set([...(Object.keys(plan.valores) as Campo[]), ...(Object.keys(refs(plan)) as Campo[])])].sort();
      const firma = dadas.join(',');
      const grupo = grupos.get(firma) ?? { columnas: dadas, rows: [] };
      grupos.set(firma, grupo);
      const nuevo = { ...plan.existente!, ...(plan.valores as Partial<NuevoProducto>), ...refs(plan) } as NuevoProducto;
      grupo.rows.push(nuevo);
      resultados.set(plan.fila, {
        fila: plan.fila,
        resultado: 'actualizado',
        idProducto: plan.existente!.id,
        cambios: resumenCambio(campos),
      });
      cambios.push({
        accion: 'importar.actualizar',
        objetivo: objetivo(plan.existente!.id, nuevo.sku ?? null),
        antes: Object.fromEntries(campos.map((campo) => [CAMPOS[campo] ?? campo, vista(plan.existente![campo as keyof ProductoRow])])),
        despues: Object.fromEntries(campos.map((campo) => [CAMPOS[campo] ?? campo, vista(nuevo[campo])])),
      });
    }
    for (const { columnas, rows } of grupos.values()) {
      const set = Object.fromEntries(
        columnas.map((campo) => [campo, sql.raw(`excluded."${productos[campo as keyof typeof productos.$inferSelect].name}"`)]),
      );
      await tx.insert(productos).values(rows).onConflictDoUpdate({ target: productos.id, set });
    }
    await audit(tx, operador, cambios);
  };

  if (simulacro) {
    // Read-only, and rolled back whatever happens: a dry run never writes (nor locks for long).
    await db
      .transaction(async (tx) => {
        await run(tx);
        throw new DryRunDone();
      })
      .catch((error: unknown) => {
        if (!(error instanceof DryRunDone)) throw error;
      });
  } else {
    await db.transaction(run);
    await trasCargaMasiva(db, [...resultados.values()].filter((r) => r.resultado === 'creado' || r.resultado === 'actualizado').length);
  }
  return { resultados: ordenados(filas, resultados), nuevas };
}

class DryRunDone extends Error {}

/** The stock columns and the export's column that says what each was when the file was downloaded. */
const DESCARGADAS = [
  ['stock', 'stock_descargado', 'stock'],
  ['stockTotal', 'stock_total_descargado', 'stock_total'],
] as const;

/**
 * Drops from `valores` each stock figure the file left as downloaded; the reason to refuse the row when
 * it writes a new figure over units that moved since the download.
 */
function unidadesMovidas(f: Fila, valores: Plan['valores'], existente: ProductoRow): string | undefined {
  for (const [campo, descargada, columna] of DESCARGADAS) {
    const base = f[descargada];
    if (valores[campo] === undefined || base === undefined) continue;
    if (valores[campo] === base) delete valores[campo];
    else if (existente[campo] !== base)
      return (
        `El ${columna} cambió desde que se descargó el archivo (una venta u otro cambio): era ${base}, ahora es ${existente[campo]}. ` +
        `Para no deshacer ese cambio, esta fila no se importa: descarga el catálogo de nuevo, o escribe la cifra de hoy y deja vacía la celda ${descargada}.`
      );
  }
  return undefined;
}

const objetivo = (id: number, sku: string | null | undefined) => `producto ${id}${sku ? ` (${sku})` : ''}`;

function nombreDe(ref: Ref, rows: { id: number; nombre: string }[]): string {
  return typeof ref === 'number' ? (rows.find((row) => row.id === ref)?.nombre ?? String(ref)) : ref.nombre;
}

function nombreMarca(plan: Plan, rows: { id: number; nombre: string }[]): string | undefined {
  return plan.marca === undefined ? undefined : nombreDe(plan.marca, rows);
}

function ordenados(filas: FilaImportacion[], resultados: Map<number, ResultadoFila>): ResultadoFila[] {
  return filas.map(({ fila }) => resultados.get(fila) ?? { fila, resultado: 'rechazado', motivo: 'La fila no se pudo procesar.' });
}

/** Rows of a name table whose lower-cased name is one of `nombres`. */
async function lookup<T extends typeof marcas | typeof lineas>(
  tx: Tx,
  table: T,
  nombres: string[],
  columns: { id: T['id']; nombre: T['nombre'] },
) {
  if (nombres.length === 0) return [];
  return tx
    .select(columns as { id: typeof marcas.id; nombre: typeof marcas.nombre })
    .from(table as typeof marcas)
    .where(inArray(sql`lower(${(table as typeof marcas).nombre})`, nombres));
}

/**
 * Creates names in one multi-row insert and records their ids on the shared refs. New lines,
 * categorías and children go after the existing ones (their `orden` is past every other).
 */
async function insertNames<N extends Nuevo>(
  tx: Tx,
  table: typeof lineas | typeof categorias | typeof categoriasHijas | typeof marcas,
  nuevos: N[],
  row: (nuevo: N, orden: number) => Record<string, unknown>,
): Promise<void> {
  if (nuevos.length === 0) return;
  const t = table as typeof lineas;
  const [{ maximo } = { maximo: 0 }] =
    'orden' in table ? await tx.select({ maximo: sql<number>`coalesce(max(${t.orden}), 0)::int` }).from(t) : [];
  const inserted = await tx
    .insert(t)
    .values(nuevos.map((nuevo, i) => row(nuevo, Number(maximo) + i + 1)) as (typeof lineas.$inferInsert)[])
    .returning({ id: t.id, nombre: t.nombre });
  const porNombre = new Map(inserted.map((r) => [clave(r.nombre), r.id]));
  for (const nuevo of nuevos) nuevo.id = porNombre.get(clave(nuevo.nombre));
}

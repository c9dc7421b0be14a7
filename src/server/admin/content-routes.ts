import { asc, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import {
  nuevoBannerSchema,
  nuevoMensajeSchema,
  nuevoPopupSchema,
  nuevoSocialSchema,
  posicionSchema,
  visibleSchema,
  type ContenidoOperador,
  type ListaContenido,
} from '../../lib/api/operator-schemas.ts';
import type { Db, Tx } from '../db/client.ts';
import { banners, imagenes, mensajesBarra, popups, sociales } from '../db/schema/index.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { parseId } from '../http/params.ts';
import { parseImageUrl } from '../images/store.ts';
import { audit, operadorDe, type OperatorEnv } from './audit.ts';
import { programarFronteras } from '../contenido/programacion.ts';

/** The tables behind the lists; they all have `id` and `orden` (the public calls sort by them). */
const TABLAS = { mensajes: mensajesBarra, banners, popups, sociales } as const;
/** Any of them, for the columns they share. */
type Tabla = typeof banners;
const tabla = (lista: ListaContenido) => TABLAS[lista] as unknown as Tabla;

/** How each list's items are named in answers and the audit trail. */
const SINGULAR: Record<ListaContenido, string> = { mensajes: 'mensaje', banners: 'banner', popups: 'popup', sociales: 'social' };

/** A list's items in the order the storefront shows them. */
async function items<L extends ListaContenido>(db: Db | Tx, lista: L): Promise<ContenidoOperador[L][]> {
  const t = tabla(lista);
  const rows = await db
    .select()
    .from(TABLAS[lista] as Tabla)
    .orderBy(asc(t.orden), asc(t.id));
  return rows.map((row) => {
    const r = row as unknown as Record<string, unknown>;
    const vigencia = { desde: isoDe(r.desde), hasta: isoDe(r.hasta) };
    switch (lista) {
      case 'mensajes':
        return { id: r.id, orden: r.orden, mensaje: r.mensaje, ...vigencia } as ContenidoOperador[L];
      case 'banners':
        return {
          id: r.id,
          orden: r.orden,
          img_url: r.imgUrl,
          img_movil_url: r.imgMovilUrl ?? null,
          rutabutton: r.rutabutton,
          alt: r.alt,
          ...vigencia,
        } as ContenidoOperador[L];
      case 'popups':
        return {
          id: r.id,
          orden: r.orden,
          visible: r.visible,
          img_url: r.imgUrl,
          rutabutton: r.rutabutton,
          alt: r.alt,
          ...vigencia,
        } as ContenidoOperador[L];
      default:
        return { id: r.id, orden: r.orden, tipo: r.tipo, url: r.url } as ContenidoOperador[L];
    }
  });
}

const isoDe = (value: unknown) => (value instanceof Date ? value.toISOString() : null);
const fechaDe = (iso: string | null) => (iso ? new Date(iso) : null);

/** An image URL of the store must name a stored file; other shop paths (/demo/…) are taken as they are. */
async function storedType(db: Db, url: string, campo: string): Promise<string | undefined> {
  const ref = parseImageUrl(url);
  if (!ref) {
    if (url.startsWith('/imagenes/')) throw clientError(400, `${campo}: ${url} no es una dirección de imagen de la tienda.`);
    return undefined;
  }
  const [row] = await db.select({ tipo: imagenes.tipo }).from(imagenes).where(eq(imagenes.sha256, ref.sha256));
  if (!row)
    throw clientError(400, `${campo}: la imagen ${url} no está en la tienda. Súbela primero (npm run shop la sube si indicas el archivo).`);
  return row.tipo;
}

/** The values of a new item of `lista`, from its validated body. */
async function nuevoItem(db: Db, lista: ListaContenido, c: Context): Promise<Record<string, unknown>> {
  switch (lista) {
    case 'mensajes': {
      const body = await parseBody(c, nuevoMensajeSchema);
      return { mensaje: body.mensaje, desde: fechaDe(body.desde), hasta: fechaDe(body.hasta) };
    }
    case 'banners': {
      const body = await parseBody(c, nuevoBannerSchema);
      await storedType(db, body.img_url, 'La imagen');
      if (body.img_movil_url) await storedType(db, body.img_movil_url, 'La imagen para celular');
      return {
        imgUrl: body.img_url,
        imgMovilUrl: body.img_movil_url,
        rutabutton: body.rutabutton,
        alt: body.alt,
        desde: fechaDe(body.desde),
        hasta: fechaDe(body.hasta),
      };
    }
    case 'popups': {
      const body = await parseBody(c, nuevoPopupSchema);
      await storedType(db, body.img_url, 'La imagen');
      return {
        imgUrl: body.img_url,
        rutabutton: body.rutabutton,
        alt: body.alt,
        visible: body.visible ? 1 : 0,
        desde: fechaDe(body.desde),
        hasta: fechaDe(body.hasta),
      };
    }
    case 'sociales': {
      const body: z.output<typeof nuevoSocialSchema> = await parseBody(c, nuevoSocialSchema);
      const stored = await storedType(db, body.url, 'La imagen o video');
      const tipo = stored
        ? stored.startsWith('video/')
          ? 'video'
          : 'image'
        : (body.tipo ?? (/\.(mp4|webm)$/i.test(body.url) ? 'video' : 'image'));
      if (body.tipo && body.tipo !== tipo)
        throw clientError(
          400,
          `${body.url} es ${tipo === 'video' ? 'un video' : 'una imagen'}, no ${body.tipo === 'video' ? 'un video' : 'una imagen'}.`,
        );
      return { url: body.url, tipo };
    }
  }
}

const describir = (lista: ListaContenido, item: Record<string, unknown>) =>
  String(lista === 'mensajes' ? `"${item.mensaje}"` : lista === 'sociales' ? item.url : (item.img_url ?? item.imgUrl));

/**
 * The home content the operator manages: top-strip messages, banners, popups and social items.
 * For each list: GET (in the storefront's order), POST (adds at the end), PUT /{id} (edits it in place,
 * its run desde–hasta included), DELETE /{id}, POST /{id}/posicion (moves to a 1-based position); popups
 * also POST /{id}/visible. A banner's or message's future start and end each rebuild the pages then. Every change is
 * audited, and the tables' trigger moves the catalogue version, so the public calls answer the new
 * content at once and the static pages are rebuilt.
 */
export function contentRoutes(db: Db) {
  // One router per list, each chained, so the API's type (and the operator client's typed paths) names every list's routes.
  return new Hono<OperatorEnv>()
    .route('/', listRoutes(db, 'mensajes'))
    .route('/', listRoutes(db, 'banners'))
    .route('/', listRoutes(db, 'popups'))
    .route('/', listRoutes(db, 'sociales'))
    .post('/popups/:id/visible', async (c) => {
      const { visible } = await parseBody(c, visibleSchema);
      const id = parseId(c.req.param('id'), 'id del popup');
      const [row] = await db.select().from(popups).where(eq(popups.id, id));
      if (!row) throw clientError(404, `No existe el popup ${id}.`);
      const valor = visible ? 1 : 0;
      if (row.visible !== valor) {
        await db.transaction(async (tx) => {
          await tx.update(popups).set({ visible: valor }).where(eq(popups.id, id));
          await audit(tx, operadorDe(c), [
            {
              accion: visible ? 'popup.mostrar' : 'popup.ocultar',
              objetivo: `popup ${id}`,
              antes: { visible: row.visible },
              despues: { visible: valor },
            },
          ]);
        });
      }
      return c.json({
        mensaje: `Popup ${id} ${visible ? 'visible para los visitantes' : 'oculto'}${row.visible === valor ? ' (ya lo estaba)' : ''}.`,
        popups: await items(db, 'popups'),
      });
    });
}

/** One home list's routes: GET (in the storefront's order), POST (adds at the end), PUT /{id}, DELETE /{id}, POST /{id}/posicion. */
function listRoutes<L extends ListaContenido>(db: Db, lista: L) {
  const t = tabla(lista);
  const nombre = SINGULAR[lista];
  const buscar = async (c: Context) => {
    const id = parseId(c.req.param('id'), `id del ${nombre}`);
    const todos = await items(db, lista);
    const indice = todos.findIndex((item) => item.id === id);
    if (indice < 0) throw clientError(404, `No existe el ${nombre} ${id}.`);
    return { id, todos, indice, item: todos[indice]! as Record<string, unknown> };
  };
  const ruta = `/${lista}` as `/${L}`;
  return new Hono<OperatorEnv>()
    .get(ruta, async (c) => c.json({ [lista]: await items(db, lista) }))
    .post(ruta, async (c) => {
      const valores = await nuevoItem(db, lista, c);
      const creado = await db.transaction(async (tx) => {
        const [{ maximo } = { maximo: 0 }] = await tx.select({ maximo: sql<number>`coalesce(max(${t.orden}), 0)::int` }).from(t);
        const [row] = await tx
          .insert(TABLAS[lista] as Tabla)
          .values({ ...valores, orden: Number(maximo) + 1 } as Tabla['$inferInsert'])
          .returning({ id: t.id });
        await audit(tx, operadorDe(c), [{ accion: `${nombre}.agregar`, objetivo: `${nombre} ${row!.id}`, despues: valores }]);
        if (lista !== 'popups') await programarFronteras(tx, [valores.desde as Date | null, valores.hasta as Date | null]);
        return row!;
      });
      const todos = await items(db, lista);
      const item = todos.find((i) => i.id === creado.id)!;
      return c.json(
        {
          mensaje: `${capital(nombre)} ${creado.id} agregado al final (posición ${todos.length}): ${describir(lista, item)}.`,
          item,
          [lista]: todos,
        },
        201,
      );
    })
    .put(`${ruta}/:id`, async (c) => {
      const { id, item } = await buscar(c);
      const valores = await nuevoItem(db, lista, c);
      await db.transaction(async (tx) => {
        await tx
          .update(TABLAS[lista] as Tabla)
          .set(valores as Partial<Tabla['$inferInsert']>)
          .where(eq(t.id, id));
        await audit(tx, operadorDe(c), [{ accion: `${nombre}.editar`, objetivo: `${nombre} ${id}`, antes: item, despues: valores }]);
        // The popup is fetched live (its call answers what runs now): no page changes at its boundaries.
        if (lista !== 'popups') await programarFronteras(tx, [valores.desde as Date | null, valores.hasta as Date | null]);
      });
      const todos = await items(db, lista);
      const editado = todos.find((i) => i.id === id)!;
      return c.json({ mensaje: `${capital(nombre)} ${id} guardado: ${describir(lista, editado)}.`, item: editado, [lista]: todos });
    })
    .delete(`${ruta}/:id`, async (c) => {
      const { id, item } = await buscar(c);
      await db.transaction(async (tx) => {
        await tx.delete(TABLAS[lista] as Tabla).where(eq(t.id, id));
        await audit(tx, operadorDe(c), [{ accion: `${nombre}.quitar`, objetivo: `${nombre} ${id}`, antes: item }]);
      });
      return c.json({ mensaje: `${capital(nombre)} ${id} quitado: ${describir(lista, item)}.`, [lista]: await items(db, lista) });
    })
    .post(`${ruta}/:id/posicion`, async (c) => {
      const { posicion } = await parseBody(c, posicionSchema);
      const { id, todos, indice } = await buscar(c);
      const destino = Math.min(posicion, todos.length) - 1;
      if (destino === indice) return c.json({ mensaje: `El ${nombre} ${id} ya está en la posición ${indice + 1}.`, [lista]: todos });
      const orden = todos.map((item) => item.id);
      orden.splice(destino, 0, ...orden.splice(indice, 1));
      await db.transaction(async (tx) => {
        // Only the rows whose number changes are written; the list is short (a home page's worth).
        for (const [i, itemId] of orden.entries()) {
          if (todos.find((item) => item.id === itemId)!.orden !== i + 1)
            await tx
              .update(TABLAS[lista] as Tabla)
              .set({ orden: i + 1 })
              .where(eq(t.id, itemId));
        }
        await audit(tx, operadorDe(c), [
          { accion: `${nombre}.mover`, objetivo: `${nombre} ${id}`, antes: { posicion: indice + 1 }, despues: { posicion: destino + 1 } },
        ]);
      });
      return c.json({
        mensaje: `${capital(nombre)} ${id} movido a la posición ${destino + 1} de ${todos.length}.`,
        [lista]: await items(db, lista),
      });
    });
}

const capital = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

import { gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productos } from '../db/schema/index.ts';
import { selectProductos } from './queries.ts';

/** Products read per query: small enough that neither the database nor this process ever holds many at once. */
export const PAGINA_DEL_LISTADO = 2000;

/**
 * `/web/listprod`'s answer, the same text byte for byte, written as the products are read: a page of them at a
 * time in id order, each page serialised and handed on before the next is read. The build's own catalogue
 * server answers the build this way (catalogue-server-main.ts): holding the list, its text and the text's bytes
 * at once had cost that process 1.3 GB at 100,000 products.
 *
 * Each page is its own query, so a change made while the list is read can show in the pages read after it. A
 * product is still sent exactly once (the pages follow the id), and the build that reads it stamps the catalogue
 * version read before it started: a change during the build moves the version, and the next build follows.
 */
export function listprodStream(db: Db, pagina = PAGINA_DEL_LISTADO, ahora = new Date()): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last = 0;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const page = await selectProductos(db, gt(productos.id, last), pagina, ahora);
      const text = page.map((producto) => JSON.stringify(producto)).join(',');
      const before = first ? '[' : page.length > 0 ? ',' : '';
      first = false;
      if (page.length < pagina) {
        controller.enqueue(encoder.encode(`${before}${text}]`));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(before + text));
      last = page.at(-1)!.idProducto;
    },
  });
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import type { Producto } from '../lib/api/schemas.ts';
import { productPath } from '../lib/catalogue/routes.ts';
import { searchTerms } from '../lib/catalogue/search-terms.ts';
import { productLabels } from '../lib/product/fields.ts';
import { searchIndexPages } from '../server/config.ts';
import { escapeHtml } from '../server/mail/templates.ts';

/** The extra indexes' folders, as `{ "indices": ["/pagefind/indice-1/", …] }`: the search merges them with /pagefind/. */
export const SEARCH_INDEXES_FILE = 'pagefind/indices.json';

/**
 * What Pagefind indexes of a product, as a small HTML document made from its data: the name as the
 * heading (Pagefind ranks a heading's words above the rest), the brand, badge and labels, the four
 * detail texts, and the pieces of the name and brand the spec's search matches (search-terms.ts).
 * The search only reads a result's address (components/search/pagefind.ts); the product's card comes
 * from the API.
 */
export function searchDocument(producto: Producto): string {
  const paragraphs = [
    producto.marca,
    [producto.newores, ...productLabels(producto.etiquetalogo)].join(' '),
    producto.descripcion,
    producto.modouso,
    producto.beneficios,
    producto.ingredientes,
  ]
    .map((text) => text.trim())
    .filter(Boolean);
  return `<!doctype html><html lang="es"><head><title>${escapeHtml(producto.nombre)}</title></head><body><h1>${escapeHtml(producto.nombre)}</h1>${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('')}<data value="${escapeHtml(searchTerms(producto))}" data-pagefind-index-attrs="value"></data></body></html>`;
}

/**
 * Writes the Pagefind search index of the catalogue into `{dir}/pagefind`, made from the products'
 * data (searchDocument), not from the built pages: the product pages carry nothing for it, Pagefind
 * reads a few hundred bytes a product instead of the pages' 1.4 GB at 30,000 products, and the index
 * can be made while Astro renders the pages.
 *
 * Pagefind's process grows with the index it holds: a catalogue bigger than LIMITES.paginasPorIndiceBusqueda
 * (SEARCH_INDEX_PAGES) products gets several indexes, made one after another, so the peak stays that
 * of one; the first in /pagefind/, the others in /pagefind/indice-N/, listed in SEARCH_INDEXES_FILE.
 * The search page loads and merges them at run time (components/search/pagefind.ts).
 */
export async function indexCatalogue(
  dir: string,
  productos: Iterable<Producto> | AsyncIterable<Producto>,
  perIndex = searchIndexPages(),
): Promise<void> {
  const extra: string[] = [];
  let n = 0;
  let batch: Producto[] = [];
  const write = async () => {
    const folder = n === 0 ? 'pagefind' : `pagefind/indice-${n}`;
    await writeIndex(batch, join(dir, folder));
    if (n > 0) extra.push(`/${folder}/`);
    n++;
    batch = [];
  };
  // An index's products are held until it is written (perIndex at most); the rest of the list is not.
  for await (const producto of productos) {
    batch.push(producto);
    if (batch.length === perIndex) await write();
  }
  if (batch.length > 0 || n === 0) await write();
  mkdirSync(join(dir, 'pagefind'), { recursive: true });
  writeFileSync(join(dir, SEARCH_INDEXES_FILE), JSON.stringify({ indices: extra }));
}

/** How many documents are handed to Pagefind at once. */
const ADD_BATCH = 200;

/** One Pagefind index of `productos`, written to `to`; Pagefind's process ends after each, handing its memory back. */
async function writeIndex(productos: readonly Producto[], to: string): Promise<void> {
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'es' });
    if (!index) throw new Error(errors.join('; '));
    // Sent a batch at a time: each is a message to Pagefind's process, answered on its own.
    for (let start = 0; start < productos.length; start += ADD_BATCH) {
      const added = await Promise.all(
        productos
          .slice(start, start + ADD_BATCH)
          .map((producto) => index.addHTMLFile({ url: productPath(producto), content: searchDocument(producto) })),
      );
      const errors = added.flatMap((file) => file.errors);
      if (errors.length > 0) throw new Error(errors.join('; '));
    }
    const written = await index.writeFiles({ outputPath: to });
    if (written.errors.length > 0) throw new Error(written.errors.join('; '));
  } finally {
    await pagefind.close();
  }
}

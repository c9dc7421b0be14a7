import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { TIENDA } from '../../config.ts';
import ProductCard from '../../components/catalogue/ProductCard.tsx';
import { fetchProductos } from '../../lib/api/client.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { paginate } from '../../lib/catalogue/listing.ts';
import { mergeSearchResults } from '../../lib/product/search-results.ts';
import { showAlert } from '../ui/alerts.ts';
import { pagefindProductIds } from './pagefind.ts';
import PageButtons from './PageButtons.tsx';
import './search.css';

type Results = { kind: 'loading' } | { kind: 'empty-query' } | { kind: 'done'; productos: Producto[] };

/** The heading of the search page (storefront §2, Search page). */
export const searchTitle = (query: string) => `Resultados de búsqueda para: "${query}"`;

/**
 * /search?q=…: the union of the spec's contains-match over the live catalogue and Pagefind's full
 * text results, 20 per page with numbered buttons, and a search form of its own.
 */
export default function SearchPage() {
  const [query, setQuery] = useState('');
  const [input, setInput] = useState('');
  const [results, setResults] = useState<Results>({ kind: 'loading' });
  const [page, setPage] = useState(1);
  const top = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // Read after mount: the static shell was rendered without a query.
    const q = new URLSearchParams(location.search).get('q') ?? '';
    setQuery(q);
    setInput(q);
    if (!q.trim()) return setResults({ kind: 'empty-query' });
    document.title = `${searchTitle(q)} | ${TIENDA.nombre}`;
    const controller = new AbortController();
    const productos = fetchProductos(controller.signal).catch((error: unknown) => {
      if (!controller.signal.aborted) console.error('No se pudo cargar el catálogo para la búsqueda', error);
      return [] as Producto[];
    });
    const show = (list: Producto[], ids: number[]) => {
      if (!controller.signal.aborted) setResults({ kind: 'done', productos: mergeSearchResults(list, q, ids) });
    };
    // The spec's contains-matches show as soon as the catalogue arrives; Pagefind's extra matches
    // (descriptions) are appended when its index has answered.
    void productos.then((list) => show(list, []));
    void Promise.all([productos, pagefindProductIds(q)]).then(([list, ids]) => {
      if (ids.length > 0) show(list, ids);
    });
    return () => controller.abort();
  }, []);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    if (input.trim()) return;
    event.preventDefault();
    void showAlert({ icon: 'info', title: 'Búsqueda vacía', text: 'Ingresa algo para buscar' });
  };

  const changePage = (next: number) => {
    setPage(next);
    top.current?.scrollIntoView({ block: 'start' });
    top.current?.focus({ preventScroll: true });
  };

  const found = results.kind === 'done' ? results.productos : [];
  const current = paginate(found, page, TIENDA.resultadosPorPagina);

  return (
    <div className="search-page">
      <form className="search-page__form" action="/search" method="get" role="search" onSubmit={submit}>
        <label className="visually-hidden" htmlFor="search-page-q">
          Buscar productos
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          placeholder="Busca por producto o marca"
          value={input}
          onChange={(event) => setInput(event.target.value)}
        />
        <button className="btn" type="submit">
          Buscar
        </button>
      </form>

      <h1 className="search-page__title" ref={top} tabIndex={-1}>
        {query.trim() ? searchTitle(query) : 'Resultados de búsqueda'}
      </h1>

      {results.kind === 'loading' && (
        <p className="search-page__status" role="status">
          Buscando productos...
        </p>
      )}
      {results.kind === 'empty-query' && <p className="search-page__status">Escribe el nombre de un producto o una marca para empezar.</p>}
      {results.kind === 'done' && found.length === 0 && (
        <p className="search-page__status search-page__status--empty" role="status">
          No se encontraron productos.
        </p>
      )}
      {found.length > 0 && (
        <>
          <p className="search-page__count" role="status" data-testid="search-count">
            {found.length === 1 ? '1 producto encontrado' : `${found.length} productos encontrados`}
          </p>
          <ul className="search-page__grid">
            {current.items.map((producto, index) => (
              <li key={producto.idProducto}>
                <ProductCard producto={producto} priority={index === 0} headingLevel="h2" />
              </li>
            ))}
          </ul>
          <PageButtons page={current.page} pages={current.pages} onChange={changePage} />
        </>
      )}
    </div>
  );
}

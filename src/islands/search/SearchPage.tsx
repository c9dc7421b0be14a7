import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { TIENDA } from '../../lib/tienda.ts';
import ProductCard from '../../ui/ProductCard.tsx';
import { SEARCH_PATH } from '../../lib/catalogue/routes.ts';
import { showAlert } from '../../ui/alerts.ts';
import PageButtons from './PageButtons.tsx';
import { useSearchResults } from './useSearchResults.ts';
import './search.css';

/** The heading of the search page (storefront §2, Search page). */
export const searchTitle = (query: string) => `Resultados de búsqueda para: "${query}"`;

/**
 * /search?q=…: the products Pagefind finds (at least every one the spec's contains-match finds by
 * name or brand, plus those whose description matches), 20 per page with numbered buttons, and a
 * search form of its own.
 */
export default function SearchPage() {
  const [query, setQuery] = useState<string | undefined>();
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const results = useSearchResults(query, page);
  const top = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // Read after mount: the static shell was rendered without a query.
    const q = new URLSearchParams(location.search).get('q') ?? '';
    setQuery(q);
    setInput(q);
    if (q.trim()) document.title = `${searchTitle(q)} | ${TIENDA.nombre}`;
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

  const total = results.kind === 'done' ? results.total : 0;

  return (
    <div className="search-page">
      <form className="search-page__form" action={SEARCH_PATH} method="get" role="search" onSubmit={submit}>
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
        {query?.trim() ? searchTitle(query) : 'Resultados de búsqueda'}
      </h1>

      {results.kind === 'loading' && (
        <p className="search-page__status" role="status">
          Buscando productos…
        </p>
      )}
      {results.kind === 'empty-query' && <p className="search-page__status">Escribe el nombre de un producto o una marca para empezar.</p>}
      {results.kind === 'done' && total === 0 && (
        <p className="search-page__status search-page__status--empty" role="status">
          No se encontraron productos.
        </p>
      )}
      {results.kind === 'done' && total > 0 && (
        <>
          <p className="search-page__count" role="status" data-testid="search-count">
            {total === 1 ? '1 producto encontrado' : `${total} productos encontrados`}
          </p>
          <ul className="search-page__grid">
            {results.productos.map((producto, index) => (
              <li key={producto.idProducto}>
                <ProductCard producto={producto} priority={index === 0} headingLevel="h2" />
              </li>
            ))}
          </ul>
          <PageButtons page={results.page} pages={results.pages} onChange={changePage} />
        </>
      )}
    </div>
  );
}

import { startTransition, useEffect, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import { TIENDA } from '../../lib/tienda.ts';
import ProductCard from '../../ui/ProductCard.tsx';
import { SEARCH_PATH } from '../../lib/catalogue/routes.ts';
import { BUSQUEDA_INICIAL_ID, BUSQUEDA_SERVIDOR_ATTR, searchCount, searchTitle, type BusquedaInicial } from '../../lib/catalogue/search.ts';
import { showAlert } from '../../ui/alerts.ts';
import PageButtons from './PageButtons.tsx';
import { useSearchResults } from './useSearchResults.ts';
import './search.css';

/** The first results the server drew into the page (decision 0232), or undefined (the static page, or unreadable data). */
function readInicial(): BusquedaInicial | undefined {
  try {
    const data = JSON.parse(document.getElementById(BUSQUEDA_INICIAL_ID)?.textContent ?? 'null') as BusquedaInicial | null;
    return data && typeof data.q === 'string' && typeof data.total === 'number' && Array.isArray(data.productos) ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * /search?q=…: the spec's matches by name or brand first, then the others Pagefind finds (by description or
 * ingredients), 20 per page with numbered buttons, and a search form of its own. Under the server the page comes
 * with the first results drawn beside this island, which stays hidden until it shows the same, then takes their
 * place in one commit (decision 0232).
 */
export default function SearchPage() {
  const [query, setQuery] = useState<string | undefined>();
  const [inicial, setInicial] = useState<BusquedaInicial | undefined>();
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const results = useSearchResults(query, page, inicial);
  const top = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Read after mount: the static shell was rendered without a query.
    const q = new URLSearchParams(location.search).get('q') ?? '';
    const inicial = readInicial();
    // A transition: the twenty cards are rendered in slices that leave the main thread free between them (the
    // drawn page is on screen meanwhile), not in one long task; the swap below comes with their commit.
    startTransition(() => {
      setQuery(q);
      setInicial(inicial);
      setInput(q);
    });
    if (q.trim()) document.title = `${searchTitle(q)} | ${TIENDA.nombre}`;
  }, []);

  // Once it shows what the server drew, the island takes the drawn block's place before the browser paints.
  useLayoutEffect(() => {
    if (query === undefined) return;
    const drawn = document.querySelector(`[${BUSQUEDA_SERVIDOR_ATTR}]`);
    if (!drawn) return;
    const focused = drawn.contains(document.activeElement);
    // What the shopper typed into the drawn form before this island ran, or while it rendered, is kept.
    const typed = drawn.querySelector<HTMLInputElement>('input[name="q"]')?.value;
    if (typed !== undefined) setInput(typed);
    drawn.remove();
    top.current?.closest('astro-island')?.removeAttribute('hidden');
    if (focused) field.current?.focus();
  }, [query]);

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
          ref={field}
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
            {searchCount(total)}
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

import { startTransition, useEffect, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import { TIENDA } from '../../lib/tienda.ts';
import type { Producto } from '../../lib/api/schemas.ts';
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

/** The drawn block's cards, taken once when the island starts (none on the static page, or on the server). */
function drawnCards(): HTMLLIElement[] {
  if (typeof document === 'undefined') return [];
  return [...document.querySelectorAll<HTMLLIElement>(`[${BUSQUEDA_SERVIDOR_ATTR}] .search-page__grid > li`)];
}

/** Whether the island's page shows the very products the server drew (the same objects, so the same cards). */
const showsDrawn = (productos: readonly Producto[], inicial: BusquedaInicial | undefined, drawn: readonly HTMLLIElement[]) =>
  inicial !== undefined &&
  drawn.length > 0 &&
  productos.length === drawn.length &&
  inicial.productos.length === drawn.length &&
  productos.every((producto, index) => producto === inicial.productos[index]);

/**
 * The grid of the drawn cards: the server's own nodes, moved in rather than rendered again (React never sees its
 * children). The island's swap moves them in the first time (search page's layout effect); shown again after
 * another page, they come back from where they were left.
 */
function DrawnGrid({ cards }: { cards: readonly HTMLLIElement[] }) {
  const grid = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    if (!cards[0]?.isConnected) grid.current?.append(...cards);
  }, [cards]);
  return <ul className="search-page__grid" ref={grid} data-tarjetas-dibujadas="" />;
}

/**
 * /search?q=…: the spec's matches by name or brand first, then the others Pagefind finds (by description or
 * ingredients), 20 per page with numbered buttons, and a search form of its own. Under the server the page comes
 * with the first results drawn beside this island, which stays hidden until it shows the same, then takes their
 * place in one commit (decision 0232), keeping the drawn cards themselves while its page is theirs (0237).
 */
export default function SearchPage() {
  const [query, setQuery] = useState<string | undefined>();
  const [inicial, setInicial] = useState<BusquedaInicial | undefined>();
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const [drawn] = useState(drawnCards);
  const results = useSearchResults(query, page, inicial);
  const top = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Read after mount: the static shell was rendered without a query.
    const q = new URLSearchParams(location.search).get('q') ?? '';
    const inicial = readInicial();
    // A transition: what the island renders (its own cards when the page has none drawn) comes in slices that leave
    // the main thread free between them (the drawn page is on screen meanwhile); the swap below comes with its commit.
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
    const block = document.querySelector(`[${BUSQUEDA_SERVIDOR_ATTR}]`);
    if (!block) return;
    const active = document.activeElement;
    const focused = block.contains(active);
    // What the shopper typed into the drawn form before this island ran, or while it rendered, is kept.
    const typed = block.querySelector<HTMLInputElement>('input[name="q"]')?.value;
    if (typed !== undefined) setInput(typed);
    const island = top.current?.closest('astro-island');
    // The drawn cards move into the island's grid when it shows them (on a later page they wait, detached).
    island?.querySelector('[data-tarjetas-dibujadas]')?.append(...drawn);
    block.remove();
    island?.removeAttribute('hidden');
    // Focus on a drawn card stays on it; anywhere else in the drawn block it goes to the island's field.
    if (active instanceof HTMLElement && drawn.some((card) => card.contains(active))) active.focus({ preventScroll: true });
    else if (focused) field.current?.focus();
  }, [query, drawn]);

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
          {showsDrawn(results.productos, inicial, drawn) ? (
            <DrawnGrid cards={drawn} />
          ) : (
            <ul className="search-page__grid">
              {results.productos.map((producto, index) => (
                <li key={producto.idProducto}>
                  <ProductCard producto={producto} priority={index === 0} headingLevel="h2" />
                </li>
              ))}
            </ul>
          )}
          <PageButtons page={results.page} pages={results.pages} onChange={changePage} />
        </>
      )}
    </div>
  );
}

import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { TIENDA } from '../../lib/tienda.ts';
import { SORT_OPTIONS, type SortOption } from '../../lib/catalogue/listing.ts';
import { ALL_BRANDS, brandFilter, fromCard, toggleBrand, type BrandChoice, type CardProducto } from '../../lib/catalogue/listing-state.ts';
import type { ListingSource } from '../../lib/catalogue/selection.ts';
import BrandFilter from './BrandFilter.tsx';
import Pagination from './Pagination.tsx';
import PriceRange from './PriceRange.tsx';
import ProductGrid from './ProductGrid.tsx';
import { useListado } from './useListado.ts';
import { useListingPage } from './useListingPage.ts';
import { useLiveListing } from './useLiveListing.ts';
import './listing.css';

interface Props {
  /** The listing's first page as the build saw it, card fields only. */
  productos: CardProducto[];
  /** How many products the listing had at build time. */
  total: number;
  /**
   * The listing's brands and final-price bounds at build time: what the filters offer until the API answers. Without
   * brands (a line with more than TIENDA.marcasEnListado), the island asks the API for the first page's answer, brands included.
   */
  marcas?: string[];
  precios: { min: number; max: number };
  source: ListingSource;
  /** The listing title; the current page is remembered per title. */
  title: string;
}

/**
 * A listing's filters (price range, brands), sort and pagination. The page's HTML holds its first page
 * (so it works without JavaScript), kept live (useLiveListing); any other page, sort or filter is asked
 * of the API (`/web/listado`), which filters, sorts and pages the live catalogue.
 */
export default function ListingBrowser({
  productos: cards,
  total: builtTotal,
  marcas: builtMarcas,
  precios: builtPrecios,
  source,
  title,
}: Props) {
  const initial = useMemo(() => cards.map(fromCard), [cards]);
  const { productos: firstPage, showIds } = useLiveListing(initial);
  const [page, setPage] = useListingPage(title);
  const [range, setRange] = useState<{ min: number; max: number } | null>(null);
  const [brands, setBrands] = useState<BrandChoice>(ALL_BRANDS);
  const [orden, setOrden] = useState<SortOption>('relevancia');
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The filters work only with JavaScript: the page's HTML leaves them out (a big line offers hundreds
  // of brands), and they appear once the island has hydrated.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const listRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // The controls (checkboxes, slider, select, page buttons) show a change at once; the request and the
  // grid follow in a transition React may interrupt, so the click's next paint does not wait for them.
  const shown = {
    page: useDeferredValue(page),
    range: useDeferredValue(range),
    brands: useDeferredValue(brands),
    orden: useDeferredValue(orden),
  };

  const porPagina = TIENDA.productosPorPagina;
  const embedded = shown.page === 1 && shown.range === null && shown.brands.todas && shown.orden === 'relevancia';
  const { listado, latest } = useListado(
    source,
    embedded
      ? builtMarcas
        ? undefined
        : { pagina: 1, porPagina }
      : {
          pagina: shown.page,
          porPagina,
          orden: shown.orden,
          marcas: brandFilter(shown.brands),
          ...(shown.range ? { rango: shown.range } : {}),
        },
  );
  const bounds = latest?.precios ?? builtPrecios;
  const marcas = latest?.marcas ?? builtMarcas ?? [];
  const listingTotal = latest?.totalListado ?? builtTotal;
  // Untouched, the range follows the listing's bounds as the API reports them.
  const price = range ?? bounds;
  // The cards of the current request once they are here; meanwhile, and when the call failed, the
  // listing keeps the cards it showed last (dimmed while loading) rather than blanking.
  const answered = embedded ? firstPage : listado?.mensaje;
  const [kept, setKept] = useState(firstPage);
  if (answered && answered !== kept) setKept(answered);
  const items = answered ?? kept;
  const loading = !embedded && listado === undefined;
  const failed = !embedded && listado === null;
  const found = embedded ? builtTotal : (listado?.total ?? latest?.total ?? builtTotal);
  const pages = Math.max(1, Math.ceil(found / porPagina));
  const filtered = shown.range !== null || !shown.brands.todas;

  // The embedded first page gets live prices and stock; a page asked of the API is live already.
  const shownKey = embedded ? firstPage.map((producto) => producto.idProducto).join(',') : '';
  useEffect(() => showIds(shownKey ? shownKey.split(',').map(Number) : []), [shownKey, showIds]);

  const changeFilters = (apply: () => void) => {
    apply();
    setPage(1);
  };
  // One function for every brand row (BrandFilter's rows are memoized on it).
  const changeBrand = useCallback(
    (marca: string) => {
      setBrands((actual) => toggleBrand(actual, marca));
      setPage(1);
    },
    [setPage],
  );
  const changePage = (next: number) => {
    setPage(next);
    listRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="listing">
      <div className="listing__toolbar">
        <p className="listing__count" data-testid="listing-count">
          {!filtered || found === listingTotal ? (
            <>
              <strong>{listingTotal}</strong> {listingTotal === 1 ? 'producto' : 'productos'}
            </>
          ) : (
            <>
              <strong>{found}</strong> de {listingTotal} productos
            </>
          )}
        </p>
        <button
          type="button"
          className="btn btn--outline listing__filter-toggle"
          aria-expanded={filtersOpen}
          aria-controls={panelId}
          onClick={() => setFiltersOpen(!filtersOpen)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="currentColor" d="M3 5h18v2H3V5Zm3 6h12v2H6v-2Zm3 6h6v2H9v-2Z" />
          </svg>
          Filtrar
        </button>
        <label className="listing__sort">
          <span className="visually-hidden">Ordenar productos</span>
          <select value={orden} onChange={(e) => changeFilters(() => setOrden(e.target.value as SortOption))}>
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      <aside id={panelId} className={`listing__filters${filtersOpen ? ' listing__filters--open' : ''}`} aria-label="Filtros">
        {hydrated && listingTotal > 0 && (
          <fieldset className="listing__filter-set">
            <legend className="visually-hidden">Filtros</legend>
            <PriceRange bounds={bounds} value={price} onChange={(value) => changeFilters(() => setRange(value))} />
            {marcas.length > 1 && <BrandFilter marcas={marcas} choice={brands} onToggle={changeBrand} />}
          </fieldset>
        )}
      </aside>

      <div className="listing__results" ref={listRef}>
        <p className="visually-hidden" role="status">
          {loading && items.length > 0 ? 'Cargando productos...' : ''}
        </p>
        {failed && (
          <p className="listing__notice" role="alert">
            No se pudo cargar el listado.
          </p>
        )}
        {items.length === 0 ? (
          <p className="listing__message" role="status">
            {loading ? 'Cargando productos...' : 'No hay productos disponibles'}
          </p>
        ) : (
          <ProductGrid items={items} title={title} loading={loading} />
        )}
        {/* The shown page, not the asked one: 'Página X de Y' changes with the cards it names. */}
        <Pagination page={Math.min(shown.page, pages)} pages={pages} onChange={changePage} />
      </div>
    </div>
  );
}

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import ProductCard from '../../components/catalogue/ProductCard.tsx';
import { TIENDA } from '../../config.ts';
import { hasListingPages } from '../../lib/api/catalogue-client.ts';
import { applyFilters, brandsPresent, paginate, priceBounds, SORT_OPTIONS, type SortOption } from '../../lib/catalogue/listing.ts';
import { ALL_BRANDS, brandFilter, fromCard, toggleBrand, type BrandChoice, type CardProducto } from '../../lib/catalogue/listing-state.ts';
import type { ListingSource } from '../../lib/catalogue/selection.ts';
import BrandFilter from './BrandFilter.tsx';
import Pagination from './Pagination.tsx';
import PriceRange from './PriceRange.tsx';
import { useListingPage } from './useListingPage.ts';
import { useLiveListing } from './useLiveListing.ts';
import { useServerPage } from './useServerPage.ts';
import './listing.css';

interface Props {
  /** The listing's products as the build saw them, card fields only (the first ones of a very long listing). */
  productos: CardProducto[];
  /** How many products the listing had at build time. */
  total: number;
  source: ListingSource;
  /** The listing title; the current page is remembered per title. */
  title: string;
}

/**
 * A listing's filters (price range, brands), sort and pagination over the products it was given, the
 * cards on screen kept live (useLiveListing). The server renders page 1, so the page works without
 * JavaScript.
 */
export default function ListingBrowser({ productos: cards, total, source, title }: Props) {
  const initial = useMemo(() => cards.map(fromCard), [cards]);
  const { productos, showIds } = useLiveListing(initial);
  // A very long listing embeds only its first products: filters and sort stay off, and its later pages
  // are asked of the API where the API pages that listing (the special listings stop at the embedded ones).
  const partial = cards.length < total;
  const [page, setPage] = useListingPage(title);
  const [range, setRange] = useState<{ min: number; max: number } | null>(null);
  const [brands, setBrands] = useState<BrandChoice>(ALL_BRANDS);
  const [orden, setOrden] = useState<SortOption>('relevancia');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const bounds = useMemo(() => priceBounds(productos), [productos]);
  const marcas = useMemo(() => brandsPresent(productos), [productos]);
  // Untouched, the range follows the products' bounds as the live refresh changes them.
  const price = range ?? bounds;
  const filtered = useMemo(
    () => applyFilters(productos, { min: price.min, max: price.max, marcas: brandFilter(brands), orden }),
    [productos, price.min, price.max, brands, orden],
  );
  const current = paginate(filtered, page, TIENDA.productosPorPagina);
  const embeddedPages = Math.ceil(cards.length / TIENDA.productosPorPagina);
  const pages = partial ? Math.max(1, Math.ceil((hasListingPages(source) ? total : cards.length) / TIENDA.productosPorPagina)) : current.pages;
  const shownPage = partial ? Math.min(Math.max(1, page), pages) : current.page;
  const fromServer = partial && shownPage > embeddedPages;
  const serverItems = useServerPage(source, fromServer ? shownPage : undefined);
  const items = fromServer ? (serverItems ?? []) : current.items;
  const loading = fromServer && serverItems === undefined;
  const count = partial ? total : productos.length;

  // The embedded cards on screen get live prices and stock; a page asked of the API is live already.
  const shownKey = fromServer ? '' : current.items.map((producto) => producto.idProducto).join(',');
  useEffect(() => showIds(shownKey ? shownKey.split(',').map(Number) : []), [shownKey, showIds]);

  const changeFilters = (apply: () => void) => {
    apply();
    setPage(1);
  };
  const changePage = (next: number) => {
    setPage(next);
    listRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="listing">
      <div className="listing__toolbar">
        <p className="listing__count" data-testid="listing-count">
          {partial || filtered.length === productos.length ? (
            <>
              <strong>{count}</strong> {count === 1 ? 'producto' : 'productos'}
            </>
          ) : (
            <>
              <strong>{filtered.length}</strong> de {count} productos
            </>
          )}
        </p>
        <button type="button" className="btn btn--outline listing__filter-toggle" aria-expanded={filtersOpen} aria-controls={panelId} onClick={() => setFiltersOpen(!filtersOpen)}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="currentColor" d="M3 5h18v2H3V5Zm3 6h12v2H6v-2Zm3 6h6v2H9v-2Z" />
          </svg>
          Filtrar
        </button>
        <label className="listing__sort">
          <span className="visually-hidden">Ordenar productos</span>
          <select value={orden} disabled={partial} onChange={(e) => changeFilters(() => setOrden(e.target.value as SortOption))}>
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      <aside id={panelId} className={`listing__filters${filtersOpen ? ' listing__filters--open' : ''}`} aria-label="Filtros">
        {productos.length > 0 && (
          <fieldset className="listing__filter-set" disabled={partial}>
            <legend className="visually-hidden">Filtros</legend>
            <PriceRange bounds={bounds} value={price} onChange={(value) => changeFilters(() => setRange(value))} />
            {marcas.length > 1 && (
              <BrandFilter marcas={marcas} choice={brands} onToggle={(marca) => changeFilters(() => setBrands(toggleBrand(brands, marca)))} />
            )}
          </fieldset>
        )}
      </aside>

      <div className="listing__results" ref={listRef}>
        {loading ? (
          <p className="listing__message" role="status">
            Cargando productos...
          </p>
        ) : items.length === 0 ? (
          <p className="listing__message" role="status">
            No hay productos disponibles
          </p>
        ) : (
          <ul className="product-grid" aria-label={`Productos: ${title}`}>
            {items.map((producto, index) => (
              <li key={producto.idProducto}>
                <ProductCard producto={producto} priority={index === 0} headingLevel="h2" />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={shownPage} pages={pages} onChange={changePage} />
      </div>
    </div>
  );
}

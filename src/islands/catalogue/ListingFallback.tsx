import { useEffect, useState } from 'react';
import { TIENDA } from '../../lib/tienda.ts';
import Breadcrumb from '../../ui/Breadcrumb.tsx';
import { fetchListado } from '../../lib/api/catalogue-client.ts';
import { fieldsOf, listOf } from '../../lib/api/checks.ts';
import { request } from '../../lib/api/request.ts';
import type { Listado, Marca, Menu } from '../../lib/api/schemas.ts';
import { listingTitle } from '../../lib/catalogue/listing.ts';
import { toCard, type CardProducto } from '../../lib/catalogue/listing-state.ts';
import { listingFromPath, liveListingRoute } from '../../lib/catalogue/live-listing.ts';
import { LISTING_PATH_CLASS } from '../../lib/catalogue/not-found.ts';
import type { ListingRoute } from '../../lib/catalogue/routes.ts';
import ListingBrowser from './ListingBrowser.tsx';

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'found'; route: ListingRoute; cards: CardProducto[]; listado: Listado };

const isMenu = listOf(fieldsOf<Menu[number]>({ linea: 'string', categorias: 'array' }));
const isMarcas = listOf(fieldsOf<Marca>({ idMarca: 'number', nombre: 'string' }));

/**
 * The 404 page's live listing: a /categoria/{child} or /marcas/{nombre} path that was not built (a
 * child category or brand created after the last build) is looked up in the live menu or brands and
 * the first page of its products (`/web/listado`, never the whole catalogue), and shown as its
 * listing, 'No hay productos disponibles' when it has none yet; its other pages, sorts and filters are
 * asked as they are shown. A name the catalogue does not know, or a failed look-up, leaves the page's
 * own 404 message.
 */
export default function ListingFallback() {
  const [state, setState] = useState<State>({ kind: 'idle' });

  useEffect(() => {
    const target = listingFromPath(location.pathname);
    const notFound = () => {
      document.documentElement.classList.remove(LISTING_PATH_CLASS);
      setState({ kind: 'idle' });
    };
    if (!target) return notFound();
    setState({ kind: 'loading' });
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([
      target.kind === 'child' ? request('/web/menu', { check: isMenu, signal }) : Promise.resolve([]),
      // Always asked afresh: a brand list cached before the brand was created would not name it.
      target.kind === 'marca' ? request('/web/ListMarcas', { check: isMarcas, cacheMs: 0, signal }) : Promise.resolve([]),
      fetchListado(target, { pagina: 1, porPagina: TIENDA.productosPorPagina }, signal),
    ])
      .then(([menu, marcas, listado]) => {
        const route = liveListingRoute(target, { menu, marcas, productos: listado.mensaje });
        if (!route) return notFound();
        document.title = `${listingTitle(route.source.name)} | ${TIENDA.nombre}`;
        setState({ kind: 'found', route, cards: listado.mensaje.map(toCard), listado });
      })
      .catch((error: unknown) => {
        if (signal.aborted) return;
        console.error('No se pudo cargar el listado', error);
        notFound();
      });
    return () => controller.abort();
  }, []);

  if (state.kind === 'idle') return null;
  if (state.kind === 'loading') {
    return (
      <p className="live-listing__status" role="status">
        Cargando productos...
      </p>
    );
  }
  const title = listingTitle(state.route.source.name);
  return (
    <div className="listing-page">
      <header className="listing-page__header">
        <Breadcrumb trail={state.route.trail} />
        <h1>{title}</h1>
      </header>
      <ListingBrowser
        productos={state.cards}
        total={state.listado.totalListado}
        marcas={state.listado.marcas}
        precios={state.listado.precios}
        source={state.route.source}
        title={title}
      />
    </div>
  );
}

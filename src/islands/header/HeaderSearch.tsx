import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import Icon from '../../ui/icons.tsx';
import { searchPath, SEARCH_PATH } from '../../lib/catalogue/routes.ts';
import { normalizeSearch } from '../../lib/catalogue/search.ts';
import { showAlert } from '../../ui/alerts.ts';
import type { Suggested } from './search-data.ts';
import './HeaderSearch.css';

interface Props {
  /** 'panel': the desktop toggle panel (an empty query is silently ignored); 'mobile': the always-visible box. */
  variant: 'panel' | 'mobile';
}

/** The suggestions' list: loaded with the search code when the shopper starts a search, not with the header. */
const loadSuggestions = () => import('./Suggestions.tsx');
const Suggestions = lazy(loadSuggestions);

/** How long typing must pause before the suggestions are asked for (each ask fetches index chunks and a few fragments). */
const SUGGEST_DELAY_MS = 200;

/** The header search with suggestions (storefront §2 Header desktop and mobile). */
export default function HeaderSearch({ variant }: Props) {
  const panel = variant === 'panel';
  const [open, setOpen] = useState(!panel);
  const [query, setQuery] = useState('');
  const [suggesting, setSuggesting] = useState(false);
  const [suggested, setSuggested] = useState<Suggested | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  // The search code (Pagefind, the API client) loads only when the shopper starts a search.
  const prepare = () => {
    void import('./search-data.ts').then(({ prepareSuggestions }) => prepareSuggestions());
    loadSuggestions().catch(() => undefined);
  };
  // The last answer stays on screen until the next one arrives.
  const results = suggesting ? suggested : null;
  const total = results ? results.productos.length + results.marcas.length : 0;
  // Desktop shows nothing when nothing matches; mobile says so.
  const visible = results !== null && normalizeSearch(query) !== '' && (total > 0 || !panel);

  useEffect(() => {
    if (panel && open) inputRef.current?.focus();
  }, [panel, open]);

  useEffect(() => {
    if (!suggesting || !normalizeSearch(query)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void import('./search-data.ts')
        .then(({ suggestFor }) => suggestFor(query, controller.signal))
        .then((found) => {
          if (!controller.signal.aborted) setSuggested(found);
        });
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, suggesting]);

  useEffect(() => {
    if (!visible && !(panel && open)) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      setSuggesting(false);
      if (panel) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [visible, panel, open]);

  const closePanel = () => {
    setSuggesting(false);
    setOpen(false);
    toggleRef.current?.focus();
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = query.trim();
    setSuggesting(false);
    if (!text) {
      if (!panel) void showAlert({ icon: 'info', title: 'Búsqueda vacía', text: 'Ingresa algo para buscar' });
      return;
    }
    window.location.assign(searchPath(text));
  };

  // Cleared after the click, so the chosen link is still in the page when the browser follows it.
  const onChoose = () => {
    setTimeout(() => {
      setSuggesting(false);
      setQuery('');
    });
  };

  // Arrow keys walk from the input through the suggestion links; Escape closes.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      if (panel && open) {
        event.preventDefault();
        closePanel();
      } else if (visible) {
        event.preventDefault();
        setSuggesting(false);
        inputRef.current?.focus();
      }
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = [...(rootRef.current?.querySelectorAll<HTMLAnchorElement>('.search-suggest a') ?? [])];
    if (links.length === 0) return;
    event.preventDefault();
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === 'ArrowDown' ? Math.min(current + 1, links.length - 1) : current - 1;
    (next < 0 ? inputRef.current : links[next])?.focus();
  };

  const form = (
    <form className="hsearch__form" role="search" action={SEARCH_PATH} method="get" onSubmit={onSubmit}>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        Buscar productos y marcas
      </label>
      <input
        ref={inputRef}
        id={`${id}-q`}
        className="hsearch__input"
        type="search"
        name="q"
        value={query}
        placeholder={panel ? '¿Qué estás buscando? Productos, marcas…' : 'Buscar…'}
        autoComplete="off"
        enterKeyHint="search"
        onFocus={prepare}
        onChange={(event) => {
          setQuery(event.target.value);
          setSuggesting(true);
        }}
      />
      <button type="submit" className="icon-btn icon-btn--sm hsearch__submit" aria-label="Buscar">
        <Icon name="search" size={20} />
      </button>
    </form>
  );

  const live = (
    <p className="visually-hidden" aria-live="polite">
      {visible ? (total > 0 ? `${total} resultados encontrados` : 'No se encontraron resultados') : ''}
    </p>
  );

  return (
    <div ref={rootRef} className={`hsearch hsearch--${variant}`} onKeyDown={onKeyDown}>
      {panel && (
        <button
          ref={toggleRef}
          type="button"
          className="icon-btn"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          aria-label={open ? 'Cerrar búsqueda' : 'Buscar'}
          onClick={() => (open ? closePanel() : setOpen(true))}
        >
          <Icon name={open ? 'close' : 'search'} />
        </button>
      )}
      {open && (
        <div id={`${id}-panel`} className={panel ? 'hsearch__panel' : 'hsearch__box'} data-testid={panel ? 'search-panel' : 'search-box'}>
          <div className={panel ? 'container hsearch__inner' : 'hsearch__inner'}>
            {form}
            {visible && results && (
              <Suspense fallback={null}>
                <Suggestions query={query} results={results} emptyText={panel ? '' : 'No se encontraron resultados'} onChoose={onChoose} />
              </Suspense>
            )}
            {live}
          </div>
        </div>
      )}
    </div>
  );
}

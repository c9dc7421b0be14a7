interface Props {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}

/** Previous/next and 'Página X de Y'; rendered only when there is more than one page. */
export default function Pagination({ page, pages, onChange }: Props) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Paginación">
      <button type="button" className="btn btn--outline pagination__btn" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <span aria-hidden="true">‹</span> Anterior
      </button>
      <p className="pagination__status" aria-live="polite">
        Página {page} de {pages}
      </p>
      <button type="button" className="btn btn--outline pagination__btn" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        Siguiente <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}

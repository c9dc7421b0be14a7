interface Props {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}

/** Numbered page buttons with previous/next arrows; nothing when there is a single page. */
export default function PageButtons({ page, pages, onChange }: Props) {
  if (pages <= 1) return null;
  return (
    <nav className="page-buttons" aria-label="Páginas de resultados">
      <button
        type="button"
        className="page-buttons__btn"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label="Página anterior"
      >
        ‹
      </button>
      {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
        <button
          key={number}
          type="button"
          className="page-buttons__btn"
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Página ${number}`}
          onClick={() => onChange(number)}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        className="page-buttons__btn"
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
        aria-label="Página siguiente"
      >
        ›
      </button>
    </nav>
  );
}

import type { Crumb } from '../lib/catalogue/routes.ts';

/** The breadcrumb of every page (Astro pages and the product view alike); the last crumb is the page itself, not a link. */
export default function Breadcrumb({ trail }: { trail: Crumb[] }) {
  return (
    <nav className="breadcrumb" aria-label="Ruta de navegación">
      <ol className="row-list">
        {trail.map((crumb, index) => (
          <li key={index}>
            {crumb.href && index < trail.length - 1 ? (
              <a href={crumb.href}>{crumb.label}</a>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

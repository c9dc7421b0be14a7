import type { Crumb } from '../../lib/product/paths.ts';

/** Breadcrumb trail; the last crumb is the current page and is not a link. */
export default function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav className="pdp-breadcrumb" aria-label="Ruta de navegación" data-pagefind-ignore>
      <ol>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.href} aria-current="page">
              {crumb.name}
            </li>
          ) : (
            <li key={crumb.href}>
              <a href={crumb.href}>{crumb.name}</a>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}

import { Link } from 'wouter';
import './libros.css';

/** One filter of a list, as a link (the URL holds it: back, forward and a shared link keep it). */
export interface Vista {
  clave: string;
  texto: string;
  href: string;
}

/** A list's filters as links in a row (the one shown marked as the current page). */
export function Vistas({ etiqueta, vistas, actual }: { etiqueta: string; vistas: Vista[]; actual: string }) {
  return (
    <nav aria-label={etiqueta} className="bo-vistas">
      <ul>
        {vistas.map((vista) => (
          <li key={vista.clave}>
            <Link href={vista.href} aria-current={vista.clave === actual ? 'page' : undefined}>
              {vista.texto}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The value of `clave` in the URL's query when it is one of `validos`, else `porDefecto`. */
export function deLaConsulta<T extends string>(consulta: string, clave: string, validos: readonly T[], porDefecto: T): T {
  const valor = new URLSearchParams(consulta).get(clave);
  return validos.includes(valor as T) ? (valor as T) : porDefecto;
}

/** How many, in words: '1 reclamo', '3 reclamos'. */
export const cuantos = (n: number, uno: string, varios: string) => `${n} ${n === 1 ? uno : varios}`;

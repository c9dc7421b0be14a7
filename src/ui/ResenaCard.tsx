import type { ResenaPublica } from '../lib/api/resenas-schemas.ts';
import { API_BASE } from '../lib/api/request.ts';
import { fechaLima } from '../lib/dates.ts';
import { miniaturaResena } from '../lib/resenas/fotos.ts';
import { fechaResena } from '../lib/resenas/mostrar.ts';
import { RESENAS } from '../lib/tienda.ts';
import Estrellas from './Estrellas.tsx';
import './resenas.css';

/** A photo of the image store ('/…') is the API's; any other URL is used as given. */
const fotoUrl = (foto: string) => (foto.startsWith('/') ? API_BASE + foto : foto);

/**
 * One approved review: stars, title, the buyer's first name and initial, the date, the 'Compra
 * verificada' mark, the text and the photo. Pure markup, shared by the static product page and its island.
 */
export default function ResenaCard({ resena }: { resena: ResenaPublica }) {
  return (
    <article className="resena" data-testid="resena">
      <header className="resena__header">
        <Estrellas valor={resena.estrellas} size="sm" />
        <h3 className="resena__titulo">{resena.titulo}</h3>
      </header>
      <p className="resena__meta">
        <span className="resena__autor">{resena.autor}</span>
        <time dateTime={fechaLima(resena.fecha)}>{fechaResena(resena.fecha)}</time>
        {resena.compraVerificada && (
          <span className="resena__verificada">
            <span aria-hidden="true">✓</span>Compra verificada
          </span>
        )}
      </p>
      <p className="resena__texto">{resena.texto}</p>
      {resena.foto && <Foto foto={resena.foto} autor={resena.autor} />}
    </article>
  );
}

/** The photo's square thumbnail (1x and 2x copies), linking to its larger view. */
function Foto({ foto, autor }: { foto: string; autor: string }) {
  const { src, src2x } = miniaturaResena(foto);
  const lado = RESENAS.fotoMiniatura;
  return (
    <a className="resena__foto" href={fotoUrl(foto)} target="_blank" rel="noopener noreferrer">
      <img
        src={fotoUrl(src)}
        srcSet={src2x && `${fotoUrl(src)} 1x, ${fotoUrl(src2x)} 2x`}
        alt={`Foto de la reseña de ${autor}`}
        width={lado}
        height={lado}
        loading="lazy"
        decoding="async"
      />
    </a>
  );
}

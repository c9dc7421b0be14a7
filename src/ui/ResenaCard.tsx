import type { ResenaPublica } from '../lib/api/resenas-schemas.ts';
import { API_BASE } from '../lib/api/request.ts';
import { fechaLima } from '../lib/dates.ts';
import { fechaResena } from '../lib/resenas/mostrar.ts';
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
      {resena.foto && (
        <a className="resena__foto" href={fotoUrl(resena.foto)} target="_blank" rel="noopener noreferrer">
          <img src={fotoUrl(resena.foto)} alt={`Foto de la reseña de ${resena.autor}`} width={96} height={96} loading="lazy" decoding="async" />
        </a>
      )}
    </article>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { EstadoPublicacionRespuesta } from '../../lib/api/publicacion-schemas.ts';
import { CLAVE_PUBLICACION } from '../arranque.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';

/** How often the status is asked again while a change is not live yet. */
export const SONDEO_PUBLICACION_MS = 5_000;

const HORA = new Intl.DateTimeFormat('es-PE', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'America/Lima' });
const DIA = new Intl.DateTimeFormat('es-PE', { day: 'numeric', month: 'short', timeZone: 'America/Lima' });

/** '10:42' today in Lima, '27 nov., 10:42' another day. */
export function horaDe(iso: string, ahora = new Date()): string {
  const cuando = new Date(iso);
  const mismoDia = DIA.format(cuando) === DIA.format(ahora);
  return mismoDia ? HORA.format(cuando) : `${DIA.format(cuando)}, ${HORA.format(cuando)}`;
}

/** The sentence for a status, as the owner reads it. */
export function textoPublicacion(estado: EstadoPublicacionRespuesta, ahora = new Date()): string {
  switch (estado.estado) {
    case 'al-dia':
      return estado.publicadaEn
        ? `Publicado en la tienda a las ${horaDe(estado.publicadaEn, ahora)}.`
        : 'La tienda muestra los últimos cambios.';
    case 'pendiente':
      return 'Cambios guardados: la tienda se actualiza en unos minutos.';
    case 'construyendo':
      return `Publicando en la tienda${estado.desde ? ` (desde las ${horaDe(estado.desde, ahora)})` : ''}…`;
    case 'fallida':
      return `La publicación falló: ${estado.error ?? 'sin detalle'}. La tienda sigue mostrando la versión anterior.`;
  }
}

/**
 * Whether the shop's last catalogue or content change is live on the storefront: 'Publicado en la
 * tienda a las 10:42', being published (asked again every few seconds), or 'La publicación falló: …'
 * with the builder's error. Used by the content screen, the product form and the home.
 */
export function EstadoPublicacion() {
  const cliente = useCliente();
  const consulta = useQuery({
    queryKey: CLAVE_PUBLICACION,
    queryFn: () => cliente.publishingStatus(),
    refetchInterval: (query) => {
      const estado = query.state.data?.estado;
      return estado === 'pendiente' || estado === 'construyendo' ? SONDEO_PUBLICACION_MS : false;
    },
  });
  if (consulta.isPending) return null;
  if (consulta.isError)
    return (
      <p className="bo-publicacion bo-publicacion--fallida" role="status">
        No pudimos saber si la tienda está al día: {mensajeDe(consulta.error)}
      </p>
    );
  const estado = consulta.data;
  return (
    <p className={`bo-publicacion bo-publicacion--${estado.estado}`} role={estado.estado === 'fallida' ? 'alert' : 'status'}>
      {(estado.estado === 'pendiente' || estado.estado === 'construyendo') && <span className="kb-spinner" aria-hidden="true" />}
      {textoPublicacion(estado)}
    </p>
  );
}

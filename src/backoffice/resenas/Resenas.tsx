import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { AccionResena, EstadoResena, ResenaOperador } from '../../lib/api/resenas-schemas.ts';
import { RESENAS } from '../../lib/tienda.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fecha, fechaHora } from '../formato.ts';
import { cuantos, deLaConsulta, Vistas } from '../libros/Vistas.tsx';
import { CLAVE_PUBLICACION } from '../arranque.ts';
import { EstadoPublicacion } from '../marco/EstadoPublicacion.tsx';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';
import { FormularioMotivo } from './Motivo.tsx';

/** resenas-schemas.ts's ESTADOS_RESENA, spelled here so the screen loads no zod. */
const ESTADOS_RESENA = ['PENDIENTE', 'APROBADA', 'RECHAZADA', 'OCULTA'] as const satisfies readonly EstadoResena[];
const NOMBRE: Record<EstadoResena, string> = {
  PENDIENTE: 'Por moderar',
  APROBADA: 'Publicadas',
  RECHAZADA: 'Rechazadas',
  OCULTA: 'Ocultas',
};
/** What the card says of the last moderation: 'Publicada el … por …'. */
const HECHO: Record<EstadoResena, string> = {
  PENDIENTE: 'Vuelta a moderar',
  APROBADA: 'Publicada',
  RECHAZADA: 'Rechazada',
  OCULTA: 'Oculta',
};

/** '★★★★☆' read as '4 de 5 estrellas'. */
export function Estrellas({ n }: { n: number }) {
  const maximo = RESENAS.estrellasMaximas;
  return (
    <span className="bo-estrellas" role="img" aria-label={`${n} de ${maximo} estrellas`}>
      {'★'.repeat(n)}
      {'☆'.repeat(Math.max(0, maximo - n))}
    </span>
  );
}

/** 'Reseñas': what buyers wrote, the oldest waiting first, each published in one tap or rejected with a reason; the published ones hidden and shown again. */
export default function Resenas() {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const estado = deLaConsulta(useSearch(), 'estado', ESTADOS_RESENA, 'PENDIENTE');
  const lista = useQuery({ queryKey: ['resenas', estado], queryFn: () => cliente.resenas(estado) });
  const [aviso, setAviso] = useState<{ error?: string; ok?: string }>({});
  const [ocupada, setOcupada] = useState<number | null>(null);
  const anuncio = useRef<HTMLDivElement>(null);
  const moderar = async (resena: ResenaOperador, accion: AccionResena, motivo?: string) => {
    setAviso({});
    setOcupada(resena.id);
    // The card may leave the list: the keyboard continues from the message, just above it. Focused as the message
    // shows, not once the lists have reloaded: focus scrolls the page, and a second later it moved under a tap.
    const avisar = (texto: { error?: string; ok?: string }) => {
      setAviso(texto);
      anuncio.current?.focus();
    };
    try {
      const respuesta = await cliente.moderateResena(resena.id, accion, motivo);
      avisar({ ok: respuesta.mensaje });
      // Publishing, hiding or showing changes the product pages: the status says when the shop shows it.
      await Promise.all([
        consultas.invalidateQueries({ queryKey: ['resenas'] }),
        consultas.invalidateQueries({ queryKey: ['inicio'] }),
        consultas.invalidateQueries({ queryKey: CLAVE_PUBLICACION }),
      ]);
    } catch (fallo) {
      avisar({ error: mensajeDe(fallo) });
    } finally {
      setOcupada(null);
    }
  };
  return (
    <Pantalla titulo="Reseñas">
      <EstadoPublicacion />
      <Vistas
        etiqueta="Filtrar reseñas"
        actual={estado}
        vistas={ESTADOS_RESENA.map((clave) => ({ clave, texto: NOMBRE[clave], href: `/resenas?estado=${clave}` }))}
      />
      <div ref={anuncio} tabIndex={-1}>
        <Aviso error={aviso.error} ok={aviso.ok} />
      </div>
      {lista.isPending ? (
        <Cargando />
      ) : lista.isError ? (
        <p role="alert">{mensajeDe(lista.error)}</p>
      ) : lista.data.resenas.length === 0 ? (
        <p className="bo-vacio">
          {estado === 'PENDIENTE' ? 'No hay reseñas por moderar. ¡Todo al día!' : `No hay reseñas ${NOMBRE[estado].toLowerCase()}.`}
        </p>
      ) : (
        <>
          <p className="bo-nota">
            {cuantos(lista.data.resenas.length, 'reseña', 'reseñas')}
            {estado === 'PENDIENTE' ? ', la más antigua primero.' : ', la más reciente primero.'}
          </p>
          <ul className="bo-libro-lista bo-libro-lista--dos" aria-label="Reseñas">
            {lista.data.resenas.map((resena) => (
              <Tarjeta
                key={resena.id}
                resena={resena}
                ocupada={ocupada === resena.id}
                alModerar={(accion, motivo) => void moderar(resena, accion, motivo)}
              />
            ))}
          </ul>
        </>
      )}
    </Pantalla>
  );
}

/** One review as a card: the product, stars, texts and photo, the buyer and her order, its last moderation and what can be done now. */
function Tarjeta({
  resena,
  ocupada,
  alModerar,
}: {
  resena: ResenaOperador;
  ocupada: boolean;
  alModerar: (accion: AccionResena, motivo?: string) => void;
}) {
  const [conMotivo, setConMotivo] = useState<'rechazar' | 'ocultar' | null>(null);
  const titulo = `bo-resena-${resena.id}`;
  const foto = resena.fotoOperador ?? resena.foto;
  return (
    <li className="card bo-libro">
      <p className="bo-libro__cabeza">
        <strong id={titulo}>{resena.producto.nombre}</strong>
        <Estrellas n={resena.estrellas} />
      </p>
      <p>
        <strong>«{resena.titulo}»</strong>
      </p>
      <p className="bo-libro__texto">{resena.texto}</p>
      {foto && (
        <a href={foto} target="_blank" rel="noopener noreferrer">
          <img className="bo-libro__foto" src={foto} alt={`Foto que subió ${resena.autor}`} loading="lazy" width={220} height={220} />
        </a>
      )}
      <p className="bo-nota">
        {resena.autor} ({resena.cliente.correo}) · compró en el <Link href={`/pedidos/${resena.pedido}`}>pedido N.° {resena.pedido}</Link>{' '}
        del {fecha(resena.pedidoFecha)} · escrita el {fechaHora(resena.creada)} ·{' '}
        <Link href={`/productos/${resena.producto.idProducto}`}>ver el producto</Link>
      </p>
      {resena.moderada && (
        <p className="bo-nota">
          {HECHO[resena.estado]} el {fechaHora(resena.moderada)}
          {resena.operador ? ` por ${resena.operador}` : ''}.{resena.motivo ? ` Motivo: ${resena.motivo}` : ''}
        </p>
      )}
      {conMotivo ? (
        <FormularioMotivo
          accion={conMotivo}
          autor={resena.autor}
          conFoto={Boolean(foto)}
          ocupada={ocupada}
          alConfirmar={(motivo) => alModerar(conMotivo, motivo)}
          alCancelar={() => setConMotivo(null)}
        />
      ) : (
        <div className="bo-acciones">
          {(resena.estado === 'PENDIENTE' || resena.estado === 'RECHAZADA') && (
            <button type="button" className="btn bo-btn--sm" disabled={ocupada} onClick={() => alModerar('aprobar')}>
              Publicar
            </button>
          )}
          {resena.estado === 'PENDIENTE' && (
            <button type="button" className="btn btn--outline bo-btn--sm" disabled={ocupada} onClick={() => setConMotivo('rechazar')}>
              Rechazar
            </button>
          )}
          {resena.estado === 'APROBADA' && (
            <button type="button" className="btn btn--outline bo-btn--sm" disabled={ocupada} onClick={() => setConMotivo('ocultar')}>
              Ocultar
            </button>
          )}
          {resena.estado === 'OCULTA' && (
            <button type="button" className="btn bo-btn--sm" disabled={ocupada} onClick={() => alModerar('mostrar')}>
              Mostrar de nuevo
            </button>
          )}
        </div>
      )}
    </li>
  );
}

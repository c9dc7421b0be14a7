import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { Pendiente, ReclamoVencido, Ventas } from '../../lib/api/backoffice-schemas.ts';
import { CLAVE_INICIO } from '../arranque.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fecha, soles, variacion } from '../formato.ts';
import { EstadoPublicacion } from '../marco/EstadoPublicacion.tsx';
import { Cargando, Pantalla } from '../marco/Pantalla.tsx';
import { usePersona } from '../marco/sesion.ts';

/** The back office's own path of a link the API gives ('/admin/pedidos?vista=…' → '/pedidos?vista=…'); wouter adds the base. */
const rutaDelPanel = (enlace: string) => (enlace.startsWith('/admin') ? enlace.slice('/admin'.length) || '/' : `~${enlace}`);

/** 'Inicio': sales against the period before, then what is waiting, the urgent first. */
export default function Inicio() {
  const cliente = useCliente();
  const persona = usePersona();
  const inicio = useQuery({ queryKey: CLAVE_INICIO, queryFn: () => cliente.home(), refetchInterval: 60_000 });
  return (
    <Pantalla titulo={`Hola, ${persona.nombre.split(' ')[0]}`}>
      {inicio.data && inicio.data.reclamosVencidos.length > 0 && <ReclamosVencidos lista={inicio.data.reclamosVencidos} />}
      <EstadoPublicacion />
      {inicio.isPending ? (
        <Cargando />
      ) : inicio.isError ? (
        <p role="alert">{mensajeDe(inicio.error)}</p>
      ) : (
        <>
          <h2 className="visually-hidden">Ventas</h2>
          <div className="bo-ventas">
            <TarjetaVentas titulo="Hoy" ventas={inicio.data.hoy} anterior={inicio.data.ayer} contra="ayer" />
            <TarjetaVentas
              titulo="Esta semana"
              ventas={inicio.data.semana}
              anterior={inicio.data.semanaAnterior}
              contra="la semana pasada"
            />
          </div>
          <h2>Qué necesita tu atención</h2>
          <Pendientes pendientes={inicio.data.pendientes} />
        </>
      )}
    </Pantalla>
  );
}

/** The complaints past their deadline unanswered: above everything, in words and colour, each a link to its sheet. */
function ReclamosVencidos({ lista }: { lista: ReclamoVencido[] }) {
  return (
    <section className="card bo-vencidos" aria-labelledby="bo-vencidos-titulo">
      <h2 id="bo-vencidos-titulo">
        <span className="bo-etiqueta bo-etiqueta--urgente">Vencido</span>{' '}
        {lista.length === 1 ? '1 reclamo venció su plazo sin respuesta' : `${lista.length} reclamos vencieron su plazo sin respuesta`}
      </h2>
      <p className="bo-nota">La ley pide responder dentro del plazo: respóndelos hoy.</p>
      <ul className="bo-vencidos__lista">
        {lista.map((hoja) => (
          <li key={hoja.numero}>
            <Link href={`/reclamos/${hoja.numero}`}>
              {hoja.tipo === 'queja' ? 'Queja' : 'Reclamo'} {hoja.numero}
            </Link>{' '}
            · {hoja.consumidor} · venció el {fecha(`${hoja.plazo}T12:00:00-05:00`)}
            {hoja.diasHabilesVencido > 0
              ? ` (hace ${hoja.diasHabilesVencido === 1 ? '1 día hábil' : `${hoja.diasHabilesVencido} días hábiles`})`
              : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TarjetaVentas({ titulo, ventas, anterior, contra }: { titulo: string; ventas: Ventas; anterior: Ventas; contra: string }) {
  return (
    <article className="card bo-ventas__tarjeta">
      <h3>{titulo}</h3>
      <p className="bo-ventas__monto">{soles(ventas.soles)}</p>
      <p className="bo-ventas__cambio">{variacion(ventas.soles, anterior.soles, contra)}</p>
      <dl className="bo-ventas__datos">
        <div>
          <dt>Pedidos</dt>
          <dd>
            {ventas.pedidos}{' '}
            <span className="bo-nota">
              ({anterior.pedidos} {contra})
            </span>
          </dd>
        </div>
        <div>
          <dt>Ticket promedio</dt>
          <dd>
            {soles(ventas.ticketPromedio)}{' '}
            <span className="bo-nota">
              ({soles(anterior.ticketPromedio)} {contra})
            </span>
          </dd>
        </div>
      </dl>
    </article>
  );
}

/** What is waiting, urgent first (said in words and colour), each a link to its list. */
function Pendientes({ pendientes }: { pendientes: Pendiente[] }) {
  const conAlgo = pendientes.filter((pendiente) => pendiente.cantidad > 0);
  if (conAlgo.length === 0) return <p className="bo-vacio">Nada pendiente por ahora. ¡Todo al día!</p>;
  const ordenados = [...conAlgo].sort((a, b) => Number(b.urgente) - Number(a.urgente));
  return (
    <ul className="bo-pendientes">
      {ordenados.map((pendiente) => (
        <li key={pendiente.clave} className={pendiente.urgente ? 'bo-pendiente bo-pendiente--urgente' : 'bo-pendiente'}>
          <Link href={rutaDelPanel(pendiente.enlace)}>
            {pendiente.urgente && <span className="bo-etiqueta bo-etiqueta--urgente">Urgente</span>}
            <span className="bo-pendiente__cantidad">{pendiente.cantidad}</span>
            <span className="bo-pendiente__titulo">{pendiente.titulo}</span>
            {pendiente.detalle && <span className="bo-pendiente__detalle">{pendiente.detalle}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { NOMBRE_SOLICITUD, type ClienteEliminado, type DetalleCliente, type SolicitudCliente } from '../../lib/api/clientes-schemas.ts';
import { toSoles } from '../../lib/pricing/money.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { ESTADO_PANEL, fecha, fechaHora, nombreMetodo, soles } from '../formato.ts';
import { cuantos } from '../libros/Vistas.tsx';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';
import '../libros/libros.css';
import './clientes.css';
import { Corregir, Derechos } from './Derechos.tsx';

const DOCUMENTO: Record<string, string> = { DNI: 'DNI', PASAPORTE: 'Pasaporte', 'CARNET EXTRANJERIA': 'Carné de extranjería' };
const ESTADO_RESENA: Record<string, string> = { PENDIENTE: 'Por moderar', APROBADA: 'Publicada', RECHAZADA: 'Rechazada' };

/** A day of the calendar (YYYY-MM-DD) as Lima reads it. */
const dia = (ymd: string) => fecha(`${ymd}T12:00:00-05:00`);

/** A customer's page: her data, what she bought, wrote, filed and asked for, her choices, and her data rights (Ley 29733). */
export default function Cliente({ id }: { id: number }) {
  const cliente = useCliente();
  const consulta = useQuery({ queryKey: ['cliente', id], queryFn: () => cliente.customer(id) });
  // Once deleted, her page shows what was kept (her orders as they were listed), not a 404.
  const [eliminado, setEliminado] = useState<{ resultado: ClienteEliminado; pedidos: DetalleCliente['pedidos'] } | null>(null);
  const titulo = eliminado
    ? 'Cuenta eliminada'
    : consulta.data
      ? [consulta.data.cliente.nombre, consulta.data.cliente.apellido].filter(Boolean).join(' ')
      : 'Cliente';
  return (
    <Pantalla titulo={titulo} acciones={<Link href="/clientes">← Volver a Clientes</Link>}>
      {eliminado ? (
        <Eliminado resultado={eliminado.resultado} pedidos={eliminado.pedidos} />
      ) : consulta.isPending ? (
        <Cargando />
      ) : consulta.isError ? (
        <p role="alert">{mensajeDe(consulta.error)}</p>
      ) : (
        <Detalle detalle={consulta.data} alEliminar={(resultado) => setEliminado({ resultado, pedidos: consulta.data.pedidos })} />
      )}
    </Pantalla>
  );
}

function Dato({ termino, children }: { termino: string; children: ReactNode }) {
  return (
    <div>
      <dt>{termino}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A card with its heading (the heading names the region for a screen reader). */
function Seccion({ id, titulo, children }: { id: string; titulo: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{titulo}</h2>
      {children}
    </section>
  );
}

function Detalle({ detalle, alEliminar }: { detalle: DetalleCliente; alEliminar: (resultado: ClienteEliminado) => void }) {
  const { cliente: c, consentimientos } = detalle;
  const [corrigiendo, setCorrigiendo] = useState(false);
  const [hecho, setHecho] = useState<string | null>(null);
  return (
    <div className="bo-detalle bo-cliente-texto">
      <Aviso ok={hecho} />
      <Seccion id="bo-cliente-datos" titulo="Sus datos">
        {corrigiendo ? (
          <Corregir
            detalle={detalle}
            alTerminar={(mensaje) => {
              setCorrigiendo(false);
              if (mensaje) setHecho(mensaje);
            }}
          />
        ) : (
          <>
            <dl className="bo-datos">
              <Dato termino="Nombre">{[c.nombre, c.apellido].filter(Boolean).join(' ')}</Dato>
              <Dato termino="Usuario">{c.usuario}</Dato>
              <Dato termino="Correo">
                <a href={`mailto:${c.correo}`}>{c.correo}</a>
              </Dato>
              <Dato termino="Celular">{c.telefono ? <a href={`tel:${c.telefono}`}>{c.telefono}</a> : 'No indicó'}</Dato>
              <Dato termino="Documento">{c.documentoTipo ? `${DOCUMENTO[c.documentoTipo]} ${c.documentoNumero}` : 'No indicó'}</Dato>
              <Dato termino="Dirección">{[c.direccion, c.ciudad].filter(Boolean).join(', ') || 'No indicó'}</Dato>
              <Dato termino="Cliente desde">{fecha(c.creado)}</Dato>
            </dl>
            <div className="bo-acciones">
              <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => setCorrigiendo(true)}>
                Corregir datos
              </button>
            </div>
          </>
        )}
      </Seccion>
      <Seccion id="bo-cliente-consentimientos" titulo="Consentimientos">
        <dl className="bo-datos">
          <Dato termino="Correos de promociones">
            {consentimientos.marketing ? 'Aceptó recibirlos' : 'No los acepta'}
            {consentimientos.correosEnviados ? ' (cada correo trae su enlace para dejar de recibirlos)' : ''}
          </Dato>
          <Dato termino="Avisos de reposición ('Avísame')">
            {consentimientos.avisosPendientes === 0
              ? 'Ninguno pendiente'
              : `${consentimientos.avisosPendientes} ${consentimientos.avisosPendientes === 1 ? 'producto' : 'productos'} por avisar`}
          </Dato>
        </dl>
      </Seccion>
      <Derechos detalle={detalle} alEliminar={alEliminar} alHacer={setHecho} />
      <Seccion id="bo-cliente-solicitudes" titulo="Solicitudes sobre sus datos">
        {detalle.solicitudes.length === 0 ? (
          <p className="bo-nota">No ha pedido ver, corregir ni eliminar sus datos.</p>
        ) : (
          <ul className="bo-lista-simple">
            {detalle.solicitudes.map((solicitud) => (
              <Solicitud key={solicitud.id} solicitud={solicitud} />
            ))}
          </ul>
        )}
        <p className="bo-nota">
          Plazos de la Ley 29733: acceso {detalle.plazos.acceso} días hábiles; rectificación {detalle.plazos.rectificacion} y cancelación{' '}
          {detalle.plazos.cancelacion}.
        </p>
      </Seccion>
      <Seccion id="bo-cliente-pedidos" titulo="Pedidos">
        {detalle.pedidos.length === 0 ? (
          <p className="bo-nota">Todavía no ha comprado.</p>
        ) : (
          <ul className="bo-lista-simple">
            {detalle.pedidos.map((pedido) => (
              <li key={pedido.idVenta}>
                <Link href={`/pedidos/${pedido.idVenta}`} className="bo-enlace-fuerte">
                  N.° {pedido.idVenta}
                </Link>{' '}
                {fecha(pedido.fecha)} · {ESTADO_PANEL[pedido.estado as keyof typeof ESTADO_PANEL] ?? pedido.estado} ·{' '}
                {soles(toSoles(pedido.total))} · {nombreMetodo(pedido.metodoPago)}
              </li>
            ))}
          </ul>
        )}
      </Seccion>
      <Seccion id="bo-cliente-resenas" titulo="Reseñas">
        {detalle.resenas.length === 0 ? (
          <p className="bo-nota">No ha escrito reseñas.</p>
        ) : (
          <ul className="bo-lista-simple">
            {detalle.resenas.map((resena) => (
              <li key={resena.id}>
                <strong>{resena.producto}</strong>: {resena.estrellas} de 5, «{resena.titulo}» ·{' '}
                {ESTADO_RESENA[resena.estado] ?? resena.estado} · {fecha(resena.creada)}
              </li>
            ))}
          </ul>
        )}
      </Seccion>
      <Seccion id="bo-cliente-reclamos" titulo="Reclamos">
        {detalle.reclamos.length === 0 ? (
          <p className="bo-nota">No hay hojas de reclamación con su cuenta, correo o documento.</p>
        ) : (
          <ul className="bo-lista-simple">
            {detalle.reclamos.map((hoja) => (
              <li key={hoja.numero}>
                <Link href={`/reclamos/${hoja.numero}`}>{hoja.numero}</Link> · {hoja.tipo === 'queja' ? 'Queja' : 'Reclamo'} del{' '}
                {fecha(hoja.fecha)} ·{' '}
                {hoja.respondido ? `respondido el ${fecha(hoja.respondido)}` : `por responder hasta el ${dia(hoja.plazo)}`}
              </li>
            ))}
          </ul>
        )}
      </Seccion>
      <Seccion id="bo-cliente-avisos" titulo="Avísame">
        {detalle.avisos.length === 0 ? (
          <p className="bo-nota">No espera ningún producto.</p>
        ) : (
          <ul className="bo-lista-simple">
            {detalle.avisos.map((aviso, indice) => (
              <li key={indice}>
                <strong>{aviso.producto}</strong>: pedido el {fecha(aviso.creado)} ·{' '}
                {aviso.enviado ? `avisado el ${fecha(aviso.enviado)}` : aviso.baja ? `se dio de baja el ${fecha(aviso.baja)}` : 'esperando'}
              </li>
            ))}
          </ul>
        )}
      </Seccion>
    </div>
  );
}

/** One data request: its kind, when it came, its deadline and whether and when it was answered. */
function Solicitud({ solicitud }: { solicitud: SolicitudCliente }) {
  const restantes = solicitud.diasHabilesRestantes;
  return (
    <li>
      <strong>{NOMBRE_SOLICITUD[solicitud.tipo]}</strong> · recibida el {dia(solicitud.recibida)} · plazo hasta el {dia(solicitud.plazo)} ·{' '}
      {solicitud.atendida ? (
        <>
          atendida el {fechaHora(solicitud.atendida)} por {solicitud.atendidaPor}
          {solicitud.detalle ? ` (${solicitud.detalle})` : ''}
        </>
      ) : (
        <span className={`bo-plazo${restantes !== null && restantes <= 3 ? ' bo-plazo--urgente' : ''}`}>
          {restantes !== null && restantes < 0
            ? 'Vencida'
            : restantes === 1
              ? 'Pendiente: queda 1 día hábil'
              : `Pendiente: quedan ${restantes} días hábiles`}
        </span>
      )}
    </li>
  );
}

/** After the deletion: what was kept and where her orders are now, under 'Cliente eliminado'. */
function Eliminado({ resultado, pedidos }: { resultado: ClienteEliminado; pedidos: DetalleCliente['pedidos'] }) {
  return (
    <section className="card" aria-labelledby="bo-cliente-eliminado">
      <h2 id="bo-cliente-eliminado">La cuenta ya no existe</h2>
      <p role="status">{resultado.mensaje}</p>
      <p className="bo-nota">
        Ya no puede ingresar con esa cuenta; su correo puede registrarse de nuevo. Borramos{' '}
        {cuantos(resultado.borrados.resenas, 'reseña', 'reseñas')}, {cuantos(resultado.borrados.avisos, 'aviso', 'avisos')} y{' '}
        {cuantos(resultado.borrados.cupones, 'cupón', 'cupones')}.
      </p>
      {pedidos.length > 0 && (
        <>
          <h3>Sus pedidos, ahora a nombre de «Cliente eliminado»</h3>
          <ul className="bo-lista-simple">
            {pedidos.map((pedido) => (
              <li key={pedido.idVenta}>
                <Link href={`/pedidos/${pedido.idVenta}`}>Pedido N.° {pedido.idVenta}</Link> · {soles(toSoles(pedido.total))}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

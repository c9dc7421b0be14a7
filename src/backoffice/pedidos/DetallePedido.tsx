import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { DetallePedidoBackoffice } from '../../lib/api/backoffice-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { ESTADO_PANEL, fechaHora, nombreMetodo, soles } from '../formato.ts';
import { Texto } from '../marco/Campo.tsx';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';
import AccionesPedido from './AccionesPedido.tsx';
import { nombreDeCourier } from './courier.ts';

/** The query key of one order's detail. */
export const clavePedido = (id: number) => ['pedido', id] as const;

/** An order's detail: its actions for its state, lines, customer, delivery, timeline, payments, receipts and internal notes. */
export default function DetallePedido({ id }: { id: number }) {
  const cliente = useCliente();
  const detalle = useQuery({ queryKey: clavePedido(id), queryFn: () => cliente.order(id), enabled: Number.isSafeInteger(id) && id > 0 });
  if (!Number.isSafeInteger(id) || id <= 0)
    return (
      <Pantalla titulo="Pedido no encontrado">
        <p>
          <Link href="/pedidos">Volver a los pedidos</Link>
        </p>
      </Pantalla>
    );
  return (
    <Pantalla titulo={`Pedido N.° ${id}`} acciones={<Link href="/pedidos">← Volver a los pedidos</Link>}>
      {detalle.isPending ? (
        <Cargando />
      ) : detalle.isError ? (
        <p role="alert">{mensajeDe(detalle.error)}</p>
      ) : (
        <Detalle pedido={detalle.data.pedido} />
      )}
    </Pantalla>
  );
}

/** A refund's state as the owner reads it: a failed one is hers to refund by hand. */
const ESTADO_REEMBOLSO = {
  pendiente: 'pendiente (el proveedor aún no responde; se reintenta)',
  aprobado: 'devuelto al cliente',
  fallido: 'no se pudo: devuélvelo a mano',
} as const;

function Detalle({ pedido }: { pedido: DetallePedidoBackoffice }) {
  return (
    <div className="bo-detalle">
      <section className="card bo-detalle__resumen" aria-labelledby="bo-resumen">
        <h2 id="bo-resumen" className="visually-hidden">
          Resumen
        </h2>
        <p>
          <span className={`bo-estado bo-estado--${pedido.estado.replace(/\s+/g, '-').toLowerCase()}`}>{ESTADO_PANEL[pedido.estado]}</span>{' '}
          {pedido.pagado ? <span className="pill pill--success">Pagado</span> : <span className="pill">Sin pagar</span>}
        </p>
        <p>
          {fechaHora(pedido.fecha)} · <strong>{soles(pedido.total)}</strong> · {nombreMetodo(pedido.metodo_pago)}
        </p>
        {pedido.alerta && (
          <p className="bo-etiqueta bo-etiqueta--alerta" role="note">
            Alerta: {pedido.alerta}
          </p>
        )}
      </section>
      <AccionesPedido pedido={pedido} />
      <section className="card" aria-labelledby="bo-productos">
        <h2 id="bo-productos">Productos</h2>
        <ul className="bo-lineas">
          {pedido.productos.map((linea) => (
            <li key={`${linea.idProducto}-${linea.color}-${linea.tamano}`} className="bo-linea">
              <img src={linea.img} alt="" width={56} height={56} loading="lazy" />
              <div>
                <p>
                  <strong>{linea.nombreProducto}</strong>
                </p>
                <p className="bo-nota">{[linea.color, linea.tamano].filter(Boolean).join(' · ') || 'Único'}</p>
              </div>
              <p>
                {linea.cantidad} × {soles(linea.precio_con_descuento)}
              </p>
            </li>
          ))}
        </ul>
        <dl className="bo-totales">
          <div>
            <dt>Subtotal</dt>
            <dd>{soles(pedido.subtotal)}</dd>
          </div>
          {pedido.descuento > 0 && (
            <div>
              <dt>Descuento{pedido.codigo_descuento ? ` (${pedido.codigo_descuento})` : ''}</dt>
              <dd>−{soles(pedido.descuento)}</dd>
            </div>
          )}
          <div>
            <dt>Envío</dt>
            <dd>{pedido.envio === 0 ? 'Gratis' : soles(pedido.envio)}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>
              <strong>{soles(pedido.total)}</strong>
            </dd>
          </div>
        </dl>
      </section>
      <section className="card" aria-labelledby="bo-cliente">
        <h2 id="bo-cliente">Cliente</h2>
        <p>
          {pedido.cliente.nombre} {pedido.cliente.apellido}
        </p>
        <p>
          {pedido.cliente.documento_tipo} {pedido.cliente.documento_numero}
        </p>
        <p>
          <a href={`mailto:${pedido.cliente.correo}`}>{pedido.cliente.correo}</a> ·{' '}
          <a href={`tel:${pedido.cliente.telefono}`}>{pedido.cliente.telefono}</a>
        </p>
      </section>
      <section className="card" aria-labelledby="bo-entrega">
        <h2 id="bo-entrega">Entrega</h2>
        <p>{pedido.recojo ? `Recojo en tienda: ${pedido.metodo_envio}` : pedido.metodo_envio}</p>
        {!pedido.recojo && <p>{pedido.direccion}</p>}
        {pedido.instrucciones && <p className="bo-nota">Indicaciones: {pedido.instrucciones}</p>}
        {pedido.horario && <p className="bo-nota">Horario: {pedido.horario}</p>}
        {pedido.seguimiento && (
          <p>
            {nombreDeCourier(pedido.seguimiento.courier)} · guía <strong>{pedido.seguimiento.guia}</strong>
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="bo-pasos">
        <h2 id="bo-pasos">Historial</h2>
        <ol className="bo-pasos">
          {pedido.pasos.map((paso, indice) => (
            <li key={indice}>
              <p>
                <strong>{ESTADO_PANEL[paso.estado]}</strong> · {fechaHora(paso.fecha)}
              </p>
              <p className="bo-nota">Por {paso.actor}</p>
              {paso.nota && <p>{paso.nota}</p>}
            </li>
          ))}
        </ol>
      </section>
      <section className="card" aria-labelledby="bo-pagos">
        <h2 id="bo-pagos">Pagos</h2>
        {pedido.pagos.length === 0 ? (
          <p className="bo-nota">Sin pagos registrados.</p>
        ) : (
          <ul className="bo-lista-simple">
            {pedido.pagos.map((pago) => (
              <li key={pago.id}>
                {pago.tipo} · {soles(pago.monto)} · {pago.estado}
                {pago.del_pedido && ' (pagó el pedido)'} · <span className="bo-nota">{fechaHora(pago.fecha)}</span>
                {pago.detalle && <span className="bo-nota"> · {pago.detalle}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      {!!pedido.reembolsos?.length && (
        <section className="card" aria-labelledby="bo-reembolsos">
          <h2 id="bo-reembolsos">Reembolsos</h2>
          <ul className="bo-lista-simple">
            {pedido.reembolsos.map((reembolso) => (
              <li key={reembolso.id}>
                <strong>{soles(reembolso.monto)}</strong> · {ESTADO_REEMBOLSO[reembolso.estado]}
                {reembolso.devolucion !== null ? ` · devolución N.° ${reembolso.devolucion}` : ' · el pedido entero'} ·{' '}
                <span className="bo-nota">
                  {fechaHora(reembolso.fecha)} · {reembolso.quien}
                </span>
                <p className="bo-nota">Motivo: {reembolso.motivo}</p>
                {reembolso.mensaje && <p className="bo-nota">{reembolso.mensaje}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="card" aria-labelledby="bo-comprobantes">
        <h2 id="bo-comprobantes">Comprobantes</h2>
        {pedido.comprobantes.length === 0 ? (
          <p className="bo-nota">Aún sin comprobantes.</p>
        ) : (
          <ul className="bo-lista-simple">
            {pedido.comprobantes.map((comprobante) => (
              <li key={comprobante.numero}>
                <a href={comprobante.url} target="_blank" rel="noopener noreferrer">
                  {comprobante.nombre} {comprobante.numero}
                </a>{' '}
                · {soles(comprobante.total)} · {comprobante.estado}
                {comprobante.prueba && ' (de prueba)'}
              </li>
            ))}
          </ul>
        )}
      </section>
      <NotasInternas pedido={pedido} />
    </div>
  );
}

/** Staff notes on the order (the customer never sees them), and a form to add one. */
function NotasInternas({ pedido }: { pedido: DetallePedidoBackoffice }) {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const [aviso, setAviso] = useState<{ error?: string; ok?: string }>({});
  const { register, handleSubmit, reset, formState } = useForm({ defaultValues: { texto: '' } });
  const agregar = handleSubmit(async ({ texto }) => {
    setAviso({});
    try {
      const respuesta = await cliente.addOrderNote(pedido.idVenta, texto.trim());
      reset({ texto: '' });
      setAviso({ ok: respuesta.mensaje });
      await consultas.invalidateQueries({ queryKey: clavePedido(pedido.idVenta) });
    } catch (fallo) {
      setAviso({ error: mensajeDe(fallo) });
    }
  });
  return (
    <section className="card" aria-labelledby="bo-notas">
      <h2 id="bo-notas">Notas internas</h2>
      {pedido.notasInternas.length === 0 ? (
        <p className="bo-nota">Sin notas.</p>
      ) : (
        <ul className="bo-lista-simple">
          {pedido.notasInternas.map((nota) => (
            <li key={nota.id}>
              <p>{nota.texto}</p>
              <p className="bo-nota">
                {nota.autor} · {fechaHora(nota.fecha)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form className="bo-form" onSubmit={(event) => void agregar(event)} noValidate>
        <Texto
          etiqueta="Nueva nota"
          pista="Solo la ve el equipo de la tienda."
          rows={3}
          maxLength={1000}
          problema={formState.errors.texto?.message}
          {...register('texto', { validate: (texto) => texto.trim() !== '' || 'Escribe la nota.' })}
        />
        <Aviso error={aviso.error} ok={aviso.ok} />
        <button type="submit" className="btn btn--outline bo-btn--sm" disabled={formState.isSubmitting}>
          Agregar nota
        </button>
      </form>
    </section>
  );
}

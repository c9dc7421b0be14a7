import { useEffect, useState } from 'react';
import { fetchOrderDetail } from '../../lib/api/checkout-client.ts';
import type { DetallePedido } from '../../lib/api/checkout-schemas.ts';
import CuentasTransferencia from '../checkout/CuentasTransferencia.tsx';
import type { ComprobantePedido } from '../../lib/api/comprobantes-schemas.ts';
import { API_BASE } from '../../lib/api/request.ts';
import { lineasDevolucion, textoDevolucion } from '../../lib/orders/devoluciones.ts';
import { fechaCorta } from '../../lib/orders/timeline.ts';
import { formatSoles, round2 } from '../../lib/pricing/index.ts';
import { productPath } from '../../lib/catalogue/routes.ts';
import { reclamoDePedidoPath } from '../../lib/reclamos/pedido.ts';
import { ANCLA_ESCRIBIR_RESENA } from '../../lib/resenas/mostrar.ts';
import Modal from '../../ui/Modal.tsx';
import TotalsRows from '../../ui/TotalsRows.tsx';
import { EstadoBadge } from './OrderCard.tsx';
import OrderTimeline from './OrderTimeline.tsx';

/** The detail modal's spinner runs at least this long (checkout §9). */
const SPINNER_MS = 800;

type Estado = { kind: 'cargando' } | { kind: 'listo'; pedido: DetallePedido } | { kind: 'error' };

const ESTADO_COMPROBANTE: Record<ComprobantePedido['estado'], string | null> = {
  aceptado: null,
  pendiente: 'en proceso',
  rechazado: 'rechazado',
};

/** The order's electronic receipts (issue 23): each number, its state until SUNAT accepts it, and its page (and PDF) in a new tab. */
function Comprobantes({ comprobantes }: { comprobantes: ComprobantePedido[] }) {
  return (
    <ul className="order-comprobantes" aria-label="Comprobantes">
      {comprobantes.map((comprobante) => {
        const estado = ESTADO_COMPROBANTE[comprobante.estado];
        return (
          <li key={comprobante.numero} className="order-comprobante" data-testid="comprobante">
            <span className="order-comprobante__number">
              {comprobante.tipo === '07' ? 'Nota de crédito' : 'Comprobante'}: {comprobante.numero}
            </span>
            {estado && <span className={`order-comprobante__state order-comprobante__state--${comprobante.estado}`}>({estado})</span>}
            {comprobante.prueba && <span className="order-comprobante__prueba">(modo de prueba)</span>}
            <span className="order-comprobante__links">
              <a
                href={comprobante.url.startsWith('/') ? API_BASE + comprobante.url : comprobante.url}
                target="_blank"
                rel="noopener noreferrer"
              >
                Ver comprobante
              </a>
              {comprobante.pdf && (
                <a href={comprobante.pdf} target="_blank" rel="noopener noreferrer">
                  PDF
                </a>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function Detail({ pedido }: { pedido: DetallePedido }) {
  const cancelado = pedido.historial.findLast((entry) => entry.estado === 'CANCELADO');
  // Only a delivered order's buyer may review its products (issue 25): the link opens the product page's form.
  const entregado = pedido.estado === 'ENTREGADO';
  return (
    <div className="order-detail">
      <div className="order-detail__top">
        <div>
          <p className="order-detail__number">Pedido N.° {pedido.idVenta}</p>
          <p className="order-detail__date">Realizado el {fechaCorta(pedido.fecha)}</p>
        </div>
        <EstadoBadge estado={pedido.estado} />
      </div>
      {pedido.estado === 'CANCELADO' && (
        <p className="order-detail__cancelled" data-testid="pedido-cancelado">
          Este pedido fue cancelado{cancelado ? ` el ${fechaCorta(cancelado.fecha)}` : ''}.
        </p>
      )}
      {pedido.estado === 'PENDIENTE' && (
        <p className="order-detail__pending">
          {pedido.transferencia ? 'Estamos esperando tu transferencia.' : 'Estamos esperando la confirmación de tu pago.'}
        </p>
      )}
      {pedido.transferencia && <CuentasTransferencia idVenta={pedido.idVenta} datos={pedido.transferencia} />}
      <OrderTimeline pedido={pedido} />

      <h3 className="order-detail__heading">Productos ({pedido.productos_comprados})</h3>
      <ul className="order-lines">
        {pedido.productos.map((linea, index) => (
          <li key={index} className="order-line" data-testid="linea-pedido">
            <img src={linea.img} alt="" width="64" height="64" loading="lazy" decoding="async" />
            <div className="order-line__info">
              <a className="order-line__name" href={productPath({ idProducto: linea.idProducto, nombre: linea.nombreProducto })}>
                {linea.nombreProducto}
              </a>
              {(linea.color || linea.tamano) && (
                <span className="order-line__options">{[linea.color, linea.tamano].filter(Boolean).join(' · ')}</span>
              )}
              <span className="order-line__qty">
                {linea.cantidad} × {formatSoles(linea.precio_con_descuento)}
                {linea.precio_unitario > linea.precio_con_descuento && (
                  <s className="order-line__was">{formatSoles(linea.precio_unitario)}</s>
                )}
              </span>
              {entregado && (
                <a
                  className="order-line__resena"
                  href={`${productPath({ idProducto: linea.idProducto, nombre: linea.nombreProducto })}#${ANCLA_ESCRIBIR_RESENA}`}
                  aria-label={`Escribir reseña de ${linea.nombreProducto}`}
                >
                  Escribir reseña
                </a>
              )}
            </div>
            <span className="order-line__total">{formatSoles(round2(linea.cantidad * linea.precio_con_descuento))}</span>
          </li>
        ))}
      </ul>

      <div className="order-detail__grid">
        <section>
          <h3 className="order-detail__heading">{pedido.recojo ? 'Recojo en tienda' : 'Envío a domicilio'}</h3>
          <p className="order-detail__text">{pedido.metodo_envio}</p>
          <p className="order-detail__text order-detail__muted" data-testid="direccion-pedido">
            {pedido.direccion}
          </p>
          {pedido.seguimiento && (
            <p className="order-detail__text" data-testid="seguimiento">
              {pedido.seguimiento.courier} · Guía N.° {pedido.seguimiento.guia}
              {pedido.seguimiento.url && (
                <>
                  {' · '}
                  <a href={pedido.seguimiento.url} target="_blank" rel="noopener noreferrer">
                    Rastrear envío
                  </a>
                </>
              )}
            </p>
          )}
          <h3 className="order-detail__heading">Método de pago</h3>
          <p className="order-detail__text">{pedido.metodo_pago}</p>
        </section>
        <section>
          <h3 className="order-detail__heading">Resumen</h3>
          <TotalsRows
            className="order-detail__totals"
            filas={[
              { label: 'Subtotal', valor: formatSoles(pedido.subtotal) },
              !!pedido.codigo_descuento && {
                label: (
                  <>
                    Cupón {pedido.codigo_descuento}
                    {pedido.porcentaje_descuento > 0 ? ` (${pedido.porcentaje_descuento}%)` : ''}
                  </>
                ),
                valor: <>-{formatSoles(pedido.descuento)}</>,
              },
              { label: 'Envío', valor: pedido.envio > 0 ? formatSoles(pedido.envio) : 'Gratis' },
              { label: 'Total', valor: formatSoles(pedido.total), className: 'order-detail__total', testId: 'total-pedido' },
            ]}
          />
        </section>
      </div>
      {!!pedido.devoluciones?.length && (
        <section className="order-detail__devoluciones">
          <h3 className="order-detail__heading">Devoluciones</h3>
          <ul className="order-devoluciones">
            {pedido.devoluciones.map((devolucion, index) => (
              <li key={index} className="order-devolucion" data-testid="devolucion">
                <p className="order-devolucion__title">{textoDevolucion(devolucion)}</p>
                <p className="order-detail__text order-detail__muted">{lineasDevolucion(devolucion).join(' · ')}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {!!pedido.comprobantes?.length && (
        <section className="order-detail__comprobantes">
          <h3 className="order-detail__heading">Comprobantes</h3>
          <Comprobantes comprobantes={pedido.comprobantes} />
        </section>
      )}
      <p className="order-detail__reclamo">
        ¿Algo no salió bien con este pedido? <a href={reclamoDePedidoPath(pedido.idVenta)}>Presentar un reclamo</a>
      </p>
    </div>
  );
}

/** 'Detalle del Pedido' (checkout §2): the order's lines, delivery, payment, coupon, totals and timeline. */
export default function OrderDetailModal({ idVenta, token, onClose }: { idVenta: number; token: string; onClose: () => void }) {
  const [estado, setEstado] = useState<Estado>({ kind: 'cargando' });

  useEffect(() => {
    let live = true;
    const spinner = new Promise((resolve) => setTimeout(resolve, SPINNER_MS));
    Promise.all([fetchOrderDetail(idVenta, token), spinner])
      .then(([pedido]) => live && setEstado({ kind: 'listo', pedido }))
      .catch((error: unknown) => {
        console.error('No se pudo cargar el detalle del pedido', error);
        if (live) setEstado({ kind: 'error' });
      });
    return () => {
      live = false;
    };
  }, [idVenta, token]);

  return (
    <Modal title="Detalle del Pedido" onClose={onClose} size="wide">
      {estado.kind === 'cargando' && (
        <div className="order-detail__loading" role="status">
          <span className="kb-spinner" aria-hidden="true" />
          <span className="visually-hidden">Cargando el detalle del pedido…</span>
        </div>
      )}
      {estado.kind === 'error' && (
        <p className="order-detail__error" role="alert">
          No se pudo cargar el detalle del pedido. Intenta nuevamente.
        </p>
      )}
      {estado.kind === 'listo' && <Detail pedido={estado.pedido} />}
    </Modal>
  );
}

import { Link } from 'wouter';
import {
  ESTADOS_CIERRE_COMPROBANTE,
  NOMBRE_ESTADO_COMPROBANTE,
  type Cierre,
  type ComprobanteCierre,
  type ConsultaCierre,
  type PedidoCierre,
  type TablaCierre,
  type TopCierre,
} from '../../lib/api/cierre-schemas.ts';
import { ESTADO_PANEL, fechaHora, nombreMetodo } from '../formato.ts';
import type { EstadoPedido } from '../../lib/api/checkout-schemas.ts';
import { Cifra, DescargarCsv, centimos, type OrdenDeCifra } from './partes.tsx';
import { TablaCierre as Tabla } from './Tabla.tsx';

/** The tables of the close, each figure opening the orders behind it. */

const enlacePedido = (id: number) => <Link href={`/pedidos/${id}`}>N.° {id}</Link>;
const deMercadoPago = (p: Pick<PedidoCierre, 'grupo' | 'metodo'>) => p.grupo !== 'prueba' && p.metodo !== 'transferencia';
const ordenes = (pedidos: PedidoCierre[], monto: (p: PedidoCierre) => number = (p) => p.total): OrdenDeCifra[] =>
  pedidos.map((p) => ({ pedido: p.id, monto: monto(p) }));

/** Sales by payment group, with the period's total. */
export function Metodos({ cierre }: { cierre: Cierre }) {
  return (
    <Tabla
      titulo="Ventas por medio de pago"
      vacio="No se pagó ningún pedido en este periodo."
      filas={cierre.metodos}
      clave={(m) => m.grupo}
      columnas={[
        { titulo: 'Medio de pago', celda: (m) => m.nombre },
        { titulo: 'Pedidos', celda: (m) => m.pedidos, numero: true },
        {
          titulo: 'Total',
          numero: true,
          celda: (m) => <Cifra valor={m.total} etiqueta={m.nombre} filas={ordenes(cierre.pedidos.filter((p) => p.grupo === m.grupo))} />,
        },
      ]}
      pie={['Total', cierre.ventas.pedidos, centimos(cierre.ventas.total)]}
    />
  );
}

/** What Mercado Pago should credit: gross, its fee and the net, as its payments reported them (decision 0223). */
export function MercadoPago({ cierre }: { cierre: Cierre }) {
  const mp = cierre.mercadoPago;
  const suyos = cierre.pedidos.filter(deMercadoPago);
  const conDato = suyos.filter((p) => p.comision !== null && p.neto !== null);
  const sinDato = suyos.filter((p) => p.comision === null || p.neto === null);
  if (mp.pedidos === 0)
    return <p className="bo-vacio">Ningún pago de este periodo pasó por Mercado Pago (los pagos de prueba y las transferencias no).</p>;
  return (
    <>
      <dl className="bo-cierre__datos bo-cierre__mp">
        <div>
          <dt>Bruto ({mp.pedidos} pagos)</dt>
          <dd>
            <Cifra valor={mp.bruto} etiqueta="Mercado Pago, bruto" filas={ordenes(suyos)} />
          </dd>
        </div>
        <div>
          <dt>Comisión de Mercado Pago</dt>
          <dd>
            <Cifra valor={mp.comision} etiqueta="la comisión" filas={ordenes(conDato, (p) => p.comision!)} />
            {mp.sinDato > 0 ? <span className="bo-cierre__cuenta"> + sin dato en {mp.sinDato}</span> : null}
          </dd>
        </div>
        <div>
          <dt>Neto que abona</dt>
          <dd>
            <Cifra valor={mp.neto} etiqueta="el neto" filas={ordenes(conDato, (p) => p.neto!)} />
            {mp.sinDato > 0 ? <span className="bo-cierre__cuenta"> + sin dato en {mp.sinDato}</span> : null}
          </dd>
        </div>
        {mp.sinDato > 0 ? (
          <div>
            <dt>Comisión sin dato ({mp.sinDato} pagos)</dt>
            <dd>
              <Cifra valor={mp.brutoSinDato} etiqueta="los pagos sin dato de comisión" filas={ordenes(sinDato)} />
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="bo-nota">
        La comisión y el neto son los que Mercado Pago informó en cada pago; si un pago no los trae, dice «sin dato»: revísalo en tu cuenta
        de Mercado Pago, no lo estimamos.
      </p>
    </>
  );
}

/** Every paid order of the period. */
export function PedidosPagados({ cierre }: { cierre: Cierre }) {
  const mp = (p: PedidoCierre, valor: number | null) => (!deMercadoPago(p) ? '—' : valor === null ? 'sin dato' : centimos(valor));
  return (
    <Tabla
      titulo="Pedidos pagados"
      vacio="No se pagó ningún pedido en este periodo."
      filas={cierre.pedidos}
      clave={(p) => p.id}
      columnas={[
        { titulo: 'Pedido', celda: (p) => enlacePedido(p.id) },
        { titulo: 'Pagado', celda: (p) => fechaHora(p.pagado) },
        { titulo: 'Cliente', celda: (p) => p.cliente },
        { titulo: 'Medio', celda: (p) => `${nombreMetodo(p.metodo)}${p.grupo === 'prueba' ? ' (prueba)' : ''}` },
        { titulo: 'Estado', celda: (p) => ESTADO_PANEL[p.estado as EstadoPedido] ?? p.estado },
        { titulo: 'Total', celda: (p) => centimos(p.total), numero: true },
        { titulo: 'Comisión MP', celda: (p) => mp(p, p.comision), numero: true },
        { titulo: 'Neto MP', celda: (p) => mp(p, p.neto), numero: true },
      ]}
    />
  );
}

/** The refunds asked of the provider in the period. */
export function Reembolsos({ cierre }: { cierre: Cierre }) {
  return (
    <Tabla
      titulo="Reembolsos"
      vacio="No hubo reembolsos en este periodo."
      filas={cierre.reembolsos.filas}
      clave={(r) => r.id}
      columnas={[
        { titulo: 'Pedido', celda: (r) => enlacePedido(r.pedido) },
        { titulo: 'Fecha', celda: (r) => fechaHora(r.creado) },
        { titulo: 'Tipo', celda: (r) => r.tipo },
        { titulo: 'Estado', celda: (r) => r.estado },
        { titulo: 'Motivo', celda: (r) => r.motivo },
        { titulo: 'Monto', celda: (r) => centimos(r.monto), numero: true },
      ]}
      pie={['Total', null, null, null, null, centimos(cierre.reembolsos.total)]}
    />
  );
}

/** The columns of a receipt. */
const columnasComprobante = [
  { titulo: 'Número', celda: (c: ComprobanteCierre) => <Link href={`/comprobantes/${c.numero}`}>{c.numero}</Link> },
  { titulo: 'Pedido', celda: (c: ComprobanteCierre) => enlacePedido(c.pedido) },
  { titulo: 'Emitido', celda: (c: ComprobanteCierre) => fechaHora(c.emitido) },
  { titulo: 'Estado', celda: (c: ComprobanteCierre) => NOMBRE_ESTADO_COMPROBANTE[c.estado] },
  { titulo: 'Modifica', celda: (c: ComprobanteCierre) => c.modifica ?? '—' },
  { titulo: 'Total', celda: (c: ComprobanteCierre) => centimos(c.total), numero: true },
];

/** The credit notes numbered in the period. */
export function NotasDeCredito({ cierre }: { cierre: Cierre }) {
  return (
    <Tabla
      titulo="Notas de crédito"
      vacio="No se emitieron notas de crédito en este periodo."
      filas={cierre.notas.filas}
      clave={(c) => c.numero}
      columnas={columnasComprobante}
      pie={['Total', null, null, null, null, centimos(cierre.notas.total)]}
    />
  );
}

/** The receipts by series and state (each figure opening its orders), then every receipt. */
export function Comprobantes({ cierre, csv }: { cierre: Cierre; csv: { tabla: TablaCierre; consulta: ConsultaCierre } }) {
  return (
    <>
      <Tabla
        titulo="Comprobantes por serie"
        vacio="No se emitieron comprobantes en este periodo."
        filas={cierre.series}
        clave={(s) => s.serie}
        columnas={[
          { titulo: 'Serie', celda: (s) => `${s.serie} · ${s.nombre}` },
          ...ESTADOS_CIERRE_COMPROBANTE.map((estado) => ({
            titulo: NOMBRE_ESTADO_COMPROBANTE[estado],
            numero: true,
            celda: (s: Cierre['series'][number]) => (
              <>
                <span className="bo-cierre__cuenta">{s.estados[estado].cantidad} · </span>
                <Cifra
                  valor={s.estados[estado].total}
                  etiqueta={`${s.serie}, ${NOMBRE_ESTADO_COMPROBANTE[estado].toLowerCase()}`}
                  filas={cierre.comprobantes
                    .filter((c) => c.serie === s.serie && c.estado === estado)
                    .map((c) => ({ pedido: c.pedido, monto: c.total, detalle: c.numero }))}
                />
              </>
            ),
          })),
        ]}
      />
      {cierre.comprobantes.length > 0 ? (
        <details className="bo-cifra bo-cierre__todos">
          <summary>
            {cierre.comprobantes.length === 1 ? 'Ver el comprobante' : `Ver los ${cierre.comprobantes.length} comprobantes`}
          </summary>
          <DescargarCsv tabla={csv.tabla} consulta={csv.consulta} titulo="Comprobantes" />
          <Tabla
            titulo="Comprobantes del periodo"
            vacio=""
            filas={cierre.comprobantes}
            clave={(c) => c.numero}
            columnas={columnasComprobante}
          />
        </details>
      ) : null}
    </>
  );
}

/** The best-selling products or brands: units and soles, each opening its orders. */
export function Top({ filas, producto }: { filas: TopCierre[]; producto: boolean }) {
  const titulo = producto ? 'Productos más vendidos' : 'Marcas más vendidas';
  return (
    <Tabla
      titulo={titulo}
      vacio="Nada vendido en este periodo."
      filas={filas}
      clave={(t) => `${t.id ?? ''}-${t.nombre}`}
      columnas={[
        { titulo: producto ? 'Producto' : 'Marca', celda: (t) => t.nombre },
        ...(producto ? [{ titulo: 'Marca', celda: (t: TopCierre) => t.marca }] : []),
        { titulo: 'Unidades', celda: (t) => t.unidades, numero: true },
        {
          titulo: 'Total',
          numero: true,
          celda: (t) => (
            <Cifra
              valor={t.total}
              etiqueta={t.nombre}
              filas={t.pedidos.map((p) => ({ pedido: p.pedido, monto: p.total, detalle: `${p.unidades} u.` }))}
            />
          ),
        },
      ]}
    />
  );
}

import type { DatosTransferencia } from '../../lib/api/transferencia-schemas.ts';
import { fechaHoraLarga } from '../../lib/dates.ts';
import { formatSoles } from '../../lib/pricing/index.ts';
import './transferencia.css';

interface Props {
  idVenta: number;
  datos: DatosTransferencia;
}

/**
 * How to pay a bank-transfer order (issue 36): the exact amount, the deadline, the shop's accounts (number
 * and CCI) and the order number to write in the transfer. The pending page after the checkout and Mis
 * Compras show it while the order waits for its transfer.
 */
export default function CuentasTransferencia({ idVenta, datos }: Props) {
  return (
    <section className="transfer" aria-labelledby={`transfer-${idVenta}`} data-testid="cuentas-transferencia">
      <h2 id={`transfer-${idVenta}`} className="transfer__title">
        Paga tu pedido N.° {idVenta} por transferencia
      </h2>
      <p className="transfer__amount">
        Transfiere exactamente <strong data-testid="monto-transferencia">{formatSoles(datos.monto)}</strong>
      </p>
      <p className="transfer__deadline">
        Reservamos tus productos hasta el <strong>{fechaHoraLarga(datos.vence)}</strong> (hora de Lima). Escribe tu número de pedido (
        {idVenta}) en el concepto o la referencia; confirmaremos tu pedido al recibir la transferencia. Si no la recibimos a tiempo, lo
        cancelamos y no se te cobra nada.
      </p>
      <ul className="transfer__accounts">
        {datos.cuentas.map((cuenta) => (
          <li key={`${cuenta.banco}-${cuenta.cuenta}`} className="transfer__account">
            <h3 className="transfer__bank">{cuenta.banco}</h3>
            <dl>
              <div>
                <dt>Cuenta</dt>
                <dd>{cuenta.cuenta}</dd>
              </div>
              <div>
                <dt>CCI</dt>
                <dd>{cuenta.cci}</dd>
              </div>
              <div>
                <dt>Titular</dt>
                <dd>{cuenta.titular}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {datos.demo && <p className="transfer__demo">Tienda de demostración: estas cuentas no son reales.</p>}
    </section>
  );
}

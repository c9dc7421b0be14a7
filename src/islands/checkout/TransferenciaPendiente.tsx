import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { fetchOrderDetail } from '../../lib/api/checkout-client.ts';
import type { DetallePedido } from '../../lib/api/checkout-schemas.ts';
import { metodoDeLaLista } from '../../lib/api/metodos-pago.ts';
import { orderIdOf, readPaymentResult } from '../../lib/checkout/payment-result.ts';
import { $token } from '../../stores/auth.ts';
import CuentasTransferencia from './CuentasTransferencia.tsx';

const TRANSFERENCIA = metodoDeLaLista('transferencia').id;

type Estado = { kind: 'nada' } | { kind: 'cargando' } | { kind: 'listo'; pedido: DetallePedido } | { kind: 'sin-datos' };

/**
 * The pending page's part for a bank-transfer order (issue 36): /pending?external_reference=N&metodo=transferencia,
 * where the checkout sends the shopper once the order is reserved. Signed in, it shows the accounts, the
 * exact amount and the deadline (the order's own, from the server); otherwise where to find them. Any
 * other pending payment shows nothing here.
 */
export default function TransferenciaPendiente() {
  const token = useStore($token);
  const [estado, setEstado] = useState<Estado>({ kind: 'nada' });

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const idVenta = orderIdOf(readPaymentResult(location.search));
    if (params.get('metodo') !== TRANSFERENCIA || !idVenta) return setEstado({ kind: 'nada' });
    if (!token) return setEstado({ kind: 'sin-datos' });
    let live = true;
    setEstado({ kind: 'cargando' });
    fetchOrderDetail(idVenta, token)
      .then((pedido) => live && setEstado({ kind: 'listo', pedido }))
      .catch((error: unknown) => {
        console.error('No se pudo consultar el pedido', error);
        if (live) setEstado({ kind: 'sin-datos' });
      });
    return () => {
      live = false;
    };
  }, [token]);

  if (estado.kind === 'nada') return null;
  if (estado.kind === 'cargando') return <div className="pay-result__loading" aria-busy="true" />;
  if (estado.kind === 'listo' && estado.pedido.transferencia)
    return <CuentasTransferencia idVenta={estado.pedido.idVenta} datos={estado.pedido.transferencia} />;
  if (estado.kind === 'listo' && estado.pedido.pagado)
    return (
      <p className="pay-result__status" role="status" data-testid="transferencia-confirmada">
        Ya recibimos tu transferencia: tu pedido N.° {estado.pedido.idVenta} está confirmado.
      </p>
    );
  return (
    <p className="pay-result__status" role="status" data-testid="transferencia-sin-datos">
      Te enviamos por correo nuestras cuentas bancarias y el monto exacto; también los ves en Mis Compras, en el detalle de tu pedido.
    </p>
  );
}

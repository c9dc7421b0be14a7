import { describe, expect, it } from 'vitest';
import { ESTADOS_PEDIDO, type EstadoPedido } from '../../lib/api/checkout-schemas.ts';
import { nextStates, transitionRefusal } from './life.ts';

/** What checkout §4 allows the operator, written out independently of TRANSICIONES. */
const OPERADOR = {
  recojo: ['PENDIENTE>CANCELADO', 'EN PREPARACION>LISTO PARA RECOGER', 'EN PREPARACION>CANCELADO', 'LISTO PARA RECOGER>ENTREGADO'],
  envio: ['PENDIENTE>CANCELADO', 'EN PREPARACION>EN TRANSITO', 'EN PREPARACION>CANCELADO', 'EN TRANSITO>ENTREGADO'],
};
const SISTEMA = ['PENDIENTE>EN PREPARACION', 'CANCELADO>EN PREPARACION', 'PENDIENTE>CANCELADO'];

const pairs = ESTADOS_PEDIDO.flatMap((desde) => ESTADOS_PEDIDO.map((hacia) => [desde, hacia] as [EstadoPedido, EstadoPedido]));

describe('the table of order transitions', () => {
  it.each([
    ['recojo', true],
    ['envio', false],
  ] as const)('lets the operator make exactly the moves of checkout §4 on a %s order', (kind, recojo) => {
    const allowed = pairs
      .filter(([desde, hacia]) => transitionRefusal({ id: 7, estado: desde, recojo }, hacia, 'operador') === null)
      .map((p) => p.join('>'));
    expect(allowed.sort()).toEqual([...OPERADOR[kind]].sort());
  });

  it('lets payments and expiry make only their own moves, for either kind of order', () => {
    for (const recojo of [true, false]) {
      const allowed = pairs
        .filter(([desde, hacia]) => transitionRefusal({ id: 7, estado: desde, recojo }, hacia, 'sistema') === null)
        .map((p) => p.join('>'));
      expect(allowed.sort()).toEqual([...SISTEMA].sort());
    }
  });

  it('explains every refusal in Spanish, with its own reason for the usual mistakes', () => {
    const pickup = (estado: EstadoPedido) => ({ id: 12, estado, recojo: true });
    const delivery = (estado: EstadoPedido) => ({ id: 12, estado, recojo: false });
    expect(transitionRefusal(delivery('ENTREGADO'), 'EN TRANSITO')).toBe(
      'No se puede pasar el pedido N.° 12 de ENTREGADO a EN TRANSITO: ENTREGADO es un estado final.',
    );
    expect(transitionRefusal(delivery('PENDIENTE'), 'EN PREPARACION')).toMatch(
      /^No se puede pasar el pedido N\.° 12 de PENDIENTE a EN PREPARACION: solo un pago aprobado/,
    );
    expect(transitionRefusal(delivery('PENDIENTE'), 'EN TRANSITO')).toMatch(/aún no se ha pagado/);
    expect(transitionRefusal(pickup('EN PREPARACION'), 'EN TRANSITO')).toBe(
      'El pedido N.° 12 es para recojo en tienda: no pasa por EN TRANSITO; cuando esté listo, pásalo a LISTO PARA RECOGER.',
    );
    expect(transitionRefusal(delivery('EN PREPARACION'), 'LISTO PARA RECOGER')).toBe(
      'El pedido N.° 12 es de envío a domicilio: no se recoge en tienda; cuando salga, pásalo a EN TRANSITO.',
    );
    expect(transitionRefusal(delivery('EN TRANSITO'), 'EN TRANSITO')).toBe('El pedido N.° 12 ya está EN TRANSITO.');
    expect(transitionRefusal(delivery('CANCELADO'), 'EN PREPARACION')).toMatch(/CANCELADO es un estado final/);
    expect(transitionRefusal(delivery('EN TRANSITO'), 'CANCELADO')).toBe('No se puede pasar el pedido N.° 12 de EN TRANSITO a CANCELADO.');
    for (const [desde, hacia] of pairs) {
      const refusal = transitionRefusal(pickup(desde), hacia) ?? transitionRefusal(delivery(desde), hacia);
      if (refusal) expect(refusal).toMatch(/N\.° 12/);
    }
  });

  it('lists the states an order may go to next', () => {
    expect(nextStates({ id: 1, estado: 'EN PREPARACION', recojo: true })).toEqual(['LISTO PARA RECOGER', 'CANCELADO']);
    expect(nextStates({ id: 1, estado: 'EN PREPARACION', recojo: false })).toEqual(['EN TRANSITO', 'CANCELADO']);
    expect(nextStates({ id: 1, estado: 'ENTREGADO', recojo: false })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { DetallePedido } from '../api/checkout-schemas.ts';
import { fechaCorta, lineaDeTiempo, pasosDe } from './timeline.ts';

type Datos = Pick<DetallePedido, 'estado' | 'recojo' | 'historial' | 'fechaEntrega'>;
const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T15:00:00.000Z`;
const historial: Datos['historial'] = [
  { estado: 'PENDIENTE', fecha: at(1) },
  { estado: 'EN PREPARACION', fecha: at(2) },
];
const resumen = (pasos: ReturnType<typeof lineaDeTiempo>) =>
  pasos.map((p) => `${p.etiqueta}${p.alcanzado ? '✓' : ''}${p.actual ? '*' : ''}`);

describe('the order timeline', () => {
  it('has no Listo para Recoger step for delivery and no En Tránsito step for pickup', () => {
    expect(pasosDe(false).map((p) => p.etiqueta)).toEqual(['En preparación', 'En Tránsito', 'Entregado']);
    expect(pasosDe(true).map((p) => p.etiqueta)).toEqual(['En preparación', 'Listo para Recoger', 'Entregado']);
  });

  it('highlights every step up to the current state, with the date each was reached', () => {
    const pasos = lineaDeTiempo({
      estado: 'EN TRANSITO',
      recojo: false,
      fechaEntrega: null,
      historial: [...historial, { estado: 'EN TRANSITO', fecha: at(3) }],
    });
    expect(resumen(pasos)).toEqual(['En preparación✓', 'En Tránsito✓*', 'Entregado']);
    expect(pasos.map((p) => p.fecha)).toEqual([at(2), at(3), null]);
  });

  it('shows a pickup order ready at the shop', () => {
    const pasos = lineaDeTiempo({
      estado: 'LISTO PARA RECOGER',
      recojo: true,
      fechaEntrega: null,
      historial: [...historial, { estado: 'LISTO PARA RECOGER', fecha: at(4) }],
    });
    expect(resumen(pasos)).toEqual(['En preparación✓', 'Listo para Recoger✓*', 'Entregado']);
  });

  it('highlights nothing while the order waits for its payment', () => {
    expect(resumen(lineaDeTiempo({ estado: 'PENDIENTE', recojo: true, fechaEntrega: null, historial: historial.slice(0, 1) }))).toEqual([
      'En preparación',
      'Listo para Recoger',
      'Entregado',
    ]);
  });

  it('never makes Cancelado a step, keeping the steps reached before the cancellation', () => {
    const cancelado = lineaDeTiempo({
      estado: 'CANCELADO',
      recojo: false,
      fechaEntrega: null,
      historial: [...historial, { estado: 'CANCELADO', fecha: at(3) }],
    });
    expect(resumen(cancelado)).toEqual(['En preparación✓', 'En Tránsito', 'Entregado']);
    expect(
      resumen(
        lineaDeTiempo({
          estado: 'CANCELADO',
          recojo: false,
          fechaEntrega: null,
          historial: [historial[0]!, { estado: 'CANCELADO', fecha: at(2) }],
        }),
      ),
    ).toEqual(['En preparación', 'En Tránsito', 'Entregado']);
  });

  it('dates a delivered order by its delivery date, or today when it has none', () => {
    const entregado = { estado: 'ENTREGADO' as const, recojo: true, historial };
    expect(lineaDeTiempo({ ...entregado, fechaEntrega: at(9) }).at(-1)).toMatchObject({ alcanzado: true, actual: true, fecha: at(9) });
    const hoy = new Date(at(20));
    expect(lineaDeTiempo({ ...entregado, fechaEntrega: null }, hoy).at(-1)!.fecha).toBe(hoy.toISOString());
    // Steps the shop skipped are still reached, undated.
    expect(lineaDeTiempo({ ...entregado, fechaEntrega: null }, hoy)[1]).toMatchObject({ alcanzado: true, fecha: null });
  });

  it('writes dates for shoppers in Lima', () => {
    expect(fechaCorta('2026-11-24T03:00:00.000Z')).toMatch(/^23 nov\.? 2026$/);
    expect(fechaCorta(null)).toBe('');
    expect(fechaCorta('no es fecha')).toBe('');
  });
});

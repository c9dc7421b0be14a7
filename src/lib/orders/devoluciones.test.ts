import { describe, expect, it } from 'vitest';
import { lineasDevolucion, textoDevolucion } from './devoluciones.ts';

describe("Mis Compras' words for a return", () => {
  it('gives the day and month in Lima and the amount refunded in soles', () => {
    expect(textoDevolucion({ fecha: '2026-12-12T15:00:00.000Z', monto: 45 })).toBe('Devolución del 12/12: S/ 45.00 reembolsados');
    // 02:00 UTC on the 13th is still the 12th in Lima.
    expect(textoDevolucion({ fecha: '2026-12-13T02:00:00.000Z', monto: 17.82 })).toBe('Devolución del 12/12: S/ 17.82 reembolsados');
  });

  it('lists the units by product', () => {
    expect(
      lineasDevolucion({
        lineas: [
          { nombreProducto: 'Sérum de arroz', cantidad: 2 },
          { nombreProducto: 'Tónico', cantidad: 1 },
        ],
      }),
    ).toEqual(['2 × Sérum de arroz', '1 × Tónico']);
  });
});

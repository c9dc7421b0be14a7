import { describe, expect, it } from 'vitest';
import type { Pedido, PedidoLinea } from '../db/schema/index.ts';
import { baseImponible, comprobanteDeVenta, ComprobanteImposible } from './documento.ts';

const pedido = (overrides: Partial<Pedido> = {}): Pedido =>
  ({
    id: 7,
    total: 0,
    envio: 0,
    subtotal: 0,
    descuento: 0,
    metodoEnvio: 'Recojo en Miraflores',
    recojo: true,
    direccion: 'Av. Larco 123',
    nombre: 'Ana',
    apellido: 'Quispe',
    correo: 'ana@example.pe',
    documentoTipo: 'DNI',
    documentoNumero: '40123456',
    comprobanteTipo: '03',
    facturaRuc: null,
    facturaRazonSocial: null,
    facturaDireccion: null,
    ...overrides,
  }) as Pedido;

const linea = (id: number, cantidad: number, conDescuento: number, cobrado: number): PedidoLinea =>
  ({
    id,
    pedidoId: 7,
    productoId: id,
    nombre: `Producto ${id}`,
    marca: 'COSRX',
    img: '',
    color: '',
    tamano: '50 ml',
    cantidad,
    precioUnitario: conDescuento,
    precioConDescuento: conDescuento,
    precioCobrado: cobrado,
  }) as PedidoLinea;

describe('a comprobante from the order snapshot', () => {
  it('splits each charged line into base and IGV, the coupon as a line discount, and adds up to the charge', () => {
    // Two units at S/ 89.90 with 10 % off (S/ 80.91 each), one at S/ 45.50 without, S/ 12 of delivery.
    const lineas = [linea(1, 2, 8990, 8091), linea(2, 1, 4550, 4550)];
    const total = 2 * 8091 + 4550 + 1200;
    const recibo = comprobanteDeVenta(
      pedido({ total, envio: 1200, recojo: false, metodoEnvio: 'Envío a provincia (2-5 días hábiles)' }),
      lineas,
    );
    expect(recibo.tipo).toBe('03');
    expect(recibo.total).toBe(total);
    expect(recibo.gravada + recibo.igv).toBe(total);
    const [primera, segunda, envio] = recibo.items;
    expect(primera).toMatchObject({
      cantidad: 2,
      precioUnitario: 8990,
      total: 16182,
      valor: baseImponible(16182),
      valorBruto: baseImponible(17980),
      unidad: 'NIU',
      descripcion: 'COSRX · Producto 1 · 50 ml',
    });
    expect(primera!.descuento).toBe(primera!.valorBruto - primera!.valor);
    expect(primera!.descuento).toBeGreaterThan(0);
    expect(segunda!.descuento).toBe(0);
    expect(envio).toMatchObject({
      codigo: 'ENVIO',
      unidad: 'ZZ',
      total: 1200,
      valor: 1017,
      igv: 183,
      descripcion: 'Servicio de envío: Envío a provincia (2-5 días hábiles)',
    });
    for (const item of recibo.items) expect(item.valor + item.igv).toBe(item.total);
    // The IGV of each line is 18 % of its base to within a céntimo (SUNAT's tolerance is a sol).
    for (const item of recibo.items) expect(Math.abs(item.igv - item.valor * 0.18)).toBeLessThanOrEqual(1);
    expect(recibo.cliente).toEqual({
      tipoDocumento: '1',
      numeroDocumento: '40123456',
      denominacion: 'Ana Quispe',
      direccion: 'Av. Larco 123',
      correo: 'ana@example.pe',
    });
  });

  it('has no delivery line when delivery is free or a pickup', () => {
    const recibo = comprobanteDeVenta(pedido({ total: 30000 }), [linea(1, 1, 30000, 30000)]);
    expect(recibo.items).toHaveLength(1);
    expect(recibo.cliente.direccion).toBe('');
  });

  it('names the RUC, razón social and fiscal address on a factura', () => {
    const recibo = comprobanteDeVenta(
      pedido({
        total: 5000,
        comprobanteTipo: '01',
        facturaRuc: '20131312955',
        facturaRazonSocial: 'Botica Sol S.A.C.',
        facturaDireccion: 'Jr. Lampa 100, Lima',
      }),
      [linea(1, 1, 5000, 5000)],
    );
    expect(recibo.tipo).toBe('01');
    expect(recibo.cliente).toMatchObject({
      tipoDocumento: '6',
      numeroDocumento: '20131312955',
      denominacion: 'Botica Sol S.A.C.',
      direccion: 'Jr. Lampa 100, Lima',
    });
  });

  it('names the buyer of a boleta above S/ 700 and refuses one that cannot', () => {
    const caro = pedido({ total: 80000, documentoTipo: 'PASAPORTE', documentoNumero: 'X1234567' });
    expect(comprobanteDeVenta(caro, [linea(1, 1, 80000, 80000)]).cliente).toMatchObject({
      tipoDocumento: '7',
      numeroDocumento: 'X1234567',
      denominacion: 'Ana Quispe',
    });
    expect(() => comprobanteDeVenta({ ...caro, documentoNumero: ' ' }, [linea(1, 1, 80000, 80000)])).toThrow(ComprobanteImposible);
  });

  it('never issues a comprobante whose lines do not add up to the order total', () => {
    expect(() => comprobanteDeVenta(pedido({ total: 5001 }), [linea(1, 1, 5000, 5000)])).toThrow(/no cuadra/);
  });
});

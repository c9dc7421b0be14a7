import { describe, expect, it } from 'vitest';
import { COMPROBANTES } from '../../lib/tienda.ts';
import type { EnvioComprobante } from './proveedor.ts';
import { MENSAJE_PRUEBA, proveedorPrueba, RECHAZO_PRUEBA } from './prueba.ts';

const factura = (ruc: string): EnvioComprobante => ({
  tipo: '01',
  serie: 'F001',
  correlativo: 7,
  emitido: new Date('2026-11-29T15:00:00Z'),
  cliente: { tipoDocumento: '6', numeroDocumento: ruc, denominacion: 'Botica Sol S.A.C.', direccion: 'Lima', correo: 'f@x.pe' },
  items: [],
  gravada: 0,
  igv: 0,
  descuentos: 0,
  total: 0,
});

describe('the test mode of receipts', () => {
  it('accepts every receipt, and rejects a factura to its test RUC as SUNAT rejects a wrong RUC (2017)', async () => {
    expect(await proveedorPrueba.emitir(factura('20131312955'))).toMatchObject({ estado: 'aceptado', mensaje: MENSAJE_PRUEBA });
    expect(await proveedorPrueba.emitir(factura(COMPROBANTES.rucRechazadoEnPrueba))).toEqual({
      estado: 'rechazado',
      mensaje: RECHAZO_PRUEBA,
      codigo: '2017',
    });
    // A boleta to a DNI with the same digits is no factura to that RUC.
    const boleta = factura(COMPROBANTES.rucRechazadoEnPrueba);
    expect(await proveedorPrueba.emitir({ ...boleta, tipo: '03', cliente: { ...boleta.cliente, tipoDocumento: '1' } })).toMatchObject({
      estado: 'aceptado',
    });
  });
});

import { COMPROBANTES } from '../../lib/tienda.ts';
import type { ProveedorComprobantes } from './proveedor.ts';

/** What the test mode records as SUNAT's word: nothing was sent anywhere. */
export const MENSAJE_PRUEBA =
  'Modo de prueba: comprobante numerado y guardado por la tienda, sin enviarse a SUNAT. Sin validez tributaria.';

/** SUNAT's message for code 2017, as the test mode answers a factura to its rejected RUC. */
export const RECHAZO_PRUEBA = 'Modo de prueba: El numero de documento de identidad del receptor debe ser RUC';

/**
 * The offline test mode of electronic receipts (RECEIPTS_TEST_MODE, never on a public site): it
 * accepts every receipt at once without sending it anywhere; the shop's printable page shows it
 * marked 'Sin validez tributaria – modo de prueba'. One rehearsal of SUNAT's rejection: a factura to
 * COMPROBANTES.rucRechazadoEnPrueba is rejected with code 2017, as SUNAT rejects a buyer's wrong RUC,
 * so the owner can practise correcting it and issuing it anew (decision 0212).
 */
export const proveedorPrueba: ProveedorComprobantes = {
  nombre: 'prueba',
  emitir: async (comprobante) =>
    comprobante.cliente.tipoDocumento === '6' && comprobante.cliente.numeroDocumento === COMPROBANTES.rucRechazadoEnPrueba
      ? { estado: 'rechazado', mensaje: RECHAZO_PRUEBA, codigo: '2017' }
      : { estado: 'aceptado', mensaje: MENSAJE_PRUEBA, codigo: null, observaciones: null, pdf: null, xml: null, cdr: null },
  consultar: async () => null,
};

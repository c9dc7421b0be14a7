import type { ProveedorComprobantes } from './proveedor.ts';

/** What the test mode records as SUNAT's word: nothing was sent anywhere. */
export const MENSAJE_PRUEBA =
  'Modo de prueba: comprobante numerado y guardado por la tienda, sin enviarse a SUNAT. Sin validez tributaria.';

/**
 * The offline test mode of electronic receipts (RECEIPTS_TEST_MODE, never on a public site): it
 * accepts every receipt at once without sending it anywhere; the shop's printable page shows it
 * marked 'Sin validez tributaria – modo de prueba'.
 */
export const proveedorPrueba: ProveedorComprobantes = {
  nombre: 'prueba',
  emitir: async () => ({ estado: 'aceptado', mensaje: MENSAJE_PRUEBA, codigo: null, observaciones: null, pdf: null, xml: null, cdr: null }),
  consultar: async () => null,
};

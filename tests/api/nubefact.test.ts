import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nubefactProveedor } from '../../src/server/comprobantes/nubefact.ts';
import { ProveedorNoResponde, type EnvioComprobante } from '../../src/server/comprobantes/proveedor.ts';
import { startNubefactStub, type NubefactStub } from './nubefact-stub.ts';

/** The Nubefact client against a local stand-in of its API: what it sends and how it reads each answer. */
describe('Nubefact client', () => {
  let stub: NubefactStub;
  let numero = 100;
  const boleta = (): EnvioComprobante => ({
    tipo: '03',
    serie: 'B001',
    correlativo: ++numero,
    emitido: new Date('2026-11-26T15:00:00Z'),
    cliente: { tipoDocumento: '1', numeroDocumento: '44556677', denominacion: 'Rosa Huamán', direccion: '', correo: 'rosa@example.pe' },
    items: [{ codigo: '12', descripcion: 'COSRX · Snail Mucin', unidad: 'NIU', cantidad: 3, precioUnitario: 5990, valorBruto: 15229, descuento: 1523, valor: 13706, igv: 2467, total: 16173 }],
    gravada: 13706,
    igv: 2467,
    descuentos: 1523,
    total: 16173,
  });

  beforeAll(async () => {
    stub = await startNubefactStub();
  });
  afterAll(() => stub?.close());

  it("sends the token and Nubefact's JSON, and reads SUNAT's acceptance with the PDF, XML and CDR", async () => {
    stub.modo = 'acepta';
    const client = nubefactProveedor({ url: stub.url, token: stub.token });
    const recibo = boleta();
    const respuesta = await client.emitir(recibo);
    expect(respuesta).toMatchObject({ estado: 'aceptado', codigo: '0', pdf: expect.stringMatching(/\.pdf$/), xml: expect.stringMatching(/\.xml$/), cdr: expect.stringMatching(/\.cdr$/) });
    expect(stub.recibidos.at(-1)).toMatchObject({
      operacion: 'generar_comprobante',
      tipo_de_comprobante: 2,
      serie: 'B001',
      numero: recibo.correlativo,
      fecha_de_emision: '26-11-2026',
      moneda: 1,
      porcentaje_de_igv: 18,
      total_gravada: 137.06,
      total_igv: 24.67,
      total_descuento: 15.23,
      total: 161.73,
      items: [{ unidad_de_medida: 'NIU', cantidad: 3, valor_unitario: 50.7633333333, precio_unitario: 59.9, descuento: 15.23, subtotal: 137.06, tipo_de_igv: 1, igv: 24.67, total: 161.73 }],
    });
    // Asked again (a retry after a lost answer): Nubefact says it exists, and the client answers what it has.
    expect(await client.emitir(recibo)).toMatchObject({ estado: 'aceptado' });
    expect(stub.recibidos.at(-1)).toMatchObject({ operacion: 'consultar_comprobante', serie: 'B001', numero: recibo.correlativo });
    expect(await client.consultar({ tipo: '03', serie: 'B001', correlativo: 99_999 })).toBeNull();
  });

  it("reads SUNAT's rejection with its code and words", async () => {
    stub.modo = 'rechaza';
    expect(await nubefactProveedor({ url: stub.url, token: stub.token }).emitir(boleta())).toEqual({
      estado: 'rechazado',
      codigo: '2800',
      mensaje: 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.',
    });
  });

  it('throws ProveedorNoResponde on a timeout, an outage, a wrong token or an unreachable address', async () => {
    stub.modo = 'lento';
    stub.demoraMs = 500;
    await expect(nubefactProveedor({ url: stub.url, token: stub.token, timeoutMs: 100 }).emitir(boleta())).rejects.toThrow(new ProveedorNoResponde('Nubefact no respondió en 0.1 s.'));
    stub.modo = 'cae';
    await expect(nubefactProveedor({ url: stub.url, token: stub.token }).emitir(boleta())).rejects.toThrow(/Nubefact respondió 500/);
    stub.modo = 'acepta';
    await expect(nubefactProveedor({ url: stub.url, token: 'otro' }).emitir(boleta())).rejects.toThrow(/código 10/);
    await expect(nubefactProveedor({ url: 'http://127.0.0.1:9/api/v1/x', token: stub.token }).emitir(boleta())).rejects.toBeInstanceOf(ProveedorNoResponde);
  });
});

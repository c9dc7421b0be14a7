import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nubefactProveedor, respuestaNubefact } from '../../src/server/comprobantes/nubefact.ts';
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
    items: [
      {
        codigo: '12',
        descripcion: 'COSRX · Snail Mucin',
        unidad: 'NIU',
        cantidad: 3,
        precioUnitario: 5990,
        valorBruto: 15229,
        descuento: 1523,
        valor: 13706,
        igv: 2467,
        total: 16173,
      },
    ],
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
    expect(respuesta).toMatchObject({
      estado: 'aceptado',
      codigo: '0',
      pdf: expect.stringMatching(/\.pdf$/),
      xml: expect.stringMatching(/\.xml$/),
      cdr: expect.stringMatching(/\.cdr$/),
    });
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
      items: [
        {
          unidad_de_medida: 'NIU',
          cantidad: 3,
          valor_unitario: 50.7633333333,
          precio_unitario: 59.9,
          descuento: 15.23,
          subtotal: 137.06,
          tipo_de_igv: 1,
          igv: 24.67,
          total: 161.73,
        },
      ],
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
      // The rejection's files as Nubefact links them: SUNAT's CDR is the proof of it.
      pdf: null,
      xml: expect.stringMatching(/\.xml$/),
      cdr: expect.stringMatching(/\.cdr$/),
    });
  });

  it("reads SUNAT's code ranges in Nubefact's answer fields: 2000–3999 rejected, 0100–1999 not processed, 4000+ accepted with observations", () => {
    const base = { aceptada_por_sunat: false, sunat_description: 'Texto de SUNAT', sunat_note: null };
    expect(respuestaNubefact({ ...base, sunat_responsecode: '2017' })).toEqual({
      estado: 'rechazado',
      codigo: '2017',
      mensaje: 'Texto de SUNAT',
      pdf: null,
      xml: null,
      cdr: null,
    });
    expect(respuestaNubefact({ ...base, sunat_responsecode: '3999' })).toMatchObject({ estado: 'rechazado' });
    expect(
      respuestaNubefact({
        ...base,
        sunat_responsecode: null,
        sunat_soap_error: 'soap-env:Client.2800 El dato ingresado no esta permitido',
      }),
    ).toMatchObject({ estado: 'rechazado', codigo: '2800' });
    expect(respuestaNubefact({ ...base, sunat_responsecode: '0109' })).toEqual({
      estado: 'en-proceso',
      mensaje: 'SUNAT no procesó el comprobante (excepción 0109: Texto de SUNAT); se reenvía con el mismo número.',
    });
    expect(respuestaNubefact({ ...base, sunat_responsecode: '1999' })).toMatchObject({ estado: 'en-proceso' });
    expect(
      respuestaNubefact({ ...base, sunat_responsecode: null, sunat_soap_error: 'soap-env:Server.0130 No se pudo obtener el ticket' }),
    ).toMatchObject({ estado: 'en-proceso' });
    expect(respuestaNubefact({ ...base, sunat_responsecode: null })).toEqual({ estado: 'en-proceso', mensaje: 'Texto de SUNAT' });
    // An observation code is an acceptance, whatever the flag says; a note on an acceptance is kept.
    expect(respuestaNubefact({ ...base, sunat_responsecode: '4287' })).toMatchObject({
      estado: 'aceptado',
      codigo: '4287',
      observaciones: '4287 - Texto de SUNAT',
    });
    expect(
      respuestaNubefact({
        ...base,
        aceptada_por_sunat: true,
        sunat_responsecode: '0',
        sunat_note: '4252 - El dato ingresado como atributo no corresponde',
      }),
    ).toMatchObject({ estado: 'aceptado', observaciones: '4252 - El dato ingresado como atributo no corresponde' });
    expect(respuestaNubefact({ ...base, aceptada_por_sunat: true, sunat_responsecode: '0' })).toMatchObject({
      estado: 'aceptado',
      observaciones: null,
    });
  });

  it("answers each SUNAT path through the stub: a rejected number stays used, an exception's number is sent again, Nubefact's own refusal keeps nothing", async () => {
    const client = nubefactProveedor({ url: stub.url, token: stub.token });
    stub.modo = 'rechaza';
    const rechazada = boleta();
    expect(await client.emitir(rechazada)).toMatchObject({ estado: 'rechazado', codigo: '2800' });
    // Sent again, the number answers as rejected: SUNAT keeps it on record.
    stub.modo = 'acepta';
    expect(await client.emitir(rechazada)).toMatchObject({ estado: 'rechazado', codigo: '2800' });

    stub.modo = 'excepcion';
    const excepcion = boleta();
    expect(await client.emitir(excepcion)).toMatchObject({ estado: 'en-proceso', mensaje: expect.stringMatching(/excepción 0109/) });
    stub.modo = 'acepta';
    expect(await client.emitir(excepcion)).toMatchObject({ estado: 'aceptado', codigo: '0' });

    stub.modo = 'invalido';
    const invalida = boleta();
    expect(await client.emitir(invalida)).toEqual({
      estado: 'devuelto',
      codigo: '21',
      mensaje: 'El número de documento de identidad del cliente no es válido para el tipo de documento indicado',
    });
    stub.modo = 'acepta';
    expect(await client.emitir(invalida)).toMatchObject({ estado: 'aceptado' });

    stub.modo = 'observa';
    expect(await client.emitir(boleta())).toMatchObject({ estado: 'aceptado', observaciones: expect.stringMatching(/^4287 - /) });
  });

  it('throws ProveedorNoResponde on a timeout, an outage, a wrong token or an unreachable address', async () => {
    stub.modo = 'lento';
    stub.demoraMs = 500;
    await expect(nubefactProveedor({ url: stub.url, token: stub.token, timeoutMs: 100 }).emitir(boleta())).rejects.toThrow(
      new ProveedorNoResponde('Nubefact no respondió en 0.1 s.'),
    );
    stub.modo = 'cae';
    await expect(nubefactProveedor({ url: stub.url, token: stub.token }).emitir(boleta())).rejects.toThrow(/Nubefact respondió 500/);
    stub.modo = 'acepta';
    await expect(nubefactProveedor({ url: stub.url, token: 'otro' }).emitir(boleta())).rejects.toThrow(/código 10/);
    await expect(nubefactProveedor({ url: 'http://127.0.0.1:9/api/v1/x', token: stub.token }).emitir(boleta())).rejects.toBeInstanceOf(
      ProveedorNoResponde,
    );
  });
});

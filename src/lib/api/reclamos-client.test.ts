import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, sentCalls, stubFetch } from '../../../tests/fixtures/fetch.ts';
import { fileReclamo } from './reclamos-client.ts';
import type { HojaReclamacion, ReclamoNuevo } from './reclamos-schemas.ts';
import { ApiError } from './request.ts';

afterEach(() => vi.unstubAllGlobals());

const body: ReclamoNuevo = {
  tipo: 'queja',
  consumidor: {
    nombre: 'Rosa Huamán',
    documentoTipo: 'DNI',
    documentoNumero: '44556677',
    direccion: 'Jr. Cusco 123, Lima',
    correo: 'rosa@example.pe',
    menorDeEdad: false,
  },
  bien: { tipo: 'servicio', descripcion: 'Atención en tienda' },
  detalle: 'Me atendieron con mala disposición.',
  pedidoConsumidor: 'Una disculpa.',
};

const hoja: HojaReclamacion = {
  numero: 'LR-2026-000001',
  fecha: '2026-11-26T15:00:00.000Z',
  proveedor: { razonSocial: 'K-Beauty Perú S.A.C.', ruc: '20601234565', direccion: 'Av. José Larco 345, Miraflores, Lima' },
  tipo: 'queja',
  consumidor: { ...body.consumidor, telefono: null, apoderado: null } as HojaReclamacion['consumidor'],
  bien: { tipo: 'servicio', descripcion: 'Atención en tienda', pedido: null },
  monto: null,
  detalle: body.detalle as string,
  pedidoConsumidor: body.pedidoConsumidor as string,
  plazo: '2026-12-18',
  estado: 'pendiente',
  respuesta: null,
};

describe('reclamos client', () => {
  it('files the sheet at POST /api/libro-reclamaciones, with the token when signed in, and answers the filed sheet and its copy', async () => {
    const copia = { envio: 'enlace', enlace: '/api/libro-reclamaciones/hoja/LR-2026-000001/0123456789abcdef0123456789abcdef' };
    const calls = stubFetch(json({ hoja, copia }, 201), json({ hoja, copia }, 201));
    await expect(fileReclamo(body)).resolves.toEqual({ hoja, copia });
    await expect(fileReclamo(body, 'tok')).resolves.toEqual({ hoja, copia });
    expect(sentCalls(calls)).toEqual([
      { method: 'POST', url: '/api/libro-reclamaciones', body, authorization: undefined },
      { method: 'POST', url: '/api/libro-reclamaciones', body, authorization: 'Bearer tok' },
    ]);
  });

  it("refuses with the server's mensaje, and an answer without the sheet's number as a 502", async () => {
    stubFetch(json({ mensaje: 'Falta el detalle de la queja.' }, 400), json({ hoja: { ...hoja, numero: undefined } }, 201));
    await expect(fileReclamo(body)).rejects.toEqual(new ApiError(400, 'Falta el detalle de la queja.'));
    await expect(fileReclamo(body)).rejects.toEqual(new ApiError(502));
  });
});

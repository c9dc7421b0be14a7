import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../tests/fixtures/fetch.ts';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { makeProductoRutina } from '../../../tests/fixtures/rutina.ts';
import { ApiError } from './request.ts';
import { contarProductosPiel, fetchRutinaRecomendada, fetchTiposPiel, filtrarProductosPiel } from './routine-client.ts';

const rutina = {
  success: true,
  data: { Limpieza: [makeProductoRutina()] },
  pasosRutina: 3,
  totalCategorias: 3,
  categoriasIncluidas: ['Limpieza', 'Hidratante', 'Bloqueador'],
  categoriasDeshabilitadas: ['Hidratante', 'Bloqueador'],
  nivelRutina: 'principiante',
  descuentoRutina: 0,
};

afterEach(() => vi.unstubAllGlobals());

describe('routine client', () => {
  it('reads the lists from their envelopes', async () => {
    stubFetch(json({ success: true, data: ['Grasa', 'Seca'], message: 'ok' }));
    await expect(fetchTiposPiel()).resolves.toEqual(['Grasa', 'Seca']);
  });

  it('posts the filters with the limit, and counts with limit 1000', async () => {
    const calls = stubFetch(json({ success: true, total: 1, data: [makeProducto()] }), json({ success: true, total: 42, data: [] }));
    await expect(filtrarProductosPiel({ tipoPiel: 'Seca', alergias: ['centella'] }, 5)).resolves.toMatchObject({ total: 1 });
    await expect(contarProductosPiel({ tipoPiel: 'Seca' })).resolves.toBe(42);
    expect(calls.map((call) => [call.url, call.init?.method, JSON.parse(String(call.init?.body))])).toEqual([
      ['/api/filtrar-productos-piel', 'POST', { tipoPiel: 'Seca', alergias: ['centella'], limit: 5 }],
      ['/api/filtrar-productos-piel', 'POST', { tipoPiel: 'Seca', limit: 1000 }],
    ]);
  });

  it('asks for the routine by step count and answers it', async () => {
    const calls = stubFetch(json(rutina));
    await expect(fetchRutinaRecomendada({ grupoEdad: '25-34' }, 3)).resolves.toEqual(rutina);
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ grupoEdad: '25-34', pasosRutina: 3 });
  });

  it("throws the server's mensaje on an error, and refuses an answer of the wrong shape", async () => {
    stubFetch(json({ mensaje: 'La rutina debe tener 3, 5 o 7 pasos.' }, 400), json({ success: true, data: [] }));
    await expect(fetchRutinaRecomendada({}, 5)).rejects.toEqual(new ApiError(400, 'La rutina debe tener 3, 5 o 7 pasos.'));
    await expect(fetchRutinaRecomendada({}, 5)).rejects.toMatchObject({ status: 502 });
  });
});

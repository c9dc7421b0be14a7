import { describe, expect, it } from 'vitest';
import type { ResenaOperador } from '../lib/api/resenas-schemas.ts';
import type { ShopCliDeps } from './deps.ts';
import { estadoResenaArg, formatResena, formatResenas } from './resenas.ts';
import { runShop, USO } from './shop.ts';

/** Runs the command with captured output against answers given per request (method and path). */
async function run(args: string[], answers: Record<string, Response> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const fetch: ShopCliDeps['fetch'] = async (url, init) => {
    const path = url.replace('http://localhost:4321', '');
    const method = init?.method ?? 'GET';
    calls.push({ method, path, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
    const answer = answers[`${method} ${path}`];
    if (!answer) throw new Error(`no debería llamar a ${method} ${path}`);
    return answer;
  };
  const code = await runShop(args, {
    fetch,
    baseUrl: 'http://localhost:4321',
    token: 'un-token-de-operador',
    out: (t) => out.push(t),
    err: (t) => err.push(t),
  });
  return { code, out: out.join('\n'), err: err.join('\n'), calls };
}

const pendiente: ResenaOperador = {
  id: 7,
  estado: 'PENDIENTE',
  producto: { idProducto: 12, nombre: 'Sérum de Caracol' },
  cliente: { id: 3, correo: 'maria@example.pe' },
  autor: 'María G.',
  pedido: 41,
  pedidoFecha: '2026-03-01T15:00:00.000Z',
  estrellas: 4,
  titulo: 'Me encantó',
  texto: 'Deja la piel suave.\nNo irrita.',
  foto: '/imagenes/resenas/AAAAAAAAAAAAAAAAAAAAAA.webp',
  fotoOperador: '/admin/api/resenas/7/foto',
  creada: '2026-03-10T15:30:00.000Z',
  moderada: null,
  operador: null,
  motivo: null,
};

describe('npm run shop -- resenas', () => {
  it('reads the states as typed and refuses others naming the valid ones', () => {
    expect(estadoResenaArg('pendientes')).toBe('PENDIENTE');
    expect(estadoResenaArg(' Aprobada ')).toBe('APROBADA');
    expect(estadoResenaArg('RECHAZADAS')).toBe('RECHAZADA');
    expect(() => estadoResenaArg('borrada')).toThrow(
      '"borrada" no es un estado de las reseñas. Estados: pendiente, aprobada, rechazada, oculta.',
    );
  });

  it('lists the pending reseñas as a table and says how to approve them', async () => {
    const { code, out, calls } = await run(['resenas', '--pendientes'], {
      'GET /admin/api/resenas?estado=PENDIENTE': Response.json({ resenas: [pendiente] }),
    });
    expect(code).toBe(0);
    expect(calls).toEqual([{ method: 'GET', path: '/admin/api/resenas?estado=PENDIENTE' }]);
    expect(out).toContain('1 reseña(s) en estado pendiente');
    expect(out).toMatch(/N\.°\s+Fecha\s+Producto\s+Estrellas\s+Autor\s+Título\s+Estado/);
    expect(out).toMatch(/7\s+.+12 Sérum de Caracol\s+★★★★☆\s+María G\.\s+Me encantó\s+pendiente/);
    expect(out).toContain('publícala con: npm run shop -- resena 7 aprobar');
    expect(formatResenas([], 'APROBADA')).toBe('No hay reseñas en estado aprobada.');
    expect(
      (await run(['resenas', '--estado', 'rechazadas'], { 'GET /admin/api/resenas?estado=RECHAZADA': Response.json({ resenas: [] }) })).out,
    ).toBe('No hay reseñas en estado rechazada.');
  });

  it('shows one reseña and moderates it through the operator API', async () => {
    expect(formatResena(pendiente)).toContain('Autor: María G. · cliente 3 (maria@example.pe) · pedido N.° 41');
    expect(formatResena(pendiente)).toContain('  No irrita.');
    expect(formatResena(pendiente)).toContain('Foto: /admin/api/resenas/7/foto (API del operador, con tu token)');
    expect(formatResena(pendiente)).not.toContain('pública en');
    const detalle = await run(['resena', '7'], { 'GET /admin/api/resenas/7': Response.json({ resena: pendiente }) });
    expect(detalle.out).toBe(formatResena(pendiente));
    const mensaje = 'Reseña N.° 7 (Sérum de Caracol) aprobada: se ve ya en la página del producto.';
    const aprobada = await run(['resena', '7', 'aprobar'], {
      'POST /admin/api/resenas/7': Response.json({ mensaje, resena: { ...pendiente, estado: 'APROBADA' } }),
    });
    expect(aprobada).toMatchObject({ code: 0, out: mensaje });
    expect(aprobada.calls).toEqual([{ method: 'POST', path: '/admin/api/resenas/7', body: { accion: 'aprobar' } }]);
    const ya = await run(['resena', '7', 'rechazar', 'No habla del producto'], {
      'POST /admin/api/resenas/7': Response.json({ mensaje: 'La reseña N.° 7 ya está rechazada.' }, { status: 409 }),
    });
    expect(ya).toMatchObject({ code: 1, err: 'La reseña N.° 7 ya está rechazada.' });
    expect(ya.calls).toEqual([
      { method: 'POST', path: '/admin/api/resenas/7', body: { accion: 'rechazar', motivo: 'No habla del producto' } },
    ]);
    const oculta = {
      ...pendiente,
      estado: 'OCULTA' as const,
      moderada: '2026-03-12T15:00:00.000Z',
      operador: 'Ana',
      motivo: 'Datos personales',
    };
    expect(formatResena(oculta)).toContain('por Ana · motivo: Datos personales');
    expect(formatResena(oculta)).toContain('Para mostrarla de nuevo: npm run shop -- resena 7 mostrar');
    const mostrada = await run(['resena', '7', 'mostrar'], {
      'POST /admin/api/resenas/7': Response.json({ mensaje: 'Se muestra de nuevo.', resena: { ...oculta, estado: 'APROBADA' } }),
    });
    expect(mostrada.calls).toEqual([{ method: 'POST', path: '/admin/api/resenas/7', body: { accion: 'mostrar' } }]);
  });

  it('refuses a missing number, an unknown action and mixed filters, and documents the commands', async () => {
    expect(await run(['resena'])).toMatchObject({ code: 1, err: 'Indica el número de la reseña, por ejemplo: npm run shop -- resena 12' });
    expect(await run(['resena', '7', 'borrar'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^"borrar" no es una acción de la reseña/),
    });
    expect(await run(['resenas', '--pendientes', '--estado', 'aprobada'])).toMatchObject({
      code: 1,
      err: 'Usa --pendientes o --estado, no los dos.',
    });
    expect(await run(['resena', '7', 'ocultar'])).toMatchObject({
      code: 1,
      err: 'Indica el motivo, por ejemplo: npm run shop -- resena 12 ocultar "No habla del producto"',
    });
    expect(await run(['resena', '7', 'mostrar', 'ya'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^mostrar no lleva más argumentos/),
    });
    expect(USO).toContain('resena <N.°> aprobar | rechazar MOTIVO');
    expect(USO).toContain('resena <N.°> ocultar MOTIVO | mostrar');
  });
});

import { mkdtempSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProducto } from '../../tests/fixtures/producto.ts';
import type { ResenasPublicadas } from '../lib/api/resenas-schemas.ts';

/** The API's answers by path; a path without one answers 404 as the HTTP source reports it. */
let answers: Record<string, unknown> = {};
/** Paths whose call fails another way (a 500, an outage), by the error's message. */
let failures: Record<string, string> = {};
vi.mock('./catalogue-source.ts', () => ({
  catalogueSource: async () => ({
    origin: 'stub',
    done: async () => {},
    get: async (path: string) => {
      if (path in failures) throw new Error(failures[path]);
      if (!(path in answers)) throw new Error(`La API respondió 404 a ${path}.`);
      return answers[path];
    },
  }),
}));

const { readSnapshot, snapshotParts, snapshotProducts, takeSnapshot, writeSnapshot } = await import('./snapshot.ts');
const { eachListElement } = await import('./json-list.ts');

const catalogo = {
  '/web/listprod': [makeProducto({ resenasPromedio: 4.5, resenasCantidad: 2 })],
  '/web/ListMarcas': [],
  '/web/menu': [],
  '/web/navbar_superior': [],
  '/web/baners': [],
  '/web/popups': [],
  '/web/sociales': [],
};
const publicadas: ResenasPublicadas = {
  productos: [
    {
      idProducto: 1,
      resenas: [
        {
          id: 3,
          estrellas: 5,
          titulo: 'Me encantó',
          texto: 'Suave.',
          autor: 'María G.',
          fecha: '2026-11-26T15:00:00Z',
          foto: null,
          compraVerificada: true,
        },
      ],
    },
  ],
};

beforeEach(() => {
  failures = {};
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('the build snapshot’s reviews (issue 25)', () => {
  it("reads each product's newest approved reviews", async () => {
    answers = { ...catalogo, '/api/resenas/publicadas': publicadas };
    const snapshot = await takeSnapshot();
    expect(snapshot.resenas).toEqual(publicadas.productos);
    expect(snapshot.productos[0]).toMatchObject({ resenasPromedio: 4.5, resenasCantidad: 2 });
  });

  it('builds without reviews from an API that has none, saying so', async () => {
    answers = { ...catalogo };
    const snapshot = await takeSnapshot();
    expect(snapshot.resenas).toEqual([]);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('snapshot: sin resenas'));
  });

  it('fails when the reviews cannot be read for another reason than a missing route', async () => {
    answers = { ...catalogo };
    failures = { '/api/resenas/publicadas': 'La API respondió 500 a /api/resenas/publicadas.' };
    await expect(takeSnapshot()).rejects.toThrow('500');
  });

  it('still fails on an answer of the wrong shape, and on a missing catalogue part', async () => {
    answers = { ...catalogo, '/api/resenas/publicadas': { productos: [{ idProducto: 1, resenas: [{ id: 3 }] }] } };
    await expect(takeSnapshot()).rejects.toThrow();
    const { '/web/sociales': _, ...sinSociales } = catalogo;
    answers = { ...sinSociales, '/api/resenas/publicadas': publicadas };
    await expect(takeSnapshot()).rejects.toThrow('/web/sociales');
  });
});

describe('the build snapshot’s parts', () => {
  it('reads only the parts asked, each once per build, however many readers ask', async () => {
    answers = { ...catalogo, '/api/resenas/publicadas': publicadas };
    const read = vi.spyOn(console, 'log');
    const [small, again] = await Promise.all([snapshotParts(['marcas', 'menu']), snapshotParts(['menu'])]);
    expect(small).toEqual({ marcas: [], menu: [] });
    expect(again).toEqual({ menu: [] });
    const { productos } = await snapshotParts(['productos']);
    expect(productos).toHaveLength(1);
    // One line per read of the API: two reads in all.
    expect(read.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringContaining('0 marcas, 0 menu desde'),
      expect.stringContaining('1 productos desde'),
    ]);
  });
});

describe('the build snapshot written to a folder (issue 26)', () => {
  let dir: string;
  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'kbeauty-instantanea-')), 'instantanea');
  });
  afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  /** A source that is not the one catalogueSource() gives: the build's own API, its lists sent as text in pieces of 100 characters. */
  const source = () => {
    const get = async (path: string) => {
      if (!(path in answers)) throw new Error(`La API respondió 404 a ${path}.`);
      return answers[path];
    };
    return {
      origin: 'la API del build',
      done: async () => {},
      get,
      list: async (path: string, visit: (element: unknown, index: number) => void) => {
        const text = JSON.stringify(await get(path));
        return eachListElement(
          Array.from({ length: Math.ceil(text.length / 100) }, (_, i) => text.slice(i * 100, (i + 1) * 100)),
          visit,
        );
      },
    };
  };

  it('writes every part as taken, and the Astro process reads the same snapshot from it without the API', async () => {
    answers = { ...catalogo, '/api/resenas/publicadas': publicadas };
    const seen: unknown[] = [];
    expect(await writeSnapshot(dir, source(), (producto) => seen.push(producto))).toBe(1);
    expect(seen).toEqual(catalogo['/web/listprod']);
    expect(readdirSync(dir).sort()).toEqual([
      'banners.json',
      'contenido.json',
      'marcas.json',
      'mensajes.json',
      'menu.json',
      'popups.json',
      'productos.json',
      'resenas.json',
      'sociales.json',
    ]);
    const taken = await takeSnapshot();
    answers = {};
    vi.stubEnv('SNAPSHOT_DIR', dir);
    expect(await takeSnapshot()).toEqual(taken);
    expect(readSnapshot(dir, ['resenas'])).toEqual({ resenas: publicadas.productos });
  });

  it('streams a big list a product at a time into its file: the same products, and a bad one named by its place', async () => {
    // 2,500 products read in pieces, validated (unknown fields dropped) and written a thousand at a time.
    const muchos = Array.from({ length: 2500 }, (_, i) => makeProducto({ idProducto: i + 1, nombre: `Producto «${i + 1}», "ñ"` }));
    answers = { ...catalogo, '/web/listprod': muchos.map((p) => ({ ...p, sobrante: 'quitado' })) };
    const seen: unknown[] = [];
    expect(await writeSnapshot(dir, source(), (producto) => seen.push(producto))).toBe(2500);
    expect(seen).toEqual(muchos);
    expect(readSnapshot(dir, ['productos', 'marcas'])).toEqual({ productos: muchos, marcas: [] });
    // The build's later stages read the file a product at a time.
    const streamed = [];
    for await (const producto of snapshotProducts(dir)) streamed.push(producto);
    expect(streamed).toEqual(muchos);
    // The 1,235th product is wrong: the error says which and where, read whole or streamed, and the last good snapshot stays.
    const malo = muchos.map((p, i) => (i === 1234 ? { ...p, precio: 'caro' } : p));
    answers = { ...catalogo, '/web/listprod': malo };
    const where = /"path": \[\s*1234,\s*"precio"\s*\]/;
    await expect(takeSnapshot(['productos'], source())).rejects.toThrow(where);
    await expect(writeSnapshot(dir, source())).rejects.toThrow(where);
    expect(readSnapshot(dir, ['productos'])).toEqual({ productos: muchos });
    expect(readdirSync(join(dir, '..'))).toEqual(['instantanea']);
  });

  it('writes nothing from an answer of the wrong shape, and a missing file fails rather than building an empty shop', async () => {
    answers = { ...catalogo, '/web/listprod': [{ idProducto: 'uno' }] };
    await expect(writeSnapshot(dir, source())).rejects.toThrow();
    expect(() => readdirSync(dir)).toThrow();
    answers = { ...catalogo };
    await writeSnapshot(dir, source());
    unlinkSync(join(dir, 'productos.json'));
    expect(() => readSnapshot(dir, ['productos'])).toThrow('no tiene productos.json');
    await expect(snapshotProducts(dir).next()).rejects.toThrow('no tiene productos.json');
  });
});

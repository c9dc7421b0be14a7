import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOTOS } from '../lib/tienda.ts';
import { photoSrcSets, photoVariantPath } from '../lib/catalogue/photos.ts';
import { cachePhotos, placePhotos, storePhotos } from './photos.ts';

describe('product photos', () => {
  let dir: string;
  let server: Server;
  let base: string;
  let jpeg: Buffer;
  let sha: string;
  const served: string[] = [];
  let photos: string[];
  /** Both steps of the build's photo stage, as site-build.ts runs them. */
  const buildPhotos = async (distDir: string, cacheDir: string) => {
    const made = await cachePhotos(photos, base, cacheDir);
    await placePhotos(distDir, photos, cacheDir);
    return made;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kbeauty-fotos-'));
    // A real 600 × 400 JPEG photo.
    jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 120, b: 150 } } })
      .jpeg({ quality: 85 })
      .toBuffer();
    sha = createHash('sha256').update(jpeg).digest('hex');
    const productos = [
      { img: `/imagenes/${sha}.jpg, /demo/productos/x-2.svg`, imagen: `/imagenes/${sha}.jpg`, imgHover: '' },
      { img: '/demo/productos/y-1.svg', imagen: 'https://cdn.example.pe/z.jpg', imgHover: '' },
    ];
    photos = storePhotos(productos);
    server = createServer((req, res) => {
      served.push(req.url!);
      if (req.url === `/imagenes/${sha}.jpg`) return void res.end(jpeg);
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names AVIF and WebP copies at every width for store photos only', () => {
    expect(photoSrcSets(`/imagenes/${sha}.jpg`)).toEqual({
      avif: FOTOS.anchos.map((w) => `/_astro/fotos/${sha.slice(0, 16)}-${w}.avif ${w}w`).join(', '),
      webp: FOTOS.anchos.map((w) => `/_astro/fotos/${sha.slice(0, 16)}-${w}.webp ${w}w`).join(', '),
    });
    expect(photoSrcSets('/demo/productos/y-1.svg')).toBeUndefined();
    expect(photoSrcSets('https://cdn.example.pe/z.jpg')).toBeUndefined();
    expect(photoSrcSets(`/imagenes/${sha}.svg`)).toBeUndefined();
  });

  it('takes the store photos of the products, each once', () => {
    expect(photos).toEqual([`/imagenes/${sha}.jpg`]);
  });

  it('encodes each store photo once into the cache and places the copies in the build', async () => {
    const cache = join(dir, 'cache');
    const dist1 = join(dir, 'dist1');
    expect(await buildPhotos(dist1, cache)).toEqual({ fotos: 1, codificadas: FOTOS.anchos.length * 2 });
    for (const width of FOTOS.anchos) {
      for (const format of ['avif', 'webp'] as const) {
        const meta = await sharp(readFileSync(join(dist1, photoVariantPath(sha, width, format)))).metadata();
        expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp');
        // Never enlarged: the 960 copy of a 600 px photo stays 600 px wide.
        expect(meta.width).toBe(Math.min(width, 600));
      }
    }
    const webp480 = readFileSync(join(dist1, photoVariantPath(sha, 480, 'webp')));
    expect(webp480.length).toBeLessThan(jpeg.length);
    // A second build reads the cache: nothing encoded, the original not even downloaded.
    served.length = 0;
    const dist2 = join(dir, 'dist2');
    expect(await buildPhotos(dist2, cache)).toEqual({ fotos: 1, codificadas: 0 });
    expect(served).toEqual([]);
    expect(readdirSync(join(dist2, '_astro', 'fotos')).sort()).toEqual(readdirSync(join(dist1, '_astro', 'fotos')).sort());
  });

  it('takes the copies a cache holds under their whole-sha256 names (before the shorter names) instead of encoding them again', async () => {
    const cache = join(dir, 'old-cache');
    const first = join(dir, 'dist3');
    await buildPhotos(first, cache);
    for (const name of readdirSync(cache)) renameSync(join(cache, name), join(cache, name.replace(sha.slice(0, 16), sha)));
    expect(await buildPhotos(join(dir, 'dist4'), cache)).toEqual({ fotos: 1, codificadas: 0 });
    expect(readdirSync(join(dir, 'dist4', '_astro', 'fotos')).sort()).toEqual(readdirSync(join(first, '_astro', 'fotos')).sort());
  });
});

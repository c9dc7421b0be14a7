import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContenidoPublico, TextosOperador } from '../../src/lib/api/contenido-schemas.ts';
import type { ContenidoOperador } from '../../src/lib/api/operator-schemas.ts';
import { PAGINAS_POR_DEFECTO } from '../../src/lib/site/paginas.ts';
import { textoPlanoDe } from '../../src/lib/site/texto-pagina.ts';
import { catalogueVersion } from '../../src/server/catalogue/queries.ts';
import { programacionJobs } from '../../src/server/contenido/programacion.ts';
import { trabajos } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-contenido-0123';
const headers = { 'X-Forwarded-For': '10.3.8.1' };
const HORA = 3_600_000;

describe('the code’s page copy', () => {
  it('now speaks of Yape, bank transfers, boleta or factura and returns on every page', () => {
    for (const [clave, pagina] of Object.entries(PAGINAS_POR_DEFECTO)) {
      const texto = textoPlanoDe(pagina.secciones.map((s) => `${s.titulo}\n\n${s.texto}`).join('\n\n'));
      for (const palabra of [/Yape/, /transferencia/i, /boleta/i, /factura/i, /devol/i])
        expect(texto, `${clave}: ${palabra}`).toMatch(palabra);
    }
  });
});

describeEachDatabase('home content and texts', (target) => {
  let shop: TestShop;
  const admin = (method: string, path: string, body?: unknown) => shop.call(method, path, { token: TOKEN, headers, body });
  const json = async <T>(res: Response) => (await res.json()) as T;
  const mensaje = async (res: Response) => (await json<{ mensaje: string }>(res)).mensaje;
  const publico = async <T>(path: string) => json<T>(await shop.call('GET', path, { headers }));
  const version = () => catalogueVersion(shop.database.db);

  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN, trustProxy: true } });
  });
  afterAll(() => shop?.close());

  it('schedules a banner with its phone image: out of the public call before its start, in the build’s content with its run, live once edited to now', async () => {
    const desde = new Date(Date.now() + 2 * HORA);
    const hasta = new Date(Date.now() + 26 * HORA);
    const res = await admin('POST', '/admin/api/banners', {
      img_url: '/demo/banner-navidad.svg',
      img_movil_url: '/demo/banner-navidad-movil.svg',
      rutabutton: '/ofertas',
      alt: 'Navidad coreana',
      desde: desde.toISOString().replace('Z', '+00:00'),
      hasta: hasta.toISOString(),
    });
    expect(res.status).toBe(201);
    const { item } = await json<{ item: ContenidoOperador['banners'] }>(res);
    expect(item).toMatchObject({
      img_movil_url: '/demo/banner-navidad-movil.svg',
      desde: desde.toISOString(),
      hasta: hasta.toISOString(),
    });
    // The old call answers what shows now, in its old shape.
    const ahora = await publico<Record<string, unknown>[]>('/web/baners');
    expect(ahora.some((b) => b.alt === 'Navidad coreana')).toBe(false);
    expect(Object.keys(ahora[0]!).sort()).toEqual(['alt', 'img_url', 'rutabutton']);
    // The build gets it with its run (the browser shows it at its start).
    const contenido = await publico<ContenidoPublico>('/web/contenido');
    expect(contenido.banners.find((b) => b.alt === 'Navidad coreana')).toEqual({
      img_url: '/demo/banner-navidad.svg',
      img_movil_url: '/demo/banner-navidad-movil.svg',
      rutabutton: '/ofertas',
      alt: 'Navidad coreana',
      desde: desde.toISOString(),
      hasta: hasta.toISOString(),
    });
    // One rebuild at its start and one at its end.
    const jobs = await shop.database.db.select().from(trabajos).where(like(trabajos.clave, 'contenido-programado:%'));
    expect(jobs.map((j) => j.ejecutarEn.toISOString()).sort()).toEqual([desde.toISOString(), hasta.toISOString()]);

    const antes = await version();
    const editado = await admin('PUT', `/admin/api/banners/${item.id}`, {
      img_url: '/demo/banner-navidad.svg',
      img_movil_url: '/demo/banner-navidad-movil.svg',
      rutabutton: '/ofertas',
      alt: 'Navidad coreana: 20 %',
      desde: new Date(Date.now() - 60_000).toISOString(),
      hasta: hasta.toISOString(),
    });
    expect([editado.status, await mensaje(editado.clone())]).toEqual([200, `Banner ${item.id} guardado: /demo/banner-navidad.svg.`]);
    expect(await version()).toBeGreaterThan(antes);
    expect((await publico<{ alt: string }[]>('/web/baners')).some((b) => b.alt === 'Navidad coreana: 20 %')).toBe(true);
    const [auditoria] = await json<{ entradas: { accion: string; objetivo: string }[] }>(
      await admin('GET', '/admin/api/auditoria?limite=1'),
    ).then((r) => r.entradas);
    expect(auditoria).toMatchObject({ accion: 'banner.editar', objetivo: `banner ${item.id}` });
  });

  it('hides an ended message and a popup before its start; the boundary job moves the pages’ version', async () => {
    await admin('POST', '/admin/api/mensajes', { mensaje: 'Cyber Wow terminó', hasta: new Date(Date.now() - 1000).toISOString() });
    expect((await publico<{ mensaje: string }[]>('/web/navbar_superior')).some((m) => m.mensaje === 'Cyber Wow terminó')).toBe(false);
    expect((await publico<ContenidoPublico>('/web/contenido')).mensajes.some((m) => m.mensaje === 'Cyber Wow terminó')).toBe(false);
    await admin('POST', '/admin/api/popups', {
      img_url: '/demo/popup.svg',
      alt: 'Pronto',
      desde: new Date(Date.now() + HORA).toISOString(),
    });
    expect((await publico<{ alt: string }[]>('/web/popups')).some((p) => p.alt === 'Pronto')).toBe(false);

    const antes = await version();
    await programacionJobs(shop.database.db)['contenido-programado']!({});
    expect(await version()).toBe(antes + 1);
  });

  it('refuses a run that ends before it starts, a date without its zone and a phone image not in the store', async () => {
    const casos: [string, unknown, string][] = [
      [
        '/admin/api/mensajes',
        { mensaje: 'x', desde: '2026-12-02T10:00:00-05:00', hasta: '2026-12-01T10:00:00-05:00' },
        'El fin (hasta) debe ser posterior al inicio (desde).',
      ],
      [
        '/admin/api/banners',
        { img_url: '/demo/x.svg', desde: '2026-12-02 10:00' },
        'El inicio (desde) debe ser una fecha y hora con su zona, por ejemplo 2026-12-01T09:00:00-05:00.',
      ],
      [
        '/admin/api/banners',
        { img_url: '/demo/x.svg', img_movil_url: `/imagenes/${'b'.repeat(64)}.png` },
        `La imagen para celular: la imagen /imagenes/${'b'.repeat(64)}.png no está en la tienda. Súbela primero (npm run shop la sube si indicas el archivo).`,
      ],
      [
        '/admin/api/banners',
        { img_url: '/demo/x.svg', color: 'rojo' },
        'Campos del banner: img_url, img_movil_url, rutabutton, alt, desde y hasta.',
      ],
    ];
    for (const [path, body, esperado] of casos) {
      const res = await admin('POST', path, body);
      expect([res.status, await mensaje(res)]).toEqual([400, esperado]);
    }
    const noExiste = await admin('PUT', '/admin/api/banners/999999', { img_url: '/demo/x.svg' });
    expect([noExiste.status, await mensaje(noExiste)]).toEqual([404, 'No existe el banner 999999.']);
  });

  it('edits a static page, the locations and the social links, audited, and puts one back to the shop’s copy', async () => {
    const inicial = await json<TextosOperador>(await admin('GET', '/admin/api/textos'));
    expect(inicial.editados).toEqual([]);
    expect(inicial.paginas['preguntas-frecuentes']).toEqual(PAGINAS_POR_DEFECTO['preguntas-frecuentes']);
    expect(inicial.tiendas.map((t) => t.id)).toEqual(['miraflores', 'san-miguel', 'independencia', 'plaza-norte']);

    const vacia = await admin('PUT', '/admin/api/textos/acerca-de-nosotros', { descripcion: 'x', entradilla: '', secciones: [] });
    expect([vacia.status, await mensaje(vacia)]).toEqual([400, 'La página necesita al menos una sección.']);
    const nueva = {
      descripcion: 'Quiénes somos',
      entradilla: 'Skincare coreano en Lima.',
      secciones: [{ titulo: 'Pagos', texto: 'Paga con **Yape**, tarjeta o transferencia; boleta o factura en cada compra.' }],
    };
    const antes = await version();
    const guardada = await admin('PUT', '/admin/api/textos/acerca-de-nosotros', nueva);
    expect([guardada.status, await mensaje(guardada)]).toEqual([
      200,
      'Acerca de nosotros: guardado. La tienda se actualiza en unos minutos.',
    ]);
    expect(await version()).toBeGreaterThan(antes);
    const contenido = await publico<ContenidoPublico>('/web/contenido');
    expect(contenido.paginas['acerca-de-nosotros']).toEqual(nueva);

    const tiendas = inicial.tiendas.slice(0, 2).map((t) => ({ ...t, horario: ['Lun a Dom: 11:00 a. m. – 8:00 p. m.'] }));
    expect((await admin('PUT', '/admin/api/textos/tiendas', tiendas)).status).toBe(200);
    const lejos = await admin('PUT', '/admin/api/textos/tiendas', [{ ...tiendas[0], lat: 40.4 }]);
    expect([lejos.status, await mensaje(lejos)]).toEqual([400, 'La tienda debe estar en el Perú.']);
    const red = await admin('PUT', '/admin/api/textos/redes', { instagram: 'https://evil.example/kbeauty' });
    expect([red.status, await mensaje(red)]).toEqual([400, 'El enlace de Instagram debe empezar con https:// y ser de Instagram.']);
    expect(
      (
        await admin('PUT', '/admin/api/textos/redes', {
          instagram: 'https://www.instagram.com/kbeautyperu',
          facebook: 'https://facebook.com/kbeautyperu',
        })
      ).status,
    ).toBe(200);
    const desconocido = await admin('PUT', '/admin/api/textos/blog', {});
    expect(desconocido.status).toBe(404);

    const ahora = await json<TextosOperador>(await admin('GET', '/admin/api/textos'));
    expect(ahora.editados.sort()).toEqual(['acerca-de-nosotros', 'redes', 'tiendas']);
    expect(ahora.tiendas[1]!.horario).toEqual(['Lun a Dom: 11:00 a. m. – 8:00 p. m.']);
    expect(ahora.redes).toEqual({
      instagram: 'https://www.instagram.com/kbeautyperu',
      tiktok: '',
      facebook: 'https://facebook.com/kbeautyperu',
      youtube: '',
    });

    const vuelta = await admin('DELETE', '/admin/api/textos/acerca-de-nosotros');
    expect(await mensaje(vuelta)).toBe('Acerca de nosotros: vuelve al texto original de la tienda.');
    expect((await publico<ContenidoPublico>('/web/contenido')).paginas['acerca-de-nosotros']).toEqual(
      PAGINAS_POR_DEFECTO['acerca-de-nosotros'],
    );
    const entradas = await shop.database.db.execute(sql`SELECT accion FROM auditoria WHERE objetivo LIKE 'texto %' ORDER BY id`);
    expect((entradas as unknown as { rows: { accion: string }[] }).rows.map((r) => r.accion)).toEqual([
      'texto.editar',
      'texto.editar',
      'texto.editar',
      'texto.restablecer',
    ]);
  });

  it('shows the code’s copy when a stored text no longer passes its rules', async () => {
    await shop.database.db.execute(
      sql`INSERT INTO textos_tienda (clave, contenido) VALUES ('terminos-y-condiciones', '{"secciones": []}') ON CONFLICT (clave) DO UPDATE SET contenido = excluded.contenido`,
    );
    const textos = await json<TextosOperador>(await admin('GET', '/admin/api/textos'));
    expect(textos.paginas['terminos-y-condiciones']).toEqual(PAGINAS_POR_DEFECTO['terminos-y-condiciones']);
    expect(textos.editados).not.toContain('terminos-y-condiciones');
    await shop.database.db.execute(sql`DELETE FROM textos_tienda WHERE clave = 'terminos-y-condiciones'`);
  });
});

// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin" }
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClienteFalso } from '../pruebas/cliente-falso.ts';
import { boton, campo, desmontar, enviar, escribir, hasta, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';

afterEach(() => {
  desmontar();
  vi.unstubAllGlobals();
});

/** The live home as the preview fetches it: a carousel slide with Astro's scoped-style marker, and the top strip. */
const HOME = `<!doctype html><html lang="es-PE"><head><title>K-Beauty Perú</title></head><body>
<aside class="top-strip" data-top-strip><ul class="top-strip__copy"><li class="top-strip__item">Envío gratis</li></ul></aside>
<main><section class="hero" data-carousel data-astro-cid-abc><div class="hero__slides"><div class="hero__slide is-active" data-slide data-fetch data-astro-cid-abc>
<picture><img class="hero__img" src="/demo/banner-1.svg" alt="Ofertas" data-astro-cid-abc></picture></div></div></section></main>
<script>alert(1)</script></body></html>`;

describe('Contenido', () => {
  it('lists the banners in the carousel’s order with where each stands, moves them as the shopper sees them, axe 0', async () => {
    const cliente = new ClienteFalso();
    cliente.contenido.banners.push({
      id: 3,
      orden: 3,
      img_url: '/demo/banner-3.svg',
      img_movil_url: null,
      rutabutton: null,
      alt: 'Navidad',
      desde: '2099-12-01T14:00:00.000Z',
      hasta: null,
    });
    await montar(cliente, '/admin/contenido');
    await hasta(() => document.querySelectorAll('.bo-contenido-item').length === 3);
    const items = [...document.querySelectorAll('.bo-contenido-item')].map((item) => item.querySelector('strong')!.textContent);
    // The API's list reversed: the newest banner is the carousel's first.
    expect(items).toEqual(['Navidad', 'Nuevos sérums', 'Ofertas de skincare']);
    expect(document.querySelector('.bo-programa--programado')!.textContent).toMatch(/^Programado: desde el 1\/12\/99, 0?9:00/);
    expect(await violaciones()).toEqual([]);
    await pulsar(boton('Bajar banner: Navidad'));
    // Second in the carousel of three is the API's position 2.
    expect(cliente.llamadas.find((l) => l.metodo === 'moveHomeContent')!.args).toEqual(['banners', 3, 2]);
    await hasta(() => texto().includes('Cambios guardados: la tienda se actualiza en unos minutos.'));
  });

  it('schedules a new banner with its phone image, previews it at 390 and 1280 px in the live home, then publishes it', async () => {
    const fetch = vi.fn(async () => new Response(HOME, { status: 200, headers: { 'Content-Type': 'text/html' } }));
    vi.stubGlobal('fetch', fetch);
    const cliente = new ClienteFalso();
    await montar(cliente, '/admin/contenido?seccion=banners');
    await hasta(() => document.querySelectorAll('.bo-contenido-item').length === 2);
    await pulsar(boton('Nuevo banner'));
    escribir(campo('Imagen para computadora'), '/demo/navidad.svg');
    escribir(campo('Imagen para celular (opcional)'), '/demo/navidad-movil.svg');
    escribir(campo('Texto alternativo'), 'Navidad coreana');
    escribir(campo('Enlace del botón (opcional)'), '/ofertas');
    escribir(campo('Desde'), '2026-12-01T09:00');
    escribir(campo('Hasta'), '2026-12-26T00:00');
    // The form; the frames are checked by the browser journey (happy-dom's axe cannot enter a frame).
    expect(await violaciones()).toEqual([]);
    await pulsar(boton('Vista previa'));
    await hasta(() => document.querySelectorAll('.bo-vista-previa iframe').length === 2);
    expect(fetch).toHaveBeenCalledWith('/', expect.anything());
    const marcos = [...document.querySelectorAll<HTMLIFrameElement>('.bo-vista-previa iframe')];
    expect(marcos.map((m) => [m.getAttribute('width'), m.title])).toEqual([
      ['390', 'Vista previa del banner: Celular (390 px)'],
      ['1280', 'Vista previa del banner: Computadora (1280 px)'],
    ]);
    const vista = new DOMParser().parseFromString(marcos[0]!.getAttribute('srcdoc')!, 'text/html');
    const primera = vista.querySelector('[data-slide]')!;
    expect(primera.classList.contains('is-active')).toBe(true);
    expect(primera.querySelector('img')!.getAttribute('alt')).toBe('Navidad coreana');
    expect(primera.querySelector('source')!.getAttribute('srcset')).toBe('/demo/navidad-movil.svg');
    expect(primera.querySelector('source')!.getAttribute('media')).toBe('(max-width: 640px)');
    expect(primera.querySelector('.hero__cta')!.hasAttribute('data-astro-cid-abc')).toBe(true);
    expect(vista.querySelectorAll('script')).toHaveLength(0);
    expect(marcos[0]!.getAttribute('sandbox')).toBe('allow-same-origin');

    await enviar('Publicar');
    await hasta(() => texto().includes('guardado.'));
    expect(cliente.llamadas.find((l) => l.metodo === 'saveHomeContent')!.args).toEqual([
      'banners',
      null,
      {
        img_url: '/demo/navidad.svg',
        img_movil_url: '/demo/navidad-movil.svg',
        rutabutton: '/ofertas',
        alt: 'Navidad coreana',
        desde: '2026-12-01T09:00:00-05:00',
        hasta: '2026-12-26T00:00:00-05:00',
      },
    ]);
    await hasta(() => texto().includes('Cambios guardados: la tienda se actualiza en unos minutos.'));
  });

  it('edits a top-strip message in place and shows the API’s refusal', async () => {
    const cliente = new ClienteFalso();
    await montar(cliente, '/admin/contenido?seccion=franja');
    await hasta(() => document.querySelectorAll('.bo-contenido-item').length === 1);
    await pulsar(boton('Editar mensaje: Envío gratis desde S/ 250'));
    escribir(campo('Mensaje'), 'Paga con Yape');
    escribir(campo('Desde'), '2026-12-02T10:00');
    escribir(campo('Hasta'), '2026-12-01T10:00');
    await enviar('Publicar');
    await hasta(() => texto().includes('El fin (hasta) debe ser posterior al inicio (desde).'));
    escribir(campo('Hasta'), '');
    await enviar('Publicar');
    await hasta(() => texto().includes('Paga con Yape'));
    expect(cliente.contenido.mensajes[0]).toMatchObject({
      id: 1,
      mensaje: 'Paga con Yape',
      desde: '2026-12-02T10:00:00-05:00',
      hasta: null,
    });
  });

  it('edits a FAQ answer, previews the page and publishes it; puts it back to the original copy, axe 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            `<html><body><div class="static-hero"><p class="static-hero__lead">Viejo</p></div><div class="prose"><div class="faq"><details class="faq__item" data-astro-cid-f><summary class="faq__q">¿?</summary><div class="faq__a"><p>x</p></div></details></div></div></body></html>`,
          ),
      ),
    );
    const cliente = new ClienteFalso();
    await montar(cliente, '/admin/contenido?seccion=paginas');
    await hasta(() => texto().includes('Texto original de la tienda.'));
    expect(await violaciones()).toEqual([]);
    escribir(
      campo<HTMLTextAreaElement>('Respuesta 5'),
      'Con **Yape**, tarjeta o [transferencia](/preguntas-frecuentes). Gratis desde S/ {envioGratis}.',
    );
    await pulsar(boton('Vista previa'));
    await hasta(() => document.querySelectorAll('.bo-vista-previa iframe').length === 2);
    const vista = new DOMParser().parseFromString(document.querySelector('.bo-vista-previa iframe')!.getAttribute('srcdoc')!, 'text/html');
    const respuesta = vista.querySelectorAll('.faq__a')[4]!;
    expect(respuesta.innerHTML).toBe(
      '<p>Con <strong>Yape</strong>, tarjeta o <a href="/preguntas-frecuentes">transferencia</a>. Gratis desde S/ 250.</p>',
    );
    expect(vista.querySelectorAll('.faq__item').length).toBe(cliente.textos.paginas['preguntas-frecuentes'].secciones.length);
    await enviar('Publicar');
    await hasta(() => texto().includes('Guardado. La tienda se actualiza en unos minutos.'));
    expect(cliente.textos.paginas['preguntas-frecuentes'].secciones[4]!.texto).toMatch(/^Con \*\*Yape\*\*/);
    await hasta(() => texto().includes('Texto editado por la tienda.'));
    await pulsar(boton('Volver al texto original'));
    await hasta(() => texto().includes('Vuelve al texto original de la tienda.'));
    expect(campo<HTMLTextAreaElement>('Respuesta 5').value).toMatch(/Yape/);
    expect(cliente.textos.editados).toEqual([]);
  });

  it('publishes the locations with their hours line by line, and the social links; axe 0', async () => {
    const cliente = new ClienteFalso();
    await montar(cliente, '/admin/contenido?seccion=tiendas');
    await hasta(() => texto().includes('Tiendas y horarios'));
    expect(await violaciones()).toEqual([]);
    escribir(
      campo<HTMLTextAreaElement>('Horario de la tienda 2'),
      'Lun a Vie: 10:00 a. m. – 9:00 p. m.\n\nSáb y Dom: 11:00 a. m. – 8:00 p. m.',
    );
    await pulsar(boton('Quitar tienda 3'));
    await enviar('Publicar tiendas');
    await hasta(() => texto().includes('Guardado.'));
    const [, tiendas] = cliente.llamadas.find((l) => l.metodo === 'saveShopText')!.args as [
      string,
      { id: string; horario: string[]; lat: number }[],
    ];
    expect(tiendas.map((t) => t.id)).toEqual(['miraflores', 'san-miguel', 'plaza-norte']);
    expect(tiendas[1]!.horario).toEqual(['Lun a Vie: 10:00 a. m. – 9:00 p. m.', 'Sáb y Dom: 11:00 a. m. – 8:00 p. m.']);
    expect(typeof tiendas[1]!.lat).toBe('number');
    escribir(campo('Facebook'), 'https://www.facebook.com/kbeautyperu');
    await enviar('Publicar redes');
    await hasta(() => cliente.textos.redes.facebook === 'https://www.facebook.com/kbeautyperu');
  });
});

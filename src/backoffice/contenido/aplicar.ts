import type { ItemProgramableBody, Pagina, PaginaEditable } from '../../lib/api/contenido-schemas.ts';
import { popupAccion } from '../../lib/home/home.ts';
import { valoresDeTexto } from '../../lib/site/paginas.ts';
import { bloques, rellenar, type Trozo } from '../../lib/site/texto-pagina.ts';
import { esRutaTienda } from '../../lib/site/rutas.ts';

/**
 * The draft put into the live page's own markup for the preview (VistaPrevia): a clone of the page's
 * element takes the draft's values, so its styles (Astro's scoped ones included) apply as on the shop.
 */

/** Copies Astro's scoped-style marker (data-astro-cid-…) of `modelo` onto `el`. */
function mismoEstilo(el: Element, modelo: Element | null) {
  for (const atributo of modelo?.attributes ?? []) if (atributo.name.startsWith('data-astro-cid')) el.setAttribute(atributo.name, '');
  return el;
}

/** The draft banner first in the home's carousel, shown. */
export const aplicarBanner = (banner: ItemProgramableBody['banners']) => (doc: Document) => {
  const seccion = doc.querySelector<HTMLElement>('[data-carousel]');
  const modelo = seccion?.querySelector<HTMLElement>('[data-slide]');
  if (!seccion || !modelo) {
    const img = doc.createElement('img');
    img.src = banner.img_url;
    img.alt = banner.alt;
    img.style.cssText = 'display:block;width:100%;aspect-ratio:8/3;object-fit:cover';
    doc.querySelector('main')?.prepend(img);
    return;
  }
  seccion.hidden = false;
  if (banner.img_movil_url) seccion.classList.add('hero--movil');
  for (const slide of seccion.querySelectorAll<HTMLElement>('[data-slide]')) {
    slide.classList.remove('is-active');
    slide.setAttribute('inert', '');
  }
  const slide = modelo.cloneNode(true) as HTMLElement;
  slide.hidden = false;
  slide.removeAttribute('inert');
  slide.classList.add('is-active');
  slide.setAttribute('data-fetch', '');
  const picture = slide.querySelector('picture') ?? slide;
  picture.querySelector('source')?.remove();
  if (banner.img_movil_url) {
    const source = doc.createElement('source');
    source.media = '(max-width: 640px)';
    source.srcset = banner.img_movil_url;
    picture.prepend(source);
  }
  const img = slide.querySelector('img')!;
  img.src = banner.img_url;
  img.alt = banner.alt;
  img.loading = 'eager';
  slide.querySelector('.hero__cta')?.remove();
  if (banner.rutabutton && esRutaTienda(banner.rutabutton)) {
    const cta = mismoEstilo(doc.createElement('a'), slide) as HTMLAnchorElement;
    cta.className = 'btn hero__cta';
    cta.href = banner.rutabutton;
    cta.textContent = 'SHOP NOW!';
    slide.append(cta);
  }
  modelo.parentElement!.prepend(slide);
};

/** The draft message first in the top strip. */
export const aplicarMensaje = (item: ItemProgramableBody['mensajes']) => (doc: Document) => {
  const strip = doc.querySelector<HTMLElement>('[data-top-strip]');
  const lista = strip?.querySelector('.top-strip__copy');
  if (!strip || !lista) return;
  strip.hidden = false;
  const li = doc.createElement('li');
  li.className = 'top-strip__item';
  li.textContent = item.mensaje;
  lista.prepend(li);
};

/** The draft popup open over the home, as the island shows it. */
export const aplicarPopup = (popup: ItemProgramableBody['popups']) => (doc: Document) => {
  const dialogo = doc.createElement('dialog');
  dialogo.className = 'dialog-panel home-popup';
  dialogo.setAttribute('open', '');
  dialogo.style.cssText = 'position:fixed;inset:0;margin:auto;z-index:1000;box-shadow:0 0 0 100vmax rgb(0 0 0 / 45%)';
  const imagen = doc.createElement('div');
  imagen.className = 'home-popup__image';
  const img = doc.createElement('img');
  img.src = popup.img_url;
  img.alt = popup.alt;
  img.width = 600;
  img.height = 600;
  imagen.append(img);
  const acciones = doc.createElement('div');
  acciones.className = 'home-popup__actions';
  const cta = doc.createElement('span');
  cta.className = 'btn home-popup__cta';
  cta.textContent = popupAccion(popup.rutabutton).tipo === 'registro' ? '¡Regístrate ahora!' : 'Ver promoción';
  const luego = doc.createElement('span');
  luego.className = 'btn btn--ghost home-popup__later';
  luego.textContent = 'Ahora no, gracias';
  acciones.append(cta, luego);
  dialogo.append(imagen, acciones);
  doc.body.append(dialogo);
};

/** A text's paragraphs and lists as the page's elements (the shop's {valores} filled in). */
export function pintarTexto(doc: Document, texto: string, modelo: Element | null): Element[] {
  const linea = (trozos: Trozo[], padre: Element) => {
    for (const trozo of trozos) {
      if (trozo.href) {
        const a = mismoEstilo(doc.createElement('a'), modelo) as HTMLAnchorElement;
        a.href = trozo.href;
        a.textContent = trozo.texto;
        padre.append(a);
      } else if (trozo.negrita) {
        const b = mismoEstilo(doc.createElement('strong'), modelo);
        b.textContent = trozo.texto;
        padre.append(b);
      } else padre.append(doc.createTextNode(trozo.texto));
    }
  };
  return bloques(rellenar(texto, valoresDeTexto())).map((bloque) => {
    if (bloque.tipo === 'parrafo') {
      const p = mismoEstilo(doc.createElement('p'), modelo);
      linea(bloque.trozos, p);
      return p;
    }
    const ul = mismoEstilo(doc.createElement('ul'), modelo);
    for (const item of bloque.items) {
      const li = mismoEstilo(doc.createElement('li'), modelo);
      linea(item, li);
      ul.append(li);
    }
    return ul;
  });
}

/** The draft page's lead and sections in the live page (the FAQ's as its questions). */
export const aplicarPagina = (clave: PaginaEditable, pagina: Pagina) => (doc: Document) => {
  const valores = valoresDeTexto();
  const lead = doc.querySelector('.static-hero__lead');
  if (lead) lead.textContent = rellenar(pagina.entradilla, valores);
  const prosa = doc.querySelector('.prose');
  if (!prosa) return;
  if (clave === 'preguntas-frecuentes') {
    const faq = prosa.querySelector('.faq');
    const modelo = faq?.querySelector('.faq__item');
    if (!faq || !modelo) return;
    const items = pagina.secciones.map(({ titulo, texto }, indice) => {
      const item = modelo.cloneNode(true) as HTMLDetailsElement;
      item.open = indice === 0;
      item.querySelector('.faq__q')!.textContent = rellenar(titulo, valores);
      const respuesta = item.querySelector('.faq__a')!;
      respuesta.replaceChildren(...pintarTexto(doc, texto, respuesta));
      return item;
    });
    faq.replaceChildren(...items);
    return;
  }
  const modelo = prosa.querySelector('h2') ?? prosa.firstElementChild;
  const boton = prosa.querySelector('a.btn')?.closest('p') ?? null;
  const nodos = pagina.secciones.flatMap(({ titulo, texto }) => {
    const h2 = mismoEstilo(doc.createElement('h2'), modelo);
    h2.textContent = rellenar(titulo, valores);
    return [h2, ...pintarTexto(doc, texto, modelo)];
  });
  prosa.replaceChildren(...nodos, ...(boton ? [boton] : []));
};

import { brandLogoPath, DEMO_HOME, productImagePath } from './catalogue.ts';
import { DEMO_BRANDS, DEMO_PRODUCTS } from './data/index.ts';
import { bannerSvg, brandLogoSvg, placeholderSvg, popupSvg, productImageSvg, socialSvg } from './images/index.ts';

/** One generated image of the demo shop: its public path and how to draw it. */
export interface DemoAsset {
  path: string;
  svg: () => string;
}

const BANNERS = [
  { titulo: 'Novedades de Corea', subtitulo: 'Lo último en skincare ya está aquí', colores: ['#f6c1cf', '#8e5b9c'] },
  { titulo: 'Sale hasta 40%', subtitulo: 'Tus favoritos con descuento por tiempo limitado', colores: ['#ffd6a5', '#e76f51'] },
  { titulo: 'Tu rutina coreana', subtitulo: 'Limpieza, hidratación y protección paso a paso', colores: ['#cde7d8', '#2a7f62'] },
  { titulo: 'Protección solar diaria', subtitulo: 'Bloqueadores ligeros para todo tipo de piel', colores: ['#bde0fe', '#3a6ea5'] },
] as const;

const SOCIAL_TITLES = [
  'Rutina de noche',
  'Glass skin',
  'Unboxing',
  'Doble limpieza',
  'Flat lay de verano',
  'Favoritos del mes',
  'Textura del sérum',
  'Kit de viaje',
  'Protección solar',
];

/** Every image the demo catalogue and home content refer to, drawn on demand. */
export function demoAssets(): DemoAsset[] {
  const colours = new Map(DEMO_BRANDS.map((brand) => [brand.nombre, brand.colores]));
  const assets: DemoAsset[] = [{ path: '/demo/sin-imagen.svg', svg: placeholderSvg }];
  for (const product of DEMO_PRODUCTS) {
    const colores = colours.get(product.marca) ?? ['#f4c6d7', '#7a4e8c'];
    for (const variante of [1, 2] as const) {
      assets.push({
        path: productImagePath(product.nombre, variante),
        svg: () => productImageSvg({ nombre: product.nombre, marca: product.marca, colores, envase: product.envase, variante }),
      });
    }
  }
  for (const brand of DEMO_BRANDS) {
    assets.push({ path: brandLogoPath(brand.nombre), svg: () => brandLogoSvg({ nombre: brand.nombre, colores: brand.colores }) });
  }
  DEMO_HOME.banners.forEach((banner, indice) => {
    const { titulo, subtitulo, colores } = BANNERS[indice % BANNERS.length]!;
    assets.push({ path: banner.imgUrl, svg: () => bannerSvg({ titulo, subtitulo, colores: [...colores], indice }) });
  });
  assets.push(
    {
      path: DEMO_HOME.popups[0].imgUrl,
      svg: () =>
        popupSvg({ titulo: '¡10% de descuento!', subtitulo: 'en tu primera compra al crear tu cuenta', colores: ['#f9d5e5', '#b5487a'] }),
    },
    {
      path: DEMO_HOME.popups[1].imgUrl,
      svg: () =>
        popupSvg({ titulo: 'Sale de temporada', subtitulo: 'Hasta 40% en productos seleccionados', colores: ['#ffe5b4', '#d9603b'] }),
    },
  );
  DEMO_HOME.sociales.forEach((social, indice) => {
    if (social.tipo !== 'image') return;
    const titulo = SOCIAL_TITLES[indice % SOCIAL_TITLES.length]!;
    assets.push({
      path: social.url,
      svg: () => socialSvg({ titulo, colores: indice % 2 ? ['#fde2e4', '#c9184a'] : ['#e2ece9', '#3d8361'], indice }),
    });
  });
  return assets;
}

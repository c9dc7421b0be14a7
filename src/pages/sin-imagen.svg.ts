import type { APIRoute } from 'astro';
import { placeholderSvg } from '../site-builder/shop-images.ts';

/** /sin-imagen.svg: the shop's picture of a product without a photo (DEFAULT_IMAGE), written into the build. */
export const GET: APIRoute = () => new Response(placeholderSvg(), { headers: { 'Content-Type': 'image/svg+xml' } });

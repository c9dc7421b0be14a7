import type { APIRoute } from 'astro';
import { socialImagePng } from '../site-builder/shop-images.ts';

/** /imagen-social.png: the Open Graph picture of a page without one of its own (layouts/Base.astro), written into the build. */
export const GET: APIRoute = async () => new Response(new Uint8Array(await socialImagePng()), { headers: { 'Content-Type': 'image/png' } });

import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/seo/sitemap.ts';

/** /robots.txt: crawl everything but search, cart, account, orders and checkout; points to the sitemap. */
export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(new URL('/sitemap.xml', site).href), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

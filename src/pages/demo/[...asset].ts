import type { APIRoute, GetStaticPaths } from 'astro';
import { demoAssets, type DemoAsset } from '../../demo/assets.ts';

/** The demo shop's generated images, written into the build as static .svg files. */
export const getStaticPaths = (() =>
  demoAssets().map((asset) => ({ params: { asset: asset.path.replace(/^\/demo\//, '') }, props: { asset } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response((props as { asset: DemoAsset }).asset.svg(), { headers: { 'Content-Type': 'image/svg+xml' } });

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE } from '../lib/product/fields.ts';
import { DEFAULT_SOCIAL_IMAGE } from '../lib/seo/json-ld.ts';
import { placeholderSvg, SOCIAL_IMAGE_SIZE, socialImagePng, socialImageSvg } from './shop-images.ts';

const PAGES = join(import.meta.dirname, '..', 'pages');

describe("the shop's own images", () => {
  it('the product placeholder and the social picture are pages of the build, outside the demo', () => {
    expect(DEFAULT_IMAGE).toBe('/sin-imagen.svg');
    expect(DEFAULT_SOCIAL_IMAGE).toBe('/imagen-social.png');
    for (const path of [DEFAULT_IMAGE, DEFAULT_SOCIAL_IMAGE]) expect(existsSync(join(PAGES, `${path}.ts`)), path).toBe(true);
  });

  it("the placeholder says «Sin imagen» with the shop's name, escaped for XML, and is a valid SVG", async () => {
    const svg = placeholderSvg();
    expect(svg).toContain('>Sin imagen</text>');
    expect(svg).toContain('K-Beauty Per&#250;');
    expect(placeholderSvg('Dulce & <Bella>')).toContain('Dulce &#38; &#60;Bella&#62;');
    expect(svg).not.toMatch(/demo/i);
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['svg', 800, 800]);
  });

  it("the social picture is a 1200×630 PNG drawn with the shop's colour and name", async () => {
    expect(socialImageSvg()).toContain('K-Beauty Per&#250;');
    expect(socialImageSvg()).toContain('fill="#b02a64"');
    const png = await socialImagePng();
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', SOCIAL_IMAGE_SIZE.width, SOCIAL_IMAGE_SIZE.height]);
    // Mostly the shop's colour: the corner pixel is it.
    const { data } = await sharp(png).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0xb0, 0x2a, 0x64]);
    // Small enough for a preview: well under the 5 MB networks take.
    expect(png.length).toBeLessThan(200_000);
  });
});

import { describe, expect, it } from 'vitest';
import { osmEmbedUrl, osmLinkUrl } from './tiendas.ts';

describe('OpenStreetMap links', () => {
  it('embeds a box around the marker', () => {
    const url = osmEmbedUrl({ lat: -12.1, lon: -77 });
    expect(url).toContain('bbox=-77.0060,-12.1040,-76.9940,-12.0960');
    expect(url).toContain('marker=-12.1,-77');
  });
  it('links to the location', () =>
    expect(osmLinkUrl({ lat: -12.1, lon: -77 })).toBe('https://www.openstreetmap.org/?mlat=-12.1&mlon=-77#map=17/-12.1/-77'));
});

import { describe, expect, it } from 'vitest';
import { redirectRules } from '../../netlify/redirects.ts';

describe('dist/_redirects', () => {
  it('sends each escaped spelling to its page, then lets a server that decodes the path find the page itself', () => {
    expect(redirectRules(['marcas', 'marcas/Dr. Jart+', 'marcas/Ma:nyo', 'marcas/COSRX', 'producto/7-serum', 'Contorno de ojos'])).toEqual([
      '/marcas/Dr.%20Jart%2B /marcas/Dr.%20Jart+ 301',
      '/marcas/Ma%3Anyo /marcas/Ma:nyo 301',
      '/marcas/:page /marcas/:page 200',
      '/marcas/:page/ /marcas/:page/ 200',
    ]);
  });

  it('has nothing to add for a site without such names, and never rewrites one-segment paths (the API’s /login)', () => {
    expect(redirectRules(['marcas/COSRX', 'Contorno de ojos'])).toEqual([]);
    expect(redirectRules(['Cuidado+'])).toEqual(['/Cuidado%2B /Cuidado+ 301']);
  });
});

import { describe, expect, it } from 'vitest';
import { bloques, rellenar, textoPlanoDe, trozos } from './texto-pagina.ts';

describe('texto-pagina', () => {
  it('reads paragraphs, lists, bold and safe links', () => {
    expect(bloques('Hola **mundo**.\nSigue.\n\n- uno\n- [dos](/tienda-fisica)\n\n[x](javascript:alert)')).toEqual([
      { tipo: 'parrafo', trozos: [{ texto: 'Hola ' }, { texto: 'mundo', negrita: true }, { texto: '. Sigue.' }] },
      { tipo: 'lista', items: [[{ texto: 'uno' }], [{ texto: 'dos', href: '/tienda-fisica' }]] },
      { tipo: 'parrafo', trozos: [{ texto: 'x' }] },
    ]);
    expect(trozos('[correo](mailto:hola@kbeautyperu.pe) y [web](https://example.pe/a)')).toEqual([
      { texto: 'correo', href: 'mailto:hola@kbeautyperu.pe' },
      { texto: ' y ' },
      { texto: 'web', href: 'https://example.pe/a' },
    ]);
    expect(trozos('[mal](//evil.com)')).toEqual([{ texto: 'mal' }]);
  });

  it("fills the shop's values and leaves unknown keys as typed", () => {
    expect(rellenar('Gratis desde S/ {envioGratis} en {nada}', { envioGratis: 250 })).toBe('Gratis desde S/ 250 en {nada}');
    expect(textoPlanoDe('Paga con **Yape**.\n\n- Boleta\n- Factura')).toBe('Paga con Yape. Boleta Factura');
  });
});

import { describe, expect, it } from 'vitest';
import { motivoNombreDePagina } from './page-names.ts';
import { brandPath } from './routes.ts';

describe('motivoNombreDePagina', () => {
  it('accepts the names of real brands and categorías, accents, symbols and all', () => {
    for (const nombre of ['COSRX', 'Dr. Jart+', 'Rom&nd', 'I’m From', 'Contorno de ojos', 'Serúm', '3CE', 'Beauty of Joseon']) {
      expect([nombre, motivoNombreDePagina('La marca', nombre)]).toEqual([nombre, undefined]);
    }
  });

  it('refuses what cannot be one path segment, with a Spanish reason', () => {
    const casos: [string, string][] = [
      ['Marca/Otra', 'La marca no puede tener / \\ ? # ni %: su nombre es también la dirección de su página.'],
      ['Marca\\Otra', 'La marca no puede tener / \\ ? # ni %: su nombre es también la dirección de su página.'],
      ['</script><script>alert(1)</script>', 'La marca no puede tener / \\ ? # ni %: su nombre es también la dirección de su página.'],
      ['Marca?', 'La marca no puede tener / \\ ? # ni %: su nombre es también la dirección de su página.'],
      ['50% Off', 'La marca no puede tener / \\ ? # ni %: su nombre es también la dirección de su página.'],
      ['<b>Marca', 'La marca no puede tener < ni >.'],
      ['Marca\u0000', 'La marca contiene caracteres no permitidos.'],
      ['Marca\tNueva', 'La marca contiene caracteres no permitidos.'],
      ['..', 'La marca debe tener al menos una letra o un número.'],
      ['---', 'La marca debe tener al menos una letra o un número.'],
      ['', 'La marca debe tener al menos una letra o un número.'],
    ];
    for (const [nombre, motivo] of casos) expect([nombre, motivoNombreDePagina('La marca', nombre)]).toEqual([nombre, motivo]);
  });

  it('every accepted name makes a path of exactly one segment under /marcas', () => {
    for (const nombre of ['Rom&nd', 'Dr. Jart+', 'Marca: Edición; Nueva', 'A=B@C'])
      expect(brandPath(nombre).split('/').filter(Boolean)).toHaveLength(2);
  });
});

/**
 * The shop's three-level taxonomy: a line of the menu (Cuidado, Maquillaje, Corporal, Accesorios),
 * its categorías (the spec's /{categoria} routes, spelled exactly as the route table spells them)
 * and each categoría's child categories (the /categoria/{child} routes).
 */
export interface TaxonomyLine {
  /** Menu line, also a listing route: /Cuidado, /Maquillaje, /Corporal, /Accesorios. */
  linea: string;
  categorias: { nombre: string; hijas: string[] }[];
}

export const TAXONOMY: TaxonomyLine[] = [
  {
    linea: 'Cuidado',
    categorias: [
      { nombre: 'Limpieza', hijas: ['Limpiador en aceite', 'Limpiador en espuma', 'Bálsamo desmaquillante', 'Agua micelar'] },
      { nombre: 'Exfoliante', hijas: ['Exfoliante químico', 'Exfoliante físico', 'Peeling gel'] },
      { nombre: 'Tónico', hijas: ['Tónico hidratante', 'Tónico exfoliante', 'Tónico calmante'] },
      { nombre: 'Serúm', hijas: ['Sérum hidratante', 'Sérum iluminador', 'Ampolla'] },
      { nombre: 'Mascarillas', hijas: ['Mascarilla en tela', 'Mascarilla de arcilla', 'Mascarilla en crema'] },
      { nombre: 'Esencia', hijas: ['Esencia hidratante', 'Primera esencia'] },
      { nombre: 'Locion', hijas: ['Loción facial', 'Emulsión'] },
      { nombre: 'Crema', hijas: ['Crema hidratante', 'Crema calmante', 'Gel crema'] },
      { nombre: 'Contorno de ojos', hijas: ['Crema de ojos', 'Parches de ojos'] },
      { nombre: 'Mist', hijas: ['Bruma facial'] },
      { nombre: 'Sleeping Mask', hijas: ['Mascarilla de noche', 'Mascarilla de labios'] },
      { nombre: 'Tone Up', hijas: ['Crema tone up'] },
      { nombre: 'Bloqueador', hijas: ['Bloqueador en crema', 'Bloqueador en barra', 'Bloqueador en gel'] },
      { nombre: 'Pads', hijas: ['Pads tonificantes', 'Pads exfoliantes'] },
    ],
  },
  {
    linea: 'Maquillaje',
    categorias: [
      { nombre: 'Rostro', hijas: ['Cushion', 'BB Cream', 'Corrector', 'Polvo', 'Rubor'] },
      { nombre: 'Ojos', hijas: ['Sombras', 'Delineador', 'Máscara de pestañas', 'Cejas'] },
      { nombre: 'Labios', hijas: ['Tint', 'Labial', 'Bálsamo labial', 'Gloss'] },
    ],
  },
  {
    linea: 'Corporal',
    categorias: [{ nombre: 'Cuerpo', hijas: ['Cabello', 'Manos', 'Pies', 'Hidratación corporal', 'Baño y ducha'] }],
  },
  {
    linea: 'Accesorios',
    categorias: [{ nombre: 'Accesorios', hijas: ['Brochas', 'Esponjas', 'Herramientas faciales', 'Neceseres'] }],
  },
];

/** Skin types, age groups and concerns the routine builder asks about; product tags use exactly these. */
export const TIPOS_PIEL = ['Normal', 'Seca', 'Grasa', 'Mixta', 'Sensible'] as const;
export const GRUPOS_EDAD = ['18-24', '25-34', '35-44', '45+'] as const;
export const INQUIETUDES_PIEL = ['Acné', 'Manchas', 'Arrugas', 'Poros dilatados', 'Deshidratación', 'Rojeces', 'Opacidad'] as const;

/** The three shops of the footer; a product's `sedes` lists where it is on the shelf. */
export const SEDES = ['Miraflores', 'San Miguel', 'Independencia'] as const;

import { csvField } from '../../src/lib/csv.ts';
import { buildDemoProducts } from '../../src/demo/catalogue.ts';

/** The import's columns the generated catalogue fills (every descriptive field of a real one). */
const CABECERA = [
  'sku',
  'nombre',
  'marca',
  'categoria',
  'child',
  'precio',
  'descuento',
  'stock',
  'stock_total',
  'newores',
  'img',
  'descripcion',
  'modouso',
  'beneficios',
  'ingredientes',
  'colores',
  'tamaños',
  'etiquetalogo',
  'sedes',
  'tipo_piel',
  'edad',
  'inquietud_piel',
] as const;

/**
 * A realistic catalogue CSV of `rows` products for the import benchmark and its test: the demo
 * products' texts, categories and images, each under a new SKU and name; every 40th product of a
 * brand new to the shop. `precioExtra` shifts every price, so a second file updates every row.
 */
export function catalogueCsv(
  rows: number,
  { precioExtra = 0, prefijo = 'BENCH' }: { precioExtra?: number; prefijo?: string } = {},
): string {
  const templates = buildDemoProducts(new Date('2025-01-01T12:00:00Z'));
  const lines = [CABECERA.join(',')];
  for (let i = 0; i < rows; i++) {
    const t = templates[i % templates.length]!;
    const lote = Math.floor(i / templates.length) + 1;
    const values: Record<(typeof CABECERA)[number], string> = {
      sku: `${prefijo}-${String(i + 1).padStart(6, '0')}`,
      nombre: `${t.nombre} (lote ${lote})`,
      marca: i % 40 === 39 ? `Marca Importada ${Math.floor((i % 400) / 40) + 1}` : t.marca,
      categoria: t.categoria,
      child: t.child ?? '',
      precio: (t.precio + precioExtra).toFixed(2),
      descuento: String(t.descuento),
      stock: String(t.stock),
      stock_total: String(t.stockTotal),
      newores: t.newores,
      img: t.img,
      descripcion: t.descripcion,
      modouso: t.modouso,
      beneficios: t.beneficios,
      ingredientes: t.ingredientes,
      colores: t.colores,
      tamaños: t.tamanos,
      etiquetalogo: t.etiquetalogo,
      sedes: t.sedes,
      tipo_piel: t.tipoPiel,
      edad: t.edad,
      inquietud_piel: t.inquietudPiel,
    };
    lines.push(CABECERA.map((columna) => csvField(values[columna])).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The shop's physical locations (storefront §1, checkout §2): the three shops of the footer and the
 * Plaza Norte pickup point, with their hours and map coordinates. One source for the footer, the
 * maps modal and /tienda-fisica.
 */
export interface Tienda {
  id: string;
  nombre: string;
  direccion: string;
  distrito: string;
  referencia: string;
  /** Opening hours, one line per group of days. */
  horario: readonly string[];
  lat: number;
  lon: number;
  /** A shop where customers buy, or only a pickup point. */
  tipo: 'tienda' | 'recojo';
}

export const TIENDAS: readonly Tienda[] = [
  {
    id: 'miraflores',
    nombre: 'Miraflores',
    direccion: 'Av. José Larco 812, tienda 104',
    distrito: 'Miraflores, Lima',
    referencia: 'A dos cuadras del Parque Kennedy',
    horario: ['Lun a Sáb: 10:00 a. m. – 9:00 p. m.', 'Dom: 10:00 a. m. – 7:00 p. m.'],
    lat: -12.1256,
    lon: -77.0297,
    tipo: 'tienda',
  },
  {
    id: 'san-miguel',
    nombre: 'San Miguel',
    direccion: 'C.C. Plaza San Miguel, Av. La Marina 2000, 2.º nivel',
    distrito: 'San Miguel, Lima',
    referencia: 'Frente al patio de comidas',
    horario: ['Todos los días: 10:00 a. m. – 10:00 p. m.'],
    lat: -12.0775,
    lon: -77.0829,
    tipo: 'tienda',
  },
  {
    id: 'independencia',
    nombre: 'Independencia',
    direccion: 'C.C. MegaPlaza, Av. Alfredo Mendiola 3698, 1.er nivel',
    distrito: 'Independencia, Lima',
    referencia: 'Junto a la entrada principal de Av. Alfredo Mendiola',
    horario: ['Todos los días: 10:00 a. m. – 10:00 p. m.'],
    lat: -11.9936,
    lon: -77.061,
    tipo: 'tienda',
  },
];

/** Pickup only: orders chosen as 'Recojo CC. Plaza Norte' are handed over here. */
export const PLAZA_NORTE: Tienda = {
  id: 'plaza-norte',
  nombre: 'Plaza Norte (punto de recojo)',
  direccion: 'C.C. Plaza Norte, Av. Alfredo Mendiola 1400, módulo de atención',
  distrito: 'Independencia, Lima',
  referencia: 'Cruce de Av. Tomás Valle con la Panamericana Norte',
  horario: ['Todos los días: 10:00 a. m. – 10:00 p. m. (horario del centro comercial)'],
  lat: -12.0066,
  lon: -77.0586,
  tipo: 'recojo',
};

/** OpenStreetMap's embeddable map around a location, with its marker. */
export function osmEmbedUrl({ lat, lon }: Pick<Tienda, 'lat' | 'lon'>): string {
  const bbox = [lon - 0.006, lat - 0.004, lon + 0.006, lat + 0.004].map((n) => n.toFixed(4)).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lon}`;
}

/** The location on openstreetmap.org, for the 'Ver en el mapa' link. */
export function osmLinkUrl({ lat, lon }: Pick<Tienda, 'lat' | 'lon'>): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

import type { DemoProduct } from '../types.ts';
import { ACCESORIOS } from './accesorios.ts';
import { DEMO_BRANDS } from './brands.ts';
import { CORPORAL } from './corporal.ts';
import { CUIDADO_HIDRATACION } from './cuidado-hidratacion.ts';
import { CUIDADO_LIMPIEZA } from './cuidado-limpieza.ts';
import { CUIDADO_PROTECCION } from './cuidado-proteccion.ts';
import { CUIDADO_TRATAMIENTO } from './cuidado-tratamiento.ts';
import { MAQUILLAJE } from './maquillaje.ts';

export { DEMO_BRANDS };

/** The whole demo catalogue, in menu order: Cuidado, Maquillaje, Corporal, Accesorios. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  ...CUIDADO_LIMPIEZA,
  ...CUIDADO_TRATAMIENTO,
  ...CUIDADO_HIDRATACION,
  ...CUIDADO_PROTECCION,
  ...MAQUILLAJE,
  ...CORPORAL,
  ...ACCESORIOS,
];

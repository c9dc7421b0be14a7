import { createRequire } from 'node:module';
import { searchKey } from '../../lib/shipping/place-key.ts';

/** Peru's ubigeo as the `ubigeo` package ships it (INEI codes and names). */
interface RegionFile {
  region: string;
  provincies: { code: string; provincie: string }[];
}
interface DistrictFile {
  provincie: string;
  districts: { code: string; name: string }[];
}

export interface Ubigeo {
  ubigeo: string;
  nombre: string;
  provincias: { ubigeo: string; nombre: string; distritos: { ubigeo: string; nombre: string; tarifa: number }[] }[];
}

const require = createRequire(import.meta.url);
const splitCode = (label: string) => {
  const match = /^(\d+)\s+(.*)$/.exec(label.trim());
  if (!match) throw new Error(`Ubigeo ilegible: ${label}`);
  return { code: match[1]!, name: match[2]! };
};

/** Demo tariffs by department: Lima Metropolitana and Callao low, the rest higher by region. */
const COSTA = new Set(['02', '04', '11', '13', '14', '18', '20', '23', '24']);
const SIERRA = new Set(['03', '05', '06', '08', '09', '10', '12', '19', '21']);
const CENTRO_LIMA = new Set([
  'BARRANCO',
  'JESUS MARIA',
  'LINCE',
  'MAGDALENA DEL MAR',
  'MIRAFLORES',
  'PUEBLO LIBRE',
  'SAN BORJA',
  'SAN ISIDRO',
  'SAN MIGUEL',
  'SANTIAGO DE SURCO',
  'SURQUILLO',
  'LIMA',
  'BRENA',
  'LA VICTORIA',
  'SAN LUIS',
  'RIMAC',
]);

export function demoTariff(departamento: string, provincia: string, distrito: string): number {
  if (departamento === '15' && provincia === '01') return CENTRO_LIMA.has(searchKey(distrito)) ? 10 : 14;
  if (departamento === '07') return 14;
  const otherProvince = provincia === '01' ? 0 : 5;
  if (departamento === '15') return 20 + otherProvince;
  if (COSTA.has(departamento)) return 22 + otherProvince;
  if (SIERRA.has(departamento)) return 28 + otherProvince;
  return 35 + otherProvince;
}

/** Every department with its provinces and districts, each district with its demo tariff. */
export function loadUbigeo(): Ubigeo[] {
  const regions = require('ubigeo/dist/regions.json') as RegionFile[];
  const districtFile = require('ubigeo/dist/districts.json') as DistrictFile[];
  const districtsByProvince = new Map<string, { code: string; name: string }[]>();
  for (const entry of districtFile) {
    const [department, province] = entry.provincie.split(' - ').map(splitCode);
    districtsByProvince.set(`${department!.code}${province!.code}`, entry.districts);
  }
  return regions.map((region) => {
    const department = splitCode(region.region);
    return {
      ubigeo: department.code,
      nombre: department.name,
      provincias: region.provincies.map((province) => {
        const code = `${department.code}${province.code}`;
        return {
          ubigeo: code,
          nombre: province.provincie,
          distritos: (districtsByProvince.get(code) ?? []).map((district) => ({
            ubigeo: `${code}${district.code}`,
            nombre: district.name,
            tarifa: demoTariff(department.code, province.code, district.name),
          })),
        };
      }),
    };
  });
}

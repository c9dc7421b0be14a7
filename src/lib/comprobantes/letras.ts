/**
 * Amounts in words, as a receipt prints its total (SUNAT's leyenda 1000): 'CIENTO VEINTE CON 50/100 SOLES'.
 * Integers up to 999 999 999 999; 'UNO' shortens to 'UN' before MIL and MILLÓN (VEINTIÚN MIL, UN MILLÓN).
 */

const UNIDADES = [
  'CERO',
  'UNO',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIUNO',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const DECENAS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const CENTENAS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];

/** 1 to 999 in words ('' for 0). */
function hastaMil(n: number): string {
  if (n === 0) return '';
  if (n === 100) return 'CIEN';
  const centenas = Math.floor(n / 100);
  const resto = n % 100;
  const partes = centenas > 0 ? [CENTENAS[centenas]!] : [];
  if (resto > 0 && resto < 30) partes.push(UNIDADES[resto]!);
  else if (resto >= 30)
    partes.push(resto % 10 === 0 ? DECENAS[resto / 10]! : `${DECENAS[Math.floor(resto / 10)]} Y ${UNIDADES[resto % 10]}`);
  return partes.join(' ');
}

/** The short form before a noun (MIL, MILLÓN): UNO → UN, VEINTIUNO → VEINTIÚN. */
const apocope = (palabras: string) => palabras.replace(/VEINTIUNO$/, 'VEINTIÚN').replace(/UNO$/, 'UN');

/** 1 to 999 999 in words ('' for 0). */
function hastaMillon(n: number): string {
  const miles = Math.floor(n / 1000);
  const resto = n % 1000;
  const partes: string[] = [];
  if (miles === 1) partes.push('MIL');
  else if (miles > 1) partes.push(`${apocope(hastaMil(miles))} MIL`);
  if (resto > 0) partes.push(hastaMil(resto));
  return partes.join(' ');
}

/** A non-negative integer in Spanish words, upper case: 0 → 'CERO', 21 000 → 'VEINTIÚN MIL', 1 000 000 → 'UN MILLÓN'. */
export function numeroEnLetras(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > 999_999_999_999) throw new RangeError(`No se puede escribir en letras: ${n}.`);
  if (n === 0) return UNIDADES[0]!;
  const millones = Math.floor(n / 1_000_000);
  const resto = n % 1_000_000;
  const partes: string[] = [];
  if (millones === 1) partes.push('UN MILLÓN');
  else if (millones > 1) partes.push(`${apocope(hastaMillon(millones))} MILLONES`);
  if (resto > 0) partes.push(hastaMillon(resto));
  return partes.join(' ');
}

/** An amount in céntimos as a receipt writes it: 12 050 → 'CIENTO VEINTE CON 50/100 SOLES'. */
export function importeEnLetras(centimos: number): string {
  if (!Number.isSafeInteger(centimos) || centimos < 0) throw new RangeError(`No es un importe en céntimos: ${centimos}.`);
  const soles = Math.floor(centimos / 100);
  return `${numeroEnLetras(soles)} CON ${String(centimos % 100).padStart(2, '0')}/100 SOLES`;
}

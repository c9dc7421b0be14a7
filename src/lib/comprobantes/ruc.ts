/**
 * The RUC (Registro Único de Contribuyentes) a factura is issued to: 11 digits, a taxpayer-kind prefix
 * (10 a person, 15/16/17 other natural persons' cases, 20 a company) and SUNAT's module-11 check digit.
 */

const PESOS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
const PREFIJOS = ['10', '15', '16', '17', '20'] as const;

/** The check digit SUNAT computes over a RUC's first ten digits. */
export function rucCheckDigit(primeros10: string): number {
  const suma = PESOS.reduce((total, peso, i) => total + peso * Number(primeros10[i]), 0);
  const resto = 11 - (suma % 11);
  return resto === 10 ? 0 : resto === 11 ? 1 : resto;
}

/** Why `ruc` is not a valid RUC (a Spanish sentence for the shopper), or null when it is. */
export function rucRefusal(ruc: string): string | null {
  const value = ruc.trim();
  if (!/^\d{11}$/.test(value)) return 'El RUC debe tener 11 dígitos.';
  if (!PREFIJOS.some((prefijo) => value.startsWith(prefijo))) return 'El RUC debe empezar con 10, 15, 16, 17 o 20.';
  if (rucCheckDigit(value) !== Number(value[10])) return 'El RUC no es válido: revisa sus dígitos.';
  return null;
}

export const isValidRuc = (ruc: string) => rucRefusal(ruc) === null;

import { TIENDA } from '../config.ts';

/** The digits of a phone as typed, at most 9 (storefront §5). */
export const phoneDigits = (input: string) => input.replace(/\D/g, '').slice(0, TIENDA.telefonoDigitos);

/** A phone shown in groups of three: '987 654 321'. */
export const formatPhone = (input: string) => phoneDigits(input).replace(/(\d{3})(?=\d)/g, '$1 ');

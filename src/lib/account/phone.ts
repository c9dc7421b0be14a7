import { TELEFONO } from '../api/account-rules.ts';

/** The digits of a phone as typed, at most `TELEFONO.digitos` (storefront §5). */
export const phoneDigits = (input: string) => input.replace(/\D/g, '').slice(0, TELEFONO.digitos);

/** A phone shown in groups of three: '987 654 321'. */
export const formatPhone = (input: string) => phoneDigits(input).replace(/(\d{3})(?=\d)/g, '$1 ');

/** The phone input as the shopper sees it: the TELEFONO rule in formatPhone's groups ('\d{3} \d{3} \d{3}', '999 999 999'). */
export const PHONE_INPUT = {
  pattern: formatPhone('9'.repeat(TELEFONO.digitos)).replace(/\d+/g, (group) => `\\d{${group.length}}`),
  placeholder: formatPhone('9'.repeat(TELEFONO.digitos)),
} as const;

import { foldAccents } from '../text.ts';

/** A place name as the location look-ups compare it: uppercase, without accents, single spaces. */
export const searchKey = (name: string) => foldAccents(name).toUpperCase().replace(/\s+/g, ' ').trim();

/** A place name as the location look-ups compare it: uppercase, without accents, single spaces. */
export const searchKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();

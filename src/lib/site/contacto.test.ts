import { describe, expect, it } from 'vitest';
import { telefonoLegible } from './contacto.ts';

describe('telefonoLegible', () => {
  it('groups the number in threes after the country code', () => expect(telefonoLegible('51987654321')).toBe('+51 987 654 321'));
});

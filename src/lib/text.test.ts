import { describe, expect, it } from 'vitest';
import { ACCENTED_LETTERS, foldAccents, foldText } from './text.ts';

describe('foldAccents', () => {
  it('drops accents and tildes and keeps case, spaces and punctuation', () => {
    expect(foldAccents('Tránsito Ñandú, PIEL Grasa ')).toBe('Transito Nandu, PIEL Grasa ');
    expect(foldAccents('Crema Água · Ü')).toBe('Crema Agua · U');
  });
  it('folds each accented letter to one plain letter, as the database translate() needs', () => {
    expect(foldAccents(ACCENTED_LETTERS)).toBe('aeiouunaeiouAEIOUUNAEIOU');
  });
});

describe('foldText', () => {
  it('folds accents and case and trims', () => {
    expect(foldText('  Piel Grasa Ñ ')).toBe('piel grasa n');
    expect(foldText('Tónico')).toBe(foldText('TONICO'));
  });
});

import { describe, expect, it } from 'vitest';
import { eachListElement, textPieces } from './json-list.ts';

/** The elements `eachListElement` hands on for these pieces. */
async function elements(pieces: string[]): Promise<unknown[]> {
  const seen: unknown[] = [];
  const count = await eachListElement(pieces, (element, index) => {
    expect(index).toBe(seen.length);
    seen.push(element);
  });
  expect(count).toBe(seen.length);
  return seen;
}

/** `text` cut into pieces of `size` characters. */
const cut = (text: string, size: number) =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

const LIST = [
  { nombre: 'Crema, "ñ" [día] {noche}', precio: 45.9, tallas: ['50 ml', '100 ml'], extra: { a: [1, [2, {}]] } },
  'texto con \\ barra y \\" comillas ] , }',
  42,
  null,
  [],
  {},
  { emoji: '한국 🧴', salto: 'línea\nnueva' },
];

describe('a JSON list read a piece at a time', () => {
  it('hands on every element, however the text is cut (even a character at a time) and however it is spaced', async () => {
    for (const text of [
      JSON.stringify(LIST),
      JSON.stringify(LIST, null, 2),
      ` \n[ ${LIST.map((e) => JSON.stringify(e)).join(' ,\t')} ] \r\n`,
    ]) {
      for (const size of [1, 2, 3, 7, 64, text.length]) expect(await elements(cut(text, size))).toEqual(LIST);
    }
  });

  it('reads an empty list, and a list from a response body cut inside a multi-byte character', async () => {
    expect(await elements(['[', ' ', ']'])).toEqual([]);
    const bytes = new TextEncoder().encode(JSON.stringify(LIST));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // Every 5 bytes: the pieces cut through ñ, 한 and 🧴.
        for (let at = 0; at < bytes.length; at += 5) controller.enqueue(bytes.slice(at, at + 5));
        controller.close();
      },
    });
    const seen: unknown[] = [];
    await eachListElement(textPieces(body), (element) => seen.push(element));
    expect(seen).toEqual(LIST);
  });

  it('refuses what is not one whole JSON list, saying what is wrong', async () => {
    await expect(elements(['{"a":1}'])).rejects.toThrow('no es una lista');
    await expect(elements(['"[1]"'])).rejects.toThrow('no es una lista');
    await expect(elements(['   '])).rejects.toThrow('vacía');
    await expect(elements(['[1,', '2'])).rejects.toThrow('se cortó después de 1');
    await expect(elements(['[1,,2]'])).rejects.toThrow('elemento vacío en el lugar 1');
    await expect(elements(['[1,]'])).rejects.toThrow('elemento vacío');
    await expect(elements(['[1] 2'])).rejects.toThrow('después del fin');
    await expect(elements(['[1}'])).rejects.toThrow('llave de más');
    await expect(elements(['[{"a":1]'])).rejects.toThrow(SyntaxError);
  });

  it('stops at the first element its reader refuses', async () => {
    const seen: unknown[] = [];
    const reading = eachListElement(['[1,2,3]'], (element) => {
      if (element === 2) throw new Error('el segundo no');
      seen.push(element);
    });
    await expect(reading).rejects.toThrow('el segundo no');
    expect(seen).toEqual([1]);
  });
});

/**
 * The elements of a JSON list read from text that arrives in pieces, each parsed and handed on as soon as its
 * last character has come: a list of 150 MB (the product list at 100,000 products) is never held whole, as text
 * or as values. Any valid JSON list is read (spaces, nesting, strings holding `,` `]` `"` or escapes, a piece
 * ending anywhere); anything else is refused with what was wrong.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
/** JSON's four spaces: space, tab, line feed, carriage return. */
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * Calls `visit` with each element of the JSON list in `pieces`, in order, with its place, waiting for it when it
 * answers a promise (the rest is read only then); returns how many there were. Throws when the text is not one
 * JSON list, and whatever `visit` throws (the rest is then not read).
 */
export async function eachListElement(
  pieces: AsyncIterable<string> | Iterable<string>,
  visit: (element: unknown, index: number) => unknown,
): Promise<number> {
  let count = 0;
  for await (const element of listElements(pieces)) await visit(element, count++);
  return count;
}

/** The elements of the JSON list in `pieces`, each as soon as its text has come (see eachListElement). */
export async function* listElements(pieces: AsyncIterable<string> | Iterable<string>): AsyncGenerator<unknown> {
  let started = false;
  let ended = false;
  let inString = false;
  let escaped = false;
  /** Nesting below the list itself: 0 between its elements. */
  let depth = 0;
  /** The current element's text from earlier pieces. */
  let carry = '';
  let count = 0;

  /** The element ending here (`text` is its end in this piece), undefined for the end of an empty list; `last` when a `]` closed the list. */
  const finish = (text: string, last: boolean): { element: unknown } | undefined => {
    const element = carry + text;
    carry = '';
    if (!element.trim()) {
      if (last && count === 0) return undefined;
      throw new SyntaxError(`La lista JSON tiene un elemento vacío en el lugar ${count}.`);
    }
    count++;
    return { element: JSON.parse(element) as unknown };
  };

  for await (const piece of pieces) {
    let start = 0;
    for (let i = 0; i < piece.length; i++) {
      const c = piece.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
      } else if (!started || ended) {
        if (isSpace(c)) continue;
        if (ended) throw new SyntaxError('Hay texto después del fin de la lista JSON.');
        if (c !== OPEN_LIST) throw new SyntaxError('La respuesta no es una lista JSON.');
        started = true;
        start = i + 1;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_LIST || c === OPEN_OBJECT) depth++;
      else if (c === CLOSE_LIST || c === CLOSE_OBJECT) {
        if (depth > 0) depth--;
        else if (c === CLOSE_OBJECT) throw new SyntaxError(`La lista JSON tiene una llave de más en el lugar ${count}.`);
        else {
          const found = finish(piece.slice(start, i), true);
          ended = true;
          if (found) yield found.element;
        }
      } else if (c === COMMA && depth === 0) {
        const found = finish(piece.slice(start, i), false);
        start = i + 1;
        if (found) yield found.element;
      }
    }
    if (started && !ended) carry += piece.slice(start);
  }
  if (!started) throw new SyntaxError('La respuesta está vacía: no es una lista JSON.');
  if (!ended) throw new SyntaxError(`La lista JSON se cortó después de ${count} elementos.`);
}

/** A response's body as text, a piece at a time as it arrives; left early, the rest is not read. */
export async function* textPieces(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield decoder.decode(read.value, { stream: true });
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    await reader.cancel().catch(() => {});
  }
}

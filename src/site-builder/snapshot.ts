import {
  closeSync,
  createReadStream,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ResenaPublica, ResenasPublicadas } from '../lib/api/resenas-schemas.ts';
import {
  bannerSchema,
  marcaSchema,
  mensajeBarraSchema,
  menuSchema,
  popupSchema,
  productoSchema,
  socialSchema,
} from '../lib/api/schemas.ts';
import { catalogueSource, type CatalogueSource } from './catalogue-source.ts';
import { listElements } from './json-list.ts';
import { contenidoPublicoSchema } from '../lib/api/contenido-schemas.ts';

/** An approved review as GET /api/resenas/publicadas answers it (the type is the API's, ResenaPublica). */
const resenaPublicaSchema = z.object({
  id: z.number().int(),
  estrellas: z.number().int().min(1).max(5),
  titulo: z.string(),
  texto: z.string(),
  autor: z.string(),
  fecha: z.string(),
  foto: z.string().nullable(),
  compraVerificada: z.literal(true),
}) satisfies z.ZodType<ResenaPublica>;

/** A product's newest approved reviews, the static product page's (issue 25). */
export const resenasDeProductoSchema = z.object({ idProducto: z.number().int(), resenas: resenaPublicaSchema.array() }) satisfies z.ZodType<
  ResenasPublicadas['productos'][number]
>;

/** Each part of the snapshot: the API path it is read from and the schema its answer must match (the content collections' too). */
export const SNAPSHOT_PARTS = {
  productos: { path: '/web/listprod', schema: productoSchema.array() },
  marcas: { path: '/web/ListMarcas', schema: marcaSchema.array() },
  menu: { path: '/web/menu', schema: menuSchema },
  mensajes: { path: '/web/navbar_superior', schema: mensajeBarraSchema.array() },
  banners: { path: '/web/baners', schema: bannerSchema.array() },
  popups: { path: '/web/popups', schema: popupSchema.array() },
  sociales: { path: '/web/sociales', schema: socialSchema.array() },
  /** The editable content with its runs and the shop's texts (issue 37); an API without it builds with the code's texts. */
  contenido: { path: '/web/contenido', schema: contenidoPublicoSchema.nullable() },
  resenas: {
    path: '/api/resenas/publicadas',
    schema: z.object({ productos: resenasDeProductoSchema.array() }).transform(({ productos }) => productos),
  },
};

/**
 * Parts a shop's own API may lack (PUBLIC_API_BASE pointing at an API without reviews): one whose path answers
 * 404 builds as empty, with a warning. Any other failure (a 500, an outage) and an answer of the wrong shape still fail the build.
 */
const OPTIONAL_PARTS: ReadonlySet<keyof typeof SNAPSHOT_PARTS> = new Set(['resenas', 'contenido']);

/** Everything the static build renders. */
export type Snapshot = { [K in keyof typeof SNAPSHOT_PARTS]: z.output<(typeof SNAPSHOT_PARTS)[K]['schema']> };

const EMPTY: Snapshot = {
  productos: [],
  marcas: [],
  menu: [],
  mensajes: [],
  banners: [],
  popups: [],
  sociales: [],
  contenido: null,
  resenas: [],
};

type Part = keyof typeof SNAPSHOT_PARTS;
const ALL_PARTS = Object.keys(SNAPSHOT_PARTS) as Part[];

/**
 * Reads the snapshot's `parts` (all of them unless named) once through the API contract, validating
 * every answer, from `source`, else from `catalogueSource()`. In the Astro process of a build,
 * SNAPSHOT_DIR names the folder `writeSnapshot` wrote (validated then), and the parts are read from it.
 */
export async function takeSnapshot<K extends Part = Part>(
  parts: readonly K[] = ALL_PARTS as K[],
  source?: CatalogueSource,
): Promise<Pick<Snapshot, K>> {
  // Type checks (`astro check`) only sync the collections' types: they need no data.
  if (process.env.SNAPSHOT === 'empty') return EMPTY;
  if (!source && process.env.SNAPSHOT_DIR) return readSnapshot(process.env.SNAPSHOT_DIR, parts);
  source ??= await catalogueSource();
  try {
    const taken = await readParts(parts, source);
    console.log(`snapshot: ${countsOf(taken)} desde ${source.origin}`);
    return taken;
  } finally {
    await source.done();
  }
}

/** The snapshot's `parts` from `source`, each answer validated; an optional part's 404 reads as empty. */
async function readParts<K extends Part>(parts: readonly K[], source: CatalogueSource): Promise<Pick<Snapshot, K>> {
  const read = await Promise.all(
    parts.map(async (name) => {
      const { path, schema } = SNAPSHOT_PARTS[name];
      const optional = OPTIONAL_PARTS.has(name);
      const answer = await source.get(path).catch((error: unknown) => {
        if (!optional || !(error instanceof Error && / 404 /.test(error.message))) throw error;
        console.warn(`snapshot: sin ${name} (${error instanceof Error ? error.message : String(error)})`);
        return undefined;
      });
      return [name, answer === undefined ? EMPTY[name] : parseAnswer(schema, answer)] as const;
    }),
  );
  return Object.fromEntries(read) as Pick<Snapshot, K>;
}

/** 'N productos, N marcas, 1 menu…': how much of each part was read. */
const countsOf = (parts: Partial<Snapshot>) =>
  Object.entries(parts)
    .map(([name, value]) => `${Array.isArray(value) ? value.length : 1} ${name}`)
    .join(', ');

/**
 * `schema.parse(answer)`, except that a list is validated an element at a time, each element replaced by its
 * validated copy as it goes: the answer and its copy are never both held whole. The parts' list schemas carry
 * no check on the list itself, only on its elements.
 */
function parseAnswer<S extends z.ZodType>(schema: S, answer: unknown): z.output<S> {
  if (!(schema instanceof z.ZodArray) || !Array.isArray(answer)) return schema.parse(answer);
  for (let i = 0; i < answer.length; i++) answer[i] = parseElement(schema.element as z.ZodType, answer[i], i);
  return answer as z.output<S>;
}

/** A list's element `index` validated by `schema`; its errors name its place in the list (`[1234, "precio"]`). */
function parseElement<S extends z.ZodType>(schema: S, element: unknown, index: number): z.output<S> {
  const result = z.safeParse(schema, element);
  if (!result.success) throw new z.ZodError(result.error.issues.map((issue) => ({ ...issue, path: [index, ...issue.path] })));
  return result.data;
}

/** A JSON list written to `file` as its elements come, a thousand at a time: never held whole, as values or as text. */
class ListFile {
  private readonly fd: number;
  private pending: string[] = [];
  private written = 0;

  constructor(file: string) {
    this.fd = openSync(file, 'w');
    writeSync(this.fd, '[');
  }

  add(element: unknown): void {
    this.pending.push(JSON.stringify(element) ?? 'null');
    if (this.pending.length === 1000) this.flush();
  }

  /** Writes what is left and the list's end, and closes the file. */
  close(): void {
    try {
      this.flush();
      writeSync(this.fd, ']');
    } finally {
      closeSync(this.fd);
    }
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    writeSync(this.fd, (this.written > 0 ? ',' : '') + this.pending.join(','));
    this.written += this.pending.length;
    this.pending = [];
  }
}

/** Writes `value` as JSON; a list a thousand elements at a time, never as one string of the whole list. */
function writeJson(file: string, value: unknown): void {
  if (!Array.isArray(value)) return writeFileSync(file, JSON.stringify(value));
  const list = new ListFile(file);
  try {
    for (const element of value) list.add(element);
  } finally {
    list.close();
  }
}

const taking = new Map<Part, Promise<unknown>>();
/**
 * The build's snapshot parts, each read once per process and shared by every reader. The content
 * collections (content.config.ts) read the small parts; the product list and the reviews are read by
 * the pages themselves (catalogue-pages.ts), so Astro's content layer never stores, serialises and
 * bundles them (at 30,000 products that held the list several times over: issue 26).
 */
export async function snapshotParts<K extends Part>(parts: readonly K[]): Promise<Pick<Snapshot, K>> {
  const missing = parts.filter((name) => !taking.has(name));
  if (missing.length > 0) {
    const taken = takeSnapshot(missing);
    for (const name of missing)
      taking.set(
        name,
        taken.then((snapshot) => snapshot[name]),
      );
  }
  const values = await Promise.all(parts.map((name) => taking.get(name)!));
  return Object.fromEntries(parts.map((name, index) => [name, values[index]])) as Pick<Snapshot, K>;
}

/** The parts read whole; the product list is streamed (writeSnapshot). */
const WHOLE_PARTS = ALL_PARTS.filter((name) => name !== 'productos');

/**
 * Takes the whole snapshot from `source` and writes it into `dir`, a JSON file per part, for the Astro process
 * to read (SNAPSHOT_DIR) and the build's later stages: the API and its database need not outlive this call, and
 * the product list is read from the API once per build (issue 26). The product list is read, validated and
 * written a product at a time as it arrives (json-list.ts), each also handed to `eachProduct` (the build's
 * photos): this process never holds the list, which at 100,000 products had cost it about 1.1 GB. `dir` appears
 * only when every part was read and valid. Returns how many products were written.
 */
export async function writeSnapshot(
  dir: string,
  source: CatalogueSource,
  eachProduct: (producto: Snapshot['productos'][number]) => void = () => {},
): Promise<number> {
  const partial = `${dir}.parcial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const file = new ListFile(join(partial, 'productos.json'));
  const element = SNAPSHOT_PARTS.productos.schema.element;
  const whole = readParts(WHOLE_PARTS, source);
  const listed = source
    .list(SNAPSHOT_PARTS.productos.path, (answer, index) => {
      const producto = parseElement(element, answer, index);
      file.add(producto);
      eachProduct(producto);
    })
    .finally(() => file.close());
  try {
    // Both are waited for, even when one fails: nothing is left reading when the folder goes.
    const [rest, productos] = await Promise.all([whole, listed]).catch(async (error: unknown) => {
      await Promise.allSettled([whole, listed]);
      throw error;
    });
    for (const name of WHOLE_PARTS) writeJson(join(partial, `${name}.json`), rest[name]);
    console.log(`snapshot: ${productos} productos, ${countsOf(rest)} desde ${source.origin}`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
    return productos;
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await source.done();
  }
}

/**
 * The products `writeSnapshot` wrote into `dir`, as validated then, one at a time as the file is read: the
 * build's later stages (Pagefind) go through the list without holding it.
 */
export async function* snapshotProducts(dir: string): AsyncGenerator<Snapshot['productos'][number]> {
  const file = join(dir, 'productos.json');
  if (!existsSync(file)) throw new Error(`La instantánea del catálogo en ${dir} no tiene productos.json.`);
  for await (const producto of listElements(createReadStream(file, 'utf8') as AsyncIterable<string>)) {
    yield producto as Snapshot['productos'][number];
  }
}

/** Parts written by `writeSnapshot`, as it validated them; a missing file is a broken build, not an empty part. */
export function readSnapshot<K extends Part>(dir: string, parts: readonly K[]): Pick<Snapshot, K> {
  return Object.fromEntries(
    parts.map((name) => {
      const file = join(dir, `${name}.json`);
      if (!existsSync(file)) throw new Error(`La instantánea del catálogo en ${dir} no tiene ${name}.json.`);
      return [name, JSON.parse(readFileSync(file, 'utf8'))];
    }),
  ) as Pick<Snapshot, K>;
}

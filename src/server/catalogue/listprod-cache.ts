import type { Db } from '../db/client.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { fechaLima } from '../../lib/dates.ts';
import { compressJson, jsonText, type CompressedJson, type JsonText } from './compressed-json.ts';
import { dataVersion, selectProductos } from './queries.ts';

/** The whole product list of one catalogue data version, which the catalogue calls answered from memory read. */
export interface ListprodSnapshot {
  /** The data version (dataVersion), which moves with stock too. */
  version: number;
  /** The Lima day its prices are for: a product's discount applies only on its dates (selectProductos). */
  dia: string;
  productos: Producto[];
  /** The same products by id. */
  byId: ReadonlyMap<number, Producto>;
  /** The list serialised once for `/web/listprod`, made on its first use (the other calls never wait for it). */
  text(): JsonText;
  /** That text compressed both ways, made on its first use: a client that takes no compression never costs it. */
  body(): Promise<CompressedJson>;
}

/**
 * Keeps the product list in memory. Each request asks the database for the catalogue's data version
 * (one indexed read), so a change made by any process or instance, a sale's stock included,
 * invalidates the copy at once.
 */
export class ListprodCache {
  private current: ListprodSnapshot | undefined;
  private pending: Promise<ListprodSnapshot> | undefined;

  /** `reloj` tells the Lima day the prices are for (tests move it). */
  constructor(
    private readonly db: Db,
    private readonly reloj: () => Date = () => new Date(),
  ) {}

  /** The snapshot for the catalogue as it is now, rebuilt when the data version moved or a new Lima day began. */
  async get(): Promise<ListprodSnapshot> {
    const version = await dataVersion(this.db);
    const ahora = this.reloj();
    const dia = fechaLima(ahora);
    if (this.current?.version === version && this.current.dia === dia) return this.current;
    if (this.pending) {
      const snapshot = await this.pending;
      if (snapshot.version === version && snapshot.dia === dia) return snapshot;
    }
    this.pending = this.build(version, dia, ahora);
    try {
      this.current = await this.pending;
      return this.current;
    } finally {
      this.pending = undefined;
    }
  }

  private async build(version: number, dia: string, ahora: Date): Promise<ListprodSnapshot> {
    const productos = await selectProductos(this.db, undefined, undefined, ahora);
    const byId = new Map(productos.map((producto) => [producto.idProducto, producto]));
    let text: JsonText | undefined;
    let body: Promise<CompressedJson> | undefined;
    const textOf = () => (text ??= jsonText(JSON.stringify(productos)));
    return { version, dia, productos, byId, text: textOf, body: () => (body ??= compressJson(textOf())) };
  }
}

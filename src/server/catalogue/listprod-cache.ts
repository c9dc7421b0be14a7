import type { Db } from '../db/client.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { compressJson, type CompressedJson } from './compressed-json.ts';
import { dataVersion, listProductos } from './queries.ts';

/** The whole product list of one catalogue data version, which the catalogue calls answered from memory read. */
export interface ListprodSnapshot {
  /** The data version (dataVersion), which moves with stock too. */
  version: number;
  productos: Producto[];
  /** The same products by id. */
  byId: ReadonlyMap<number, Producto>;
  /** The list serialised once and compressed for `/web/listprod`, made on its first use (the other calls never wait for it). */
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

  constructor(private readonly db: Db) {}

  /** The snapshot for the catalogue as it is now, rebuilt when the data version moved. */
  async get(): Promise<ListprodSnapshot> {
    const version = await dataVersion(this.db);
    if (this.current?.version === version) return this.current;
    if (this.pending) {
      const snapshot = await this.pending;
      if (snapshot.version === version) return snapshot;
    }
    this.pending = this.build(version);
    try {
      this.current = await this.pending;
      return this.current;
    } finally {
      this.pending = undefined;
    }
  }

  private async build(version: number): Promise<ListprodSnapshot> {
    const productos = await listProductos(this.db);
    const byId = new Map(productos.map((producto) => [producto.idProducto, producto]));
    let body: Promise<CompressedJson> | undefined;
    return { version, productos, byId, body: () => (body ??= compressJson(JSON.stringify(productos))) };
  }
}

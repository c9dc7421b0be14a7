import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Db } from '../db/client.ts';
import { catalogueVersion, listProductos } from './queries.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** One serialised copy of the whole product list, pre-compressed, for one catalogue version. */
export interface ListprodSnapshot {
  version: number;
  etag: string;
  json: string;
  gzip: Buffer;
  br: Buffer;
}

/**
 * Keeps `/web/listprod` in memory. Each request asks the database for the catalogue version (one
 * indexed read), so a change made by any process or instance invalidates the copy at once.
 */
export class ListprodCache {
  private current: ListprodSnapshot | undefined;
  private pending: Promise<ListprodSnapshot> | undefined;

  constructor(private readonly db: Db) {}

  /** The snapshot for the catalogue as it is now, rebuilt when the version moved. */
  async get(): Promise<ListprodSnapshot> {
    const version = await catalogueVersion(this.db);
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
    const json = JSON.stringify(await listProductos(this.db));
    const body = Buffer.from(json);
    const [gz, br] = await Promise.all([
      gzipAsync(body, { level: 9 }),
      brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    ]);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return { version, etag, json, gzip: gz, br };
  }
}

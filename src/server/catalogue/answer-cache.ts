import { compressJson, sizeOf, type CompressedJson } from './compressed-json.ts';

/**
 * Compressed answers computed from one catalogue data version's product list (searchCat, searchMar,
 * searchChild), each under a key naming its call and query. A newer data version empties the
 * cache; past `maxBytes` the least recently used answers leave, and an answer larger than that is
 * sent without being kept. Concurrent requests for the same missing answer share one computation.
 */
export class AnswerCache {
  private version: number | undefined;
  private readonly entries = new Map<string, CompressedJson>();
  private readonly pending = new Map<string, Promise<CompressedJson>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /**
   * The answer under `key` for catalogue `version`, from the cache or from `compute`; when `compute`
   * answers undefined nothing is compressed or kept, and the caller answers by itself.
   */
  async get(version: number, key: string, compute: () => unknown): Promise<CompressedJson | undefined> {
    // Versions only grow; a request that read an older one (a change landed meanwhile) is answered, not kept.
    if (this.version === undefined || version > this.version) this.reset(version);
    const cached = version === this.version ? this.entries.get(key) : undefined;
    if (cached) {
      // A Map keeps insertion order: the most recently used answer moves to the end.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const pendingKey = `${version}\n${key}`;
    let pending = this.pending.get(pendingKey);
    if (!pending) {
      const value = compute();
      if (value === undefined) return undefined;
      pending = compressJson(JSON.stringify(value)).finally(() => this.pending.delete(pendingKey));
      this.pending.set(pendingKey, pending);
    }
    const answer = await pending;
    if (this.version === version) this.keep(key, answer);
    return answer;
  }

  /** How many answers are kept now. */
  get size(): number {
    return this.entries.size;
  }

  private reset(version: number): void {
    this.version = version;
    this.entries.clear();
    this.bytes = 0;
  }

  private keep(key: string, answer: CompressedJson): void {
    const bytes = sizeOf(answer);
    if (this.entries.has(key) || bytes > this.maxBytes) return;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes + bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(entry);
    }
    this.entries.set(key, answer);
    this.bytes += bytes;
  }
}

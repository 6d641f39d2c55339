/**
 * Cache Storage as a browser gives it (happy-dom has none): named caches of
 * responses keyed by URL, in memory. `failPutAfter` makes a cache refuse
 * writes with a QuotaExceededError, as a browser does when the device is full.
 */
const keyOf = (request: RequestInfo | URL) => new URL(request instanceof Request ? request.url : String(request), window.location.href).href;

export class FakeCache {
  readonly entries = new Map<string, Response>();
  /** Puts accepted before every later one throws a QuotaExceededError (Infinity: never). */
  failPutAfter = Infinity;

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    if (this.entries.size >= this.failPutAfter) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.entries.set(keyOf(request), response.clone());
  }

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(keyOf(request))?.clone();
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(keyOf(request));
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }

  /** The paths kept, for assertions. */
  paths(): string[] {
    return [...this.entries.keys()].map((url) => new URL(url).pathname).sort();
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  async open(name: string): Promise<FakeCache> {
    if (!this.caches.has(name)) this.caches.set(name, new FakeCache());
    return this.caches.get(name)!;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async match(request: RequestInfo | URL, options: { cacheName?: string } = {}): Promise<Response | undefined> {
    for (const [name, cache] of this.caches) {
      if (options.cacheName && name !== options.cacheName) continue;
      const found = await cache.match(request);
      if (found) return found;
    }
    return undefined;
  }
}

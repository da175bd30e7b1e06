import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { etagOf } from './etag.ts';

/** The encodings a fixed body is sent in, the best first; `identity` is the body as it is. */
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * A body a route serves unchanged for the life of the process (the checks module, the definition,
 * the preset illustrations): sent in the best encoding the browser accepts, each compressed once,
 * on first use (brotli at quality 5: the checks module's 134 KB to 15 KB in ~5 ms; quality 11
 * saves another 1.7 KB for ~240 ms). Each encoding has its own strong ETag, so a revalidation is
 * an empty 304.
 */
export class EncodedBody {
  private readonly etag: string;
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(private readonly text: string | Buffer) {
    this.etag = etagOf(text);
  }

  /** Sends the body with its type and caching in the encoding `request` accepts best. */
  send(request: Request, response: Response, type: string, cacheControl: string): void {
    // Ours is the order (a browser names gzip before br), the browser says what it takes.
    const encoding =
      ENCODINGS.find((candidate) => request.acceptsEncodings(candidate)) ?? 'identity';
    response.type(type).set('Cache-Control', cacheControl).vary('Accept-Encoding');
    if (encoding === 'identity') {
      response.set('ETag', this.etag).send(this.text);
      return;
    }
    response
      .set('Content-Encoding', encoding)
      .set('ETag', `${this.etag.slice(0, -1)}-${encoding}"`)
      .send(this.body(encoding));
  }

  private body(encoding: Exclude<Encoding, 'identity'>): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(this.text, { level: 9 });
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/** Where bodies are kept: a `Map` by id, or a `WeakMap` by the object they are made from. */
interface BodyCache<Key> {
  get(key: Key): EncodedBody | undefined;
  set(key: Key, body: EncodedBody): unknown;
}

/** The body kept in `cache` under `key`, built at its first request (and compressed on use). */
export async function encodedOnce<Key>(
  cache: BodyCache<Key>,
  key: Key,
  build: () => string | Buffer | Promise<string | Buffer>,
): Promise<EncodedBody> {
  let body = cache.get(key);
  if (!body) {
    body = new EncodedBody(await build());
    cache.set(key, body);
  }
  return body;
}

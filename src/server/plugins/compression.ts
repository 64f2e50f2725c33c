import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compression (docs/seo.md): built assets are compressed once at
 * build time and served as they are; answers made per request are compressed on the way out when
 * the client accepts it; cached catalogue answers keep their compressed forms beside the text.
 */
export async function registerCompression(app: FastifyInstance) {
  // 1 KB and below gains too little to pay for the work; brotli at 4 is fast enough for every answer.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

type Encoding = 'br' | 'gzip';

/** A ready answer shared by many requests; each compressed form is made on first demand. */
export class CachedAnswer {
  private readonly encoded: Partial<Record<Encoding, Buffer>> = {};

  constructor(readonly text: string) {}

  body(encoding: Encoding): Buffer {
    return (this.encoded[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(this.text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: this.text.length } })
        : gzipSync(this.text, { level: 9 }));
  }
}

/** Sends a cached answer, compressed as the client prefers if it accepts br or gzip. */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, type: string) {
  reply.type(type).header('vary', 'accept-encoding');
  const encoding = answer.text.length > 1024 ? acceptedEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(answer.text);
  return reply.header('content-encoding', encoding).send(answer.body(encoding));
}

/** br, else gzip, else none, by the Accept-Encoding header (an encoding with q=0 is refused). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return allows('br') ? 'br' : allows('gzip') ? 'gzip' : null;
}

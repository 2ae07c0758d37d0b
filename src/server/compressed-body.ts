// A body made once and sent compressed to a client that accepts it (its Accept-Encoding): the
// OpenAPI description is 435 KB of JSON, 12 KB in brotli and 20 KB in gzip, for a phone on the
// table's Wi-Fi or a client on the network. Each encoding is made the first time a client asks
// for it, with Node's zlib; brotli at quality 5 (33 ms for the description, where its best, 11,
// took 0.9 s of the server's one thread for a tenth less).
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

export type Encoding = "br" | "gzip";

const BROTLI_QUALITY = 5;

/**
 * The encoding an Accept-Encoding header prefers of brotli and gzip (`*` standing for gzip),
 * brotli at equal weight; none when it accepts neither (`q=0`, or no header).
 */
export function acceptedEncoding(accept: string | undefined): Encoding | undefined {
  let best: { encoding: Encoding; q: number } | undefined;
  for (const part of (accept ?? "").split(",")) {
    const [name = "", ...parameters] = part.split(";").map((p) => p.trim().toLowerCase());
    const encoding = name === "br" ? "br" : name === "gzip" || name === "*" ? "gzip" : undefined;
    if (encoding === undefined) continue;
    const weight = parameters.find((p) => p.startsWith("q="));
    const q = weight === undefined ? 1 : Number(weight.slice(2));
    if (!(q > 0)) continue;
    if (best === undefined || q > best.q || (q === best.q && encoding === "br"))
      best = { encoding, q };
  }
  return best?.encoding;
}

export class CompressedBody {
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(readonly body: Buffer) {}

  /** `body` in `encoding`, made the first time it is asked for. */
  in(encoding: Encoding): Buffer {
    let made = this.encoded.get(encoding);
    if (made === undefined) {
      made =
        encoding === "br"
          ? brotliCompressSync(this.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : gzipSync(this.body);
      this.encoded.set(encoding, made);
    }
    return made;
  }

  /** Sends the body to `request`'s client in the encoding it prefers, or as made. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    void reply.header("vary", "accept-encoding");
    const encoding = acceptedEncoding(request.headers["accept-encoding"]);
    if (encoding === undefined) return reply.send(this.body);
    return reply.header("content-encoding", encoding).send(this.in(encoding));
  }
}

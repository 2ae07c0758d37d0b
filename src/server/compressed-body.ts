// Replies sent compressed to a client that accepts it (its Accept-Encoding), for a phone on the
// table's Wi-Fi or a client on the network: a body made once (the OpenAPI description, 435 KB of
// JSON, 12 KB in brotli and 20 KB in gzip), each encoding made the first time a client asks for
// it; and every other reply of text over 1 KB, as it is sent (a long encounter's GET, its log,
// the list of many encounters), on zlib's own threads so that the server's one thread goes on.
// Node's zlib; brotli at quality 5 (33 ms for the description, where its best, 11, took 0.9 s
// of the server's one thread for a tenth less).
import { promisify } from "node:util";
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  gzip,
  gzipSync,
  type BrotliOptions,
} from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export type Encoding = "br" | "gzip";

const BROTLI_QUALITY = 5;

/** Brotli's options for a body of `size` bytes. */
const brotli = (size: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

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
          ? brotliCompressSync(this.body, brotli(this.body.length))
          : gzipSync(this.body);
      this.encoded.set(encoding, made);
    }
    return made;
  }

  /** Sends the body to `request`'s client in the encoding it prefers, or as made. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    varyByEncoding(reply);
    const encoding = acceptedEncoding(request.headers["accept-encoding"]);
    if (encoding === undefined) return reply.send(this.body);
    return reply.header("content-encoding", encoding).send(this.in(encoding));
  }
}

/** Says that a reply differs by the client's Accept-Encoding (beside what else it varies by). */
function varyByEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader("vary");
  if (vary === undefined) void reply.header("vary", "accept-encoding");
  else if (!/accept-encoding/i.test(String(vary)))
    void reply.header("vary", `${String(vary)}, accept-encoding`);
}

/**
 * The smallest reply sent compressed: below a kilobyte a reply fits one packet or two, and
 * compressing it saves less than it costs.
 */
export const COMPRESSED_FROM_BYTES = 1024;

/** The types of reply worth compressing: text (JSON, JSON lines, YAML, HTML, CSS, scripts). */
const TEXT = /^(text\/|application\/(json|x-ndjson|jsonl|yaml|x-yaml|javascript))/i;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Sends every reply of text of `from` bytes or more compressed to a client that accepts it, with
 * Vary: Accept-Encoding; one already encoded (the OpenAPI description, the console's files) or
 * streamed (the event streams, files) is sent as it is. After the reply's cap (reply-cap.ts),
 * which counts the reply as made.
 */
export function registerReplyCompression(app: FastifyInstance, from = COMPRESSED_FROM_BYTES): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode === 304) varyByEncoding(reply);
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader("content-encoding")) return payload;
    if (!TEXT.test(String(reply.getHeader("content-type") ?? ""))) return payload;
    varyByEncoding(reply);
    const body = typeof payload === "string" ? Buffer.from(payload) : payload;
    if (body.length < from) return payload;
    const encoding = acceptedEncoding(request.headers["accept-encoding"]);
    if (encoding === undefined) return payload;
    const compressed =
      encoding === "br" ? await brotliAsync(body, brotli(body.length)) : await gzipAsync(body);
    void reply.header("content-encoding", encoding);
    return compressed;
  });
}

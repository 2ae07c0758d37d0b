// Which requests the server takes, checked before any route runs, and the headers that keep its
// pages to themselves. A web page the GM has open elsewhere must not play the GM's fight
// (cross-site request forgery: a form or a `no-cors` fetch sends a POST without asking), nor
// make it work (an `<img>` or a `no-cors` fetch sends a GET without asking, and the advisor's GET
// is heavy work), nor a site whose name resolves to this machine read it (DNS rebinding); no site
// may frame the console. Checks of who is asking (the GM, a player: roles) belong beside these.
import { networkInterfaces, hostname } from "node:os";
import type { FastifyReply, FastifyRequest } from "fastify";
import { quoted } from "../core/errors.js";
import { InputError } from "../engine/input-error.js";
import { accessOf } from "./access.js";
import type { App } from "./app.js";
import { ForbiddenError } from "./errors.js";

/** Content types of the bodies the API reads; a POST with none of them must say it is Fray's. */
const BODY_TYPES = [
  "application/json",
  "application/yaml",
  "application/x-yaml",
  "text/yaml",
  "application/x-ndjson",
  "application/jsonl",
];

/**
 * The header a client sends with a POST that has no body (`curl -X POST -H 'Fray-Request: 1'`),
 * and with a GET that starts work (the advisor's): a header no simple request may carry, so that
 * another site's page cannot send either without the browser first asking the server (a CORS
 * preflight, which it refuses), whatever the browser says or does not say of the page.
 */
export const FRAY_REQUEST_HEADER = "fray-request";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * What a GET takes on the server, if it takes more than a read ("starts work on the server":
     * a job; "holds one of the GM's streams ...": a place a newer stream takes from the oldest):
     * it needs the header Fray-Request, as an `<img>` or a `no-cors` fetch from another site's
     * page cannot send it (browsers that send no Sec-Fetch-Site, before 2023, and some embedded
     * web views, would let such a page through).
     */
    readonly takes?: string;
  }
}

/**
 * Where the console may load from and connect to. Vega, which draws the simulation's chart,
 * compiles its expressions with `Function`, hence 'unsafe-eval'; React and Vega set inline styles.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin",
};

/**
 * Cross-Origin-Opener-Policy: a window another site's page opens on the console keeps no hold on
 * it. Browsers honour it only on a potentially trustworthy origin, https or this machine's
 * loopback, and log an error at every page load elsewhere: the phones at the table, on
 * http://192.168.1.20:4000, logged one each. Sent only where a browser honours it.
 */
export const OPENER_POLICY = { name: "cross-origin-opener-policy", value: "same-origin" };

/**
 * Whether the page's origin is one a browser trusts: over https (a proxy in front saying so), or
 * a loopback name (localhost and its subdomains, 127.0.0.0/8, ::1).
 */
export function trustworthyOrigin(request: FastifyRequest): boolean {
  const proto = request.headers["x-forwarded-proto"];
  const forwarded = (Array.isArray(proto) ? proto[0] : proto)?.split(",")[0]?.trim();
  if (request.protocol === "https" || forwarded === "https") return true;
  const host = hostOf(request.headers.host ?? "");
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "::1" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

const LOOPBACK = ["localhost", "127.0.0.1", "::1"];
const EVERY_ADDRESS = ["0.0.0.0", "::", ""];

/**
 * The host names the server answers as: the loopback names, the address it listens on, or, on
 * every address (0.0.0.0), this machine's addresses and name; and the names given (a name in
 * front of it, such as a reverse proxy's).
 */
export function hostNames(listenHost: string, allowed: readonly string[] = []): string[] {
  const names = new Set([...LOOPBACK, ...allowed.map((h) => h.toLowerCase())]);
  if (EVERY_ADDRESS.includes(listenHost)) {
    const name = hostname().toLowerCase();
    names.add(name);
    names.add(`${name}.local`);
    for (const list of Object.values(networkInterfaces())) {
      for (const address of list ?? []) names.add(address.address.toLowerCase());
    }
  } else {
    names.add(listenHost.toLowerCase());
  }
  return [...names];
}

/** The name of a Host header: without its port, an IPv6 address without brackets. */
function hostOf(header: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(header);
  if (bracketed !== null) return (bracketed[1] as string).toLowerCase();
  return header.replace(/:\d+$/, "").toLowerCase();
}

/** The host name of an Origin header; undefined when it is not an http(s) origin (`null`). */
function originHost(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  } catch {
    return undefined;
  }
}

/** Methods that change nothing, which any page may send to the public routes. */
const SAFE = ["GET", "HEAD", "OPTIONS"];

/**
 * What a browser says of the page a request comes from (`Sec-Fetch-Site`), when it is another
 * site's: `same-site` is another port or subdomain of this host, which is not this server either.
 * The console's own requests say `same-origin`, a link typed or opened says `none`, a program
 * sends none.
 */
const FOREIGN_SITES = ["cross-site", "same-site"];

function checkOrigin(origin: string, hosts: readonly string[], what: string): void {
  const name = originHost(origin);
  if (name === undefined || !hosts.includes(name)) {
    throw new ForbiddenError(
      `a request from another site (Origin ${quoted(origin)}) may not ${what} here`,
      "Origin",
      "send it from the console this server serves, or from a program (which sends no Origin)",
    );
  }
}

/**
 * A GET (or HEAD) that takes more than a read without the header Fray-Request is refused before
 * it runs.
 */
function checkTakes(request: FastifyRequest): void {
  const takes = request.is404 ? undefined : request.routeOptions.config.takes;
  if (takes === undefined) return;
  if (request.headers[FRAY_REQUEST_HEADER] !== undefined) return;
  throw new ForbiddenError(
    `this GET ${takes}, and must say it is meant for Fray`,
    "Fray-Request",
    `send the header "Fray-Request: 1" (curl -H 'Fray-Request: 1'); the console sends it, another site's page cannot`,
  );
}

function check(request: FastifyRequest, hosts: readonly string[]): void {
  const host = request.headers.host ?? "";
  if (!hosts.includes(hostOf(host))) {
    throw new ForbiddenError(
      `Host ${quoted(host)} is not a name this server answers as`,
      "Host",
      `open it by one of ${hosts.slice(0, 4).join(", ")}; to answer as another name (a proxy in front of it), start fray serve with --allow-host <name>`,
    );
  }
  const origin = request.headers.origin;
  const safe = SAFE.includes(request.method);
  if (safe && accessOf(request) === "public") return;
  if (origin !== undefined) checkOrigin(origin, hosts, safe ? "read the API" : "change anything");
  const site = request.headers["sec-fetch-site"];
  if (typeof site === "string" && FOREIGN_SITES.includes(site.toLowerCase())) {
    throw new ForbiddenError(
      `a request from another site's page (Sec-Fetch-Site: ${site}) may not use the API`,
      "Sec-Fetch-Site",
      "use the console this server serves (its page at /), or a program (which sends no Sec-Fetch-Site)",
    );
  }
  if (safe) return checkTakes(request);
  const encoding = request.headers["content-encoding"];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== "identity") {
    // Fastify reads a body as sent: a compressed one was refused as "not valid JSON".
    throw new InputError(
      `a body sent compressed (Content-Encoding: ${encoding}) is not one the API reads`,
      "Content-Encoding",
      "send the body as it is, without Content-Encoding (an encounter file is a few kilobytes)",
    );
  }
  if (request.method !== "POST") return;
  const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (!BODY_TYPES.includes(type) && request.headers[FRAY_REQUEST_HEADER] === undefined) {
    throw new ForbiddenError(
      type === ""
        ? "a POST without a body must say it is meant for Fray"
        : `a POST with a body of type ${quoted(type)} is not one the API reads`,
      "Content-Type",
      `send a JSON body (Content-Type: application/json, {} when there is nothing to say), YAML or JSON lines, or the header "Fray-Request: 1"`,
    );
  }
}

/**
 * Adds the security headers and checks every request (Host, Origin, the kind of a POST). The
 * headers go on the raw reply, so that a reply written by hand (an event stream, live.ts) has them
 * too: Node adds them to whatever headers the reply is written with.
 */
export function registerRequestGuard(app: App, hosts: readonly string[]): void {
  app.addHook("onRequest", (request: FastifyRequest, reply: FastifyReply, done) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.raw.setHeader(name, value);
    if (trustworthyOrigin(request)) reply.raw.setHeader(OPENER_POLICY.name, OPENER_POLICY.value);
    try {
      check(request, hosts);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

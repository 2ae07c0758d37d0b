// Forged requests: another site's page may not change anything (CSRF: a `no-cors` fetch, a form),
// a site whose name resolves to this machine may not read it (DNS rebinding: the Host header),
// and no site may frame the console (the security headers); all of it beside the GM's secret, the
// players' links and the event streams.
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { hostname } from "node:os";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "./app.js";
import { buildApp } from "./app.js";
import { hostNames, OPENER_POLICY, SECURITY_HEADERS } from "./request-guard.js";
import { SqliteStore } from "./sqlite-store.js";
import { CLOCK, exampleText, GM_SECRET, send, testApp, TOMBRIL } from "./test-support/app.js";

let app: App;
let id: number;

beforeAll(async () => {
  app = await testApp();
  const created = await send(app, "POST", "/encounters", { file: exampleText(TOMBRIL) });
  id = created.body.id;
});

afterAll(() => app.close());

/** A request as a browser or a program sends it; the reply's status and parsed body. */
async function request(
  method: "GET" | "POST" | "DELETE",
  url: string,
  headers: Record<string, string>,
  payload?: string,
) {
  const res = await app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: res.statusCode, headers: res.headers, body: res.json<Record<string, string>>() };
}

describe("cross-site requests", () => {
  it("refuses another site's no-cors POST, with a body or without, and changes nothing", async () => {
    const before = await send(app, "GET", `/encounters/${id}`);
    // fetch(url, { method: "POST", mode: "no-cors" }) from https://evil.example
    const bare = await request("POST", `/encounters/${id}/autoplay`, {
      host: "127.0.0.1:4000",
      origin: "https://evil.example",
    });
    expect(bare.status).toBe(403);
    expect(bare.body).toEqual({
      error:
        'a request from another site (Origin "https://evil.example") may not change anything here',
      where: "Origin",
      hint: "send it from the console this server serves, or from a program (which sends no Origin)",
    });
    // The same with a text body (a form, or fetch with a string body), JSON inside.
    const text = await request(
      "POST",
      `/encounters/${id}/roll`,
      { host: "127.0.0.1:4000", origin: "https://evil.example", "content-type": "text/plain" },
      "{}",
    );
    expect(text.status).toBe(403);
    // Even with JSON, another site's Origin is refused (a CORS request, preflighted or not).
    const json = await request(
      "POST",
      `/encounters/${id}/policy`,
      {
        host: "127.0.0.1:4000",
        origin: "http://evil.example:4000",
        "content-type": "application/json",
      },
      "{}",
    );
    expect(json.status).toBe(403);
    const removed = await request("DELETE", `/encounters/${id}`, {
      host: "127.0.0.1:4000",
      origin: "https://evil.example",
    });
    expect(removed.status).toBe(403);
    const after = await send(app, "GET", `/encounters/${id}`);
    expect(after.body.version).toBe(before.body.version);
  });

  it("refuses a POST that is neither JSON, YAML, JSON lines nor marked as Fray's, even without an Origin", async () => {
    const bare = await request("POST", `/encounters/${id}/roll`, { host: "localhost" });
    expect(bare.status).toBe(403);
    expect(bare.body).toEqual({
      error: "a POST without a body must say it is meant for Fray",
      where: "Content-Type",
      hint: 'send a JSON body (Content-Type: application/json, {} when there is nothing to say), YAML or JSON lines, or the header "Fray-Request: 1"',
    });
    const form = await request(
      "POST",
      `/encounters/${id}/roll`,
      { host: "localhost", "content-type": "application/x-www-form-urlencoded" },
      "a=1",
    );
    expect(form.status).toBe(403);
    expect(form.body.error).toBe(
      'a POST with a body of type "application/x-www-form-urlencoded" is not one the API reads',
    );
  });

  it("says what is wrong with a body sent compressed, or one holding __proto__, where both were 'not valid JSON'", async () => {
    const compressed = await app.inject({
      method: "POST",
      url: "/encounters",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: gzipSync(JSON.stringify({ file: exampleText(TOMBRIL) })),
    });
    expect(compressed.statusCode).toBe(400);
    expect(compressed.json()).toEqual({
      error: "a body sent compressed (Content-Encoding: gzip) is not one the API reads",
      where: "Content-Encoding",
      hint: "send the body as it is, without Content-Encoding (an encounter file is a few kilobytes)",
    });
    for (const payload of ['{"__proto__": {"x": 1}}', '{"constructor": {"prototype": {}}}']) {
      const poisoned = await request(
        "POST",
        "/encounters",
        { host: "localhost", "content-type": "application/json" },
        payload,
      );
      expect(poisoned.status).toBe(400);
      expect(poisoned.body).toEqual({
        error:
          'body: a key "__proto__", or "constructor" holding "prototype", which no body of the API has',
        where: "body",
        hint: "remove that key: such keys could change what every object of the server is",
      });
    }
    // JSON that is not JSON is still named so.
    const broken = await request(
      "POST",
      "/encounters",
      { host: "localhost", "content-type": "application/json" },
      '{"__proto__": ',
    );
    expect(broken.body.error).toBe(
      "Body is not valid JSON but content-type is set to 'application/json'",
    );
  });

  it("takes the console's own requests, a program's JSON and a body-less POST marked as Fray's", async () => {
    const own = await request(
      "POST",
      `/encounters/${id}/roll`,
      {
        host: "127.0.0.1:4000",
        origin: "http://127.0.0.1:4000",
        "content-type": "application/json",
      },
      "{}",
    );
    expect(own.status).toBe(200);
    const marked = await request("POST", `/encounters/${id}/policy`, {
      host: "localhost:4000",
      "fray-request": "1",
    });
    expect(marked.status).toBe(200);
    expect(Number(marked.body.version)).toBe(Number(own.body.version) + 1);
  });
});

describe("another site's page reading or making work", () => {
  it("refuses its no-cors GET of the advisor (an <img>), which would fill the job queue, and its CORS GET", async () => {
    // <img src="http://localhost:4000/encounters/1/advice?horizon=fight&samples=200000"> on
    // https://evil.example: the browser sends no Origin, but says where the page is.
    const advice = `/encounters/${id}/advice?horizon=fight&samples=200000`;
    const img = await request("GET", advice, {
      host: "localhost:4000",
      "sec-fetch-site": "cross-site",
      "sec-fetch-mode": "no-cors",
      referer: "https://evil.example/",
    });
    expect(img.status).toBe(403);
    expect(img.body).toEqual({
      error: "a request from another site's page (Sec-Fetch-Site: cross-site) may not use the API",
      where: "Sec-Fetch-Site",
      hint: "use the console this server serves (its page at /), or a program (which sends no Sec-Fetch-Site)",
    });
    // Another port of the same host (a page on localhost:8080) is another site as well.
    const sameSite = await request("GET", `/encounters/${id}/log`, {
      host: "localhost:4000",
      "sec-fetch-site": "same-site",
    });
    expect(sameSite.status).toBe(403);
    // fetch(url) (CORS mode) sends its Origin even with a GET.
    const cors = await request("GET", advice, {
      host: "localhost:4000",
      origin: "https://evil.example",
    });
    expect(cors.status).toBe(403);
    expect(cors.body.error).toBe(
      'a request from another site (Origin "https://evil.example") may not read the API here',
    );
  });

  it("refuses the advisor's GET without the header Fray-Request, as a browser that says nothing of the page sends it (an <img>), HEAD too", async () => {
    // <img src="http://localhost:4000/encounters/1/advice?horizon=fight&samples=200000"> in a
    // browser from before 2023 or a web view: no Origin, no Sec-Fetch-Site, only a Referer.
    const advice = `/encounters/${id}/advice?horizon=fight&samples=200000`;
    for (const method of ["GET", "HEAD"] as const) {
      const res = await app.inject({
        method,
        url: advice,
        headers: { host: "localhost:4000", referer: "https://evil.example/", accept: "image/*" },
      });
      expect(res.statusCode, method).toBe(403);
      if (method === "GET") {
        expect(res.json()).toEqual({
          error: "this GET starts work on the server, and must say it is meant for Fray",
          where: "Fray-Request",
          hint: `send the header "Fray-Request: 1" (curl -H 'Fray-Request: 1'); the console sends it, another site's page cannot`,
        });
      }
    }
    // The console's own request (and a program's) says it: the advice.
    const own = await request("GET", `/encounters/${id}/advice`, {
      host: "localhost:4000",
      "sec-fetch-site": "same-origin",
      "fray-request": "1",
    });
    expect(own.status).toBe(200);
    expect(own.body.options).toBeDefined();
  });

  it("refuses the GM's event stream without the header Fray-Request (an old browser's <img> of it would close the GM's own, newer taking the place of the oldest of eight)", async () => {
    const res = await app.inject({
      method: "GET",
      url: `/encounters/${id}/events`,
      headers: { host: "localhost:4000", referer: "https://evil.example/", accept: "image/*" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error:
        "this GET holds one of the GM's 8 streams of the encounter, and must say it is meant for Fray",
      where: "Fray-Request",
      hint: `send the header "Fray-Request: 1" (curl -H 'Fray-Request: 1'); the console sends it, another site's page cannot`,
    });
  });

  it("serves the console's own GETs, a link typed or opened, a program's, and the console's page to a link from anywhere", async () => {
    const own = await request("GET", `/encounters/${id}`, {
      host: "localhost:4000",
      "sec-fetch-site": "same-origin",
    });
    expect(own.status).toBe(200);
    const typed = await request("GET", `/encounters/${id}`, {
      host: "localhost:4000",
      "sec-fetch-site": "none",
    });
    expect(typed.status).toBe(200);
    expect((await request("GET", "/encounters", { host: "localhost" })).status).toBe(200);
    // A player's link shared in a chat opens the console's page (public): another site's link.
    const spec = await request("GET", "/openapi.json", {
      host: "localhost:4000",
      "sec-fetch-site": "cross-site",
      "sec-fetch-mode": "navigate",
    });
    expect(spec.status).toBe(200);
  });
});

describe("DNS rebinding", () => {
  it("answers only as the names it listens as", async () => {
    const rebound = await request("GET", `/encounters/${id}`, { host: "evil.example:4000" });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toEqual({
      error: 'Host "evil.example:4000" is not a name this server answers as',
      where: "Host",
      hint: "open it by one of localhost, 127.0.0.1, ::1; to answer as another name (a proxy in front of it), start fray serve with --allow-host <name>",
    });
    for (const host of ["localhost:4000", "127.0.0.1", "[::1]:4000", "LOCALHOST"]) {
      expect((await request("GET", "/rulesets", { host })).status).toBe(200);
    }
  });

  it("takes the address it listens on, this machine's names on 0.0.0.0, and the names allowed", () => {
    expect(hostNames("192.168.1.20")).toEqual(["localhost", "127.0.0.1", "::1", "192.168.1.20"]);
    expect(hostNames("0.0.0.0", ["Fray.Example"])).toEqual(
      expect.arrayContaining(["localhost", "fray.example", hostname().toLowerCase()]),
    );
    expect(hostNames("127.0.0.1")).not.toContain(hostname().toLowerCase());
  });
});

describe("security headers", () => {
  it("are on every reply, pages, API and errors: no framing, no sniffing", async () => {
    for (const url of ["/", `/encounters/${id}`, "/no-such-route"]) {
      const res = await app.inject({ method: "GET", url });
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(res.headers[name], `${url} ${name}`).toBe(value);
      }
    }
    expect(SECURITY_HEADERS["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(SECURITY_HEADERS["x-content-type-options"]).toBe("nosniff");
  });

  it("keep the opener policy to the origins a browser honours it on: https and loopback", async () => {
    // A browser ignores Cross-Origin-Opener-Policy on http at a network address, with an error
    // in the page's console at every load (the phones at the table).
    const store = new SqliteStore(":memory:", CLOCK);
    const lan = await buildApp({ store, hosts: [...hostNames("127.0.0.1"), "192.0.2.2"] });
    try {
      const opener = async (headers: Record<string, string>) => {
        const res = await lan.inject({ method: "GET", url: "/rulesets", headers });
        expect(res.statusCode, JSON.stringify(headers)).toBe(200);
        for (const [name, value] of Object.entries(SECURITY_HEADERS))
          expect(res.headers[name], name).toBe(value);
        return res.headers[OPENER_POLICY.name];
      };
      for (const host of ["localhost:4000", "127.0.0.1:4000", "[::1]:4000"])
        expect(await opener({ host }), host).toBe("same-origin");
      expect(await opener({ host: "192.0.2.2:4000" })).toBeUndefined();
      // Behind a proxy that serves https (fray serve --allow-host), the page's origin is https.
      expect(await opener({ host: "192.0.2.2:4000", "x-forwarded-proto": "https" })).toBe(
        "same-origin",
      );
    } finally {
      await lan.close();
      store.close();
    }
  });
});

describe("beside the GM's secret, the players' links and the event streams", () => {
  let secured: App;
  let base: string;
  let host: string;
  let fight: number;
  let token: string;

  beforeAll(async () => {
    secured = await testApp(":memory:", GM_SECRET);
    base = await secured.listen({ port: 0, host: "127.0.0.1" });
    host = new URL(base).host;
    const file = exampleText(TOMBRIL);
    fight = (await send(secured, "POST", "/encounters", { file }, GM_SECRET)).body.id;
    const link = { name: "Anna", combatants: ["tombril"] };
    const made = await send<{ token: string }>(
      secured,
      "POST",
      `/encounters/${fight}/players`,
      link,
      GM_SECRET,
    );
    token = made.body.token;
  });

  afterAll(() => secured.close());

  /** A JSON POST to `secured` with `credential`, from `origin` when given. */
  async function postAs(url: string, credential: string, origin?: string) {
    const res = await secured.inject({
      method: "POST",
      url,
      headers: {
        host,
        authorization: `Bearer ${credential}`,
        "content-type": "application/json",
        ...(origin === undefined ? {} : { origin }),
      },
      payload: "{}",
    });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  }

  /** The status and headers of a GET over a real socket (an event stream opening), then hangs up. */
  function opening(path: string, headers: Record<string, string>) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
      const req = httpGet(`${base}${path}`, { headers }, (res) => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers });
        res.destroy();
      });
      req.on("error", reject);
    });
  }

  it("refuses another site's POST even with the GM's secret, and takes the console's", async () => {
    const forged = await postAs(`/encounters/${fight}/roll`, GM_SECRET, "https://evil.example");
    expect(forged.status).toBe(403);
    expect(forged.body["where"]).toBe("Origin");
    const own = await postAs(`/encounters/${fight}/roll`, GM_SECRET, base);
    expect(own.status).toBe(200);
    expect(own.body["version"]).toBe(2);
    // The console's origin is no credential: without the secret, the GM's route is still a 401.
    const anonymous = await secured.inject({
      method: "POST",
      url: `/encounters/${fight}/policy`,
      headers: { host, origin: base, "content-type": "application/json" },
      payload: "{}",
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("lets a player's screen answer its own choice, and refuses another site's page the same", async () => {
    // After the initiative roll (the test above), the decision is Tombril's, Anna's to make.
    const forged = await postAs("/player/policy", token, "https://evil.example");
    expect(forged.status).toBe(403);
    expect(forged.body["where"]).toBe("Origin");
    const bare = await secured.inject({
      method: "POST",
      url: "/player/roll",
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(bare.statusCode).toBe(403);
    expect(bare.json<Record<string, unknown>>()["where"]).toBe("Content-Type");
    const own = await postAs("/player/policy", token, base);
    expect(own.status).toBe(200);
    expect(own.body["version"]).toBe(3);
  });

  it("opens the GM's and the player's event streams, with the security headers, by the names it answers as only", async () => {
    const gm = await opening(`/encounters/${fight}/events`, {
      authorization: `Bearer ${GM_SECRET}`,
      "fray-request": "1",
      accept: "text/event-stream",
    });
    const player = await opening("/player/events", {
      authorization: `Bearer ${token}`,
      accept: "text/event-stream",
    });
    for (const stream of [gm, player]) {
      expect(stream.status).toBe(200);
      expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(stream.headers[name], name).toBe(value);
      }
    }
    const rebound = await opening("/player/events", {
      authorization: `Bearer ${token}`,
      host: "evil.example",
    });
    expect(rebound.status).toBe(403);
  });
});

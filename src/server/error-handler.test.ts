// What the server's log says of a failed request: a heavy request stopped because its client hung
// up is no error of the server's (no error logged), while an unexpected failure is logged and
// answered with a 500 that tells nothing of the server's insides.
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { handleError } from "./error-handler.js";
import { ClientGoneError } from "./job-runner.js";

/** A server whose one route throws `error`, with what it logged at level info and above. */
async function failing(error: Error) {
  const lines: { level: number; msg: string }[] = [];
  const app = Fastify({
    logger: {
      level: "info",
      stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    },
  });
  app.setErrorHandler(handleError);
  app.get("/", () => {
    throw error;
  });
  const res = await app.inject({ method: "GET", url: "/" });
  await app.close();
  return { status: res.statusCode, body: res.json<unknown>(), lines };
}

const ERROR = 50;

describe("the error handler's log", () => {
  it("notes a request whose client went away, logging no error", async () => {
    const { status, body, lines } = await failing(new ClientGoneError());
    expect(status).toBe(499);
    expect(body).toEqual({ error: "the client went away" });
    expect(lines.filter((l) => l.level >= ERROR)).toEqual([]);
    expect(lines.map((l) => l.msg)).toContain(
      "the client went away: its heavy request was stopped",
    );
  });

  it("logs an unexpected failure as an error and tells the client nothing of it", async () => {
    const { status, body, lines } = await failing(new Error("secret insides"));
    expect(status).toBe(500);
    expect(body).toEqual({ error: "internal error: the server failed on this request" });
    expect(lines.filter((l) => l.level >= ERROR).map((l) => l.msg)).toEqual(["secret insides"]);
  });
});

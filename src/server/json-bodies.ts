// A JSON body's values counted in its text before it is parsed (docs/http-api.md, "What the
// server withstands"): a body holds a file or a few fields, and one of 16 MB with 950,000 keys
// took the server's one thread 25 s to parse, check and validate (its shape walked twice, the
// schemas a third time), every page waiting, before it was refused for what it said. Past as
// many values as a file Fray reads may hold (MAX_FILE_VALUES, FRAY_MAX_FILE_VALUES), it is
// refused at once; the rest is parsed by Fastify's own parser (which refuses `__proto__`).
import { FILE_VALUES_VARIABLE, maxFileValues } from "../app/files.js";
import { InputError } from "../engine/input-error.js";
import type { App } from "./app.js";

const QUOTE = 34;
const BACKSLASH = 92;
/** `,` `:` `[` `{`: each starts a key, an element or a container. */
const STARTS = new Set([44, 58, 91, 123]);

/**
 * Whether JSON `text` holds more than `most` values (keys, elements and containers, counted by
 * the commas, colons and brackets outside its strings), read until it passes `most`.
 */
export function jsonValuesOver(text: string, most: number): boolean {
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (STARTS.has(c) && ++values > most) return true;
  }
  return false;
}

/**
 * Whether JSON `text` that Fastify's parser refused is JSON after all, refused for a key that
 * would reach objects' prototype (which its parser names as no JSON at all).
 */
function forbiddenKey(text: string): boolean {
  if (!text.includes("__proto__") && !text.includes("prototype")) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Parses JSON bodies with Fastify's parser once their values are counted. */
export function countJsonBodies(app: App): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString();
    const most = maxFileValues();
    if (jsonValuesOver(text, most)) {
      const limit = most.toLocaleString("en");
      done(
        new InputError(
          `body: more than ${limit} values (keys, numbers, texts, lists), over the most a body holds`,
          "body",
          `a body holds a file or a few fields (an encounter file a few thousand values): check that this is what you meant to send; to send a larger file, raise the limit (${FILE_VALUES_VARIABLE})`,
        ),
      );
      return;
    }
    parse(request, text, (error, value) => {
      if (error !== null && forbiddenKey(text)) {
        done(
          new InputError(
            'body: a key "__proto__", or "constructor" holding "prototype", which no body of the API has',
            "body",
            "remove that key: such keys could change what every object of the server is",
          ),
        );
        return;
      }
      done(error, value);
    });
  });
}

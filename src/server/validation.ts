// Request validation with the routes' zod schemas. A refused request fails with an InputError
// naming the part of the request and the field ("body: steps: ..."), like every file Fray reads.
import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import { inputErrorFromZod } from "../engine/input-error.js";

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data: unknown) => {
    // A request without a body has a null one: the route's defaults apply, as for `{}`.
    const result = schema.safeParse(httpPart === "body" && data === null ? undefined : data);
    return result.success
      ? { value: result.data }
      : { error: inputErrorFromZod(httpPart ?? "request", [], result.error) };
  };

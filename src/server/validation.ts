// Request validation with the routes' zod schemas. A refused request fails with an InputError
// naming the part of the request and the field ("body: steps: ..."), like every file Fray reads.
// A body nested deeper than any file Fray reads is refused first: the schemas and everything
// after them walk a body recursively.
import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import { checkNesting } from "../engine/nesting.js";
import { inputErrorFromZod } from "../engine/input-error.js";

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data: unknown) => {
    const part = httpPart ?? "request";
    try {
      checkNesting(data, part);
    } catch (error) {
      return { error: error as Error };
    }
    // A request without a body has a null one: the route's defaults apply, as for `{}`.
    const result = schema.safeParse(httpPart === "body" && data === null ? undefined : data);
    return result.success
      ? { value: result.data }
      : { error: inputErrorFromZod(part, [], result.error) };
  };

import type { z } from "zod";
import { InvalidInputError } from "../errors";
import { fieldErrors } from "../schemas/call";
import { searchParamsToObject } from "../schemas/read";

/** Parses a request's query string with a schema, or throws InvalidInputError naming each field. */
export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const result = schema.safeParse(searchParamsToObject(new URL(request.url).searchParams));
  // A repeated parameter's issues name the parameter, not its position ("outcome", not "outcome.1").
  if (!result.success) {
    throw new InvalidInputError(
      fieldErrors(result.error).map((problem) => ({ ...problem, path: problem.path.split(".")[0]! })),
    );
  }
  return result.data;
}

// Domain errors that are the caller's fault; the HTTP layer answers them with 400.

export interface FieldProblem {
  path: string;
  message: string;
}

export class InvalidInputError extends Error {
  override name = "InvalidInputError";
  constructor(readonly problems: FieldProblem[]) {
    super(problems.map((problem) => `${problem.path}: ${problem.message}`).join("; "));
  }
}

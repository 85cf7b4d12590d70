// Per-route examples. packages/sdk/test/contract.test.ts imports these files too: keep their names and exports.

export type Valid = {
  /** The input object as a caller gives it (or as JSON delivers it). */
  input?: unknown;
  /** The same for a GET route, as the query string the server receives. */
  query?: string;
  /** Fields the parsed input must contain (compared with toMatchObject). */
  expect?: unknown;
};

export type Invalid = {
  input?: unknown;
  query?: string;
  /** The issue path that must be reported (the first element names the field). */
  path: (string | number)[];
};

export type RouteExamples = {
  valid: Valid[];
  invalid: Invalid[];
  answers: unknown[];
  /** Answers that must be rejected (a required field missing or of the wrong type). */
  badAnswers?: unknown[];
};

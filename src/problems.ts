// The kinds of problem (RFC 9457) the API answers with: status and title, declared once. The
// function builds its bodies from this; the OpenAPI document and the docs page describe it.
export const PROBLEM_KINDS = {
  'invalid-parameter': { status: 400, title: 'Invalid query parameter' },
  'invalid-credentials': { status: 401, title: 'Invalid credentials' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'rate-limited': { status: 429, title: 'Rate limit exceeded' },
  'internal-error': { status: 500, title: 'Internal error' },
} as const;

export type ProblemKind = keyof typeof PROBLEM_KINDS;

export const PROBLEM_KIND_NAMES = Object.keys(PROBLEM_KINDS) as ProblemKind[];

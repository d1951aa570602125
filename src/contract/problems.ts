// The kinds of problem (RFC 9457) the API answers with: status and title, declared once. The
// function builds its bodies from this; the OpenAPI document and the docs page describe it.
export const PROBLEM_KINDS = {
  'invalid-parameter': { status: 400, title: 'Invalid query parameter' },
  'bad-request': { status: 400, title: 'Malformed request' },
  'invalid-credentials': { status: 401, title: 'Invalid credentials' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'request-timeout': { status: 408, title: 'Request timeout' },
  'uri-too-long': { status: 414, title: 'URI too long' },
  'rate-limited': { status: 429, title: 'Rate limit exceeded' },
  'header-fields-too-large': { status: 431, title: 'Request header fields too large' },
  'internal-error': { status: 500, title: 'Internal error' },
  unavailable: { status: 503, title: 'Service unavailable' },
} as const;

export type ProblemKind = keyof typeof PROBLEM_KINDS;

export const PROBLEM_KIND_NAMES = Object.keys(PROBLEM_KINDS) as ProblemKind[];

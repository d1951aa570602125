// The error step: every refusal and failure as an RFC 9457 problem (src/contract/problems.ts
// declares the kinds), with the contract's headers and never a stack trace.
import { problemDetail } from '../contract/problems.ts';
import { HEADER_NAMES } from '../contract/headers.ts';
import { PER_CLIENT, PROBLEM_TYPE, problemBody, problemStatus, respond } from '../http.ts';
import type { ProblemInput, ResponseHeaders } from '../http.ts';
import type { ParameterError } from '../list/query.ts';
import type { Outcome, SiteFacts } from './context.ts';

export type ProblemFields = Omit<ProblemInput, 'docsUrl' | 'attributionJson'>;

export function problem(site: SiteFacts, headers: ResponseHeaders, method: string, fields: ProblemFields): Response {
  headers[HEADER_NAMES.contentType] = PROBLEM_TYPE;
  headers[HEADER_NAMES.cacheControl] = PER_CLIENT;
  const body = problemBody({ ...fields, ...site });
  return respond(method === 'HEAD' ? null : body, problemStatus(fields.kind), headers);
}

/** A problem decided before counting: it is counted like any other answer. */
export function problemOutcome(site: SiteFacts, method: string, fields: ProblemFields): Outcome {
  return { counts: true, respond: (headers) => problem(site, headers, method, fields) };
}

export function invalidOutcome(site: SiteFacts, method: string, errors: ParameterError[]): Outcome {
  return problemOutcome(site, method, {
    kind: 'invalid-parameter',
    detail: problemDetail('invalid-parameter', errors),
    errors,
  });
}

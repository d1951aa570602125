// The answer step: what a GET or HEAD gets from the data (a list page, a term's redirect, a
// static file, a 404), decided before anything is counted and sent only once the limit allows.
import { conceptAlternateLinks, conceptFormatPath, isSlug, LOCALES, termPath, type Locale } from '../contract/facts.ts';
import { JSON_TYPE, matchesIfNoneMatch, respond } from '../http.ts';
import { pagingLinks } from '../list/links.ts';
import { readLocaleParam } from '../list/query.ts';
import {
  type ClientInfo,
  FORWARDED_ORIGIN_HEADERS,
  type HandlerContext,
  linkBase,
  type Outcome,
  type StaticFile,
} from './context.ts';
import type { ParsedRequest } from './parse.ts';
import { invalidOutcome, problemOutcome } from './problems.ts';
import { problemDetail } from '../contract/problems.ts';
import { HEADER_NAMES, REQUEST_HEADERS } from '../contract/headers.ts';

export function answer(
  context: HandlerContext,
  parsed: ParsedRequest,
  client: ClientInfo,
  file: StaticFile | undefined,
): Outcome {
  const { target, method } = parsed;
  if (file) return staticFile(file, parsed);
  if (target.kind === 'list') return list(context, parsed, client);
  if (target.kind === 'term' && parsed.pathname !== undefined) return term(context, target, parsed, client);
  return problemOutcome(context.site, method, {
    kind: 'not-found',
    detail: problemDetail('not-found', { noEndpoint: parsed.notCanonical }),
  });
}

function list(context: HandlerContext, { request, method, url }: ParsedRequest, client: ClientInfo): Outcome {
  const answer = context.listAnswers.answer(url.search, url.searchParams);
  if (!answer.ok) return invalidOutcome(context.site, method, answer.errors);
  const { etag, meta } = answer;
  const notModified = matchesIfNoneMatch(request.headers.get(REQUEST_HEADERS.ifNoneMatch), etag);
  return {
    counts: !notModified,
    respond(headers) {
      headers[HEADER_NAMES.etag] = etag;
      headers[HEADER_NAMES.contentLanguage] = meta.locale;
      const given = { locale: url.searchParams.has('locale'), limit: url.searchParams.has('limit') };
      const paging = pagingLinks(linkBase(context, client), answer.params, given, meta);
      headers[HEADER_NAMES.link] = [headers[HEADER_NAMES.link], ...paging].filter(Boolean).join(', ');
      if (context.deps.forwardedOrigin) headers[HEADER_NAMES.vary] = FORWARDED_ORIGIN_HEADERS;
      if (notModified) return respond(null, 304, headers);
      headers[HEADER_NAMES.contentType] = JSON_TYPE;
      return respond(method === 'HEAD' ? null : answer.body(), 200, headers);
    },
  };
}

function staticFile(file: StaticFile, { request, method, counted }: ParsedRequest): Outcome {
  const notModified = matchesIfNoneMatch(request.headers.get(REQUEST_HEADERS.ifNoneMatch), file.etag);
  return {
    counts: !notModified,
    respond(headers) {
      // Counted responses are per client: the file's public caching applies only where nothing
      // is counted (the dumps, the documentation, the pages; or no limit at all), and its policy
      // (the anonymous one) never replaces the one the limit step set (a grant's own).
      for (const [name, value] of Object.entries(file.headers)) {
        if (!counted || (name !== HEADER_NAMES.cacheControl && name !== HEADER_NAMES.rateLimitPolicy))
          headers[name] = value;
      }
      headers[HEADER_NAMES.etag] = file.etag;
      return respond(notModified || method === 'HEAD' ? null : file.body, notModified ? 304 : 200, headers);
    },
  };
}

function term(
  context: HandlerContext,
  target: { segment: string; pathLocale?: Locale },
  { method, url, pathname }: ParsedRequest,
  client: ClientInfo,
): Outcome {
  let locale = target.pathLocale;
  if (!locale) {
    const read = readLocaleParam(url.searchParams);
    if ('parameter' in read) return invalidOutcome(context.site, method, [read]);
    locale = read.locale;
  }
  const slug = target.segment;
  if (!isSlug(slug) || !context.indexes[locale].hasSlug(slug)) {
    return problemOutcome(context.site, method, {
      kind: 'not-found',
      detail: problemDetail('not-found', isSlug(slug) ? { slug } : { notASlug: true }),
    });
  }
  const location = termPath(slug, locale);
  if (target.pathLocale || `${pathname}${url.search}` === location) {
    // The canonical request for a term the index knows should have been a static file.
    throw new Error(`the static response file for "${slug}" (${locale}) is missing from this deployment`);
  }
  // `?locale=BG`, `en-US`, the internal rewrite path ...: the canonical URL is a static file.
  const links = [
    `<${linkBase(context, client)}${termPath(slug, otherLocale(locale))}>; rel="alternate"; hreflang="${otherLocale(locale)}"`,
    conceptAlternateLinks((format) => conceptFormatPath(slug, format)),
  ];
  return {
    counts: true,
    respond(headers) {
      headers[HEADER_NAMES.location] = location;
      headers[HEADER_NAMES.contentLanguage] = locale;
      headers[HEADER_NAMES.link] = [headers[HEADER_NAMES.link], ...links].filter(Boolean).join(', ');
      if (context.deps.forwardedOrigin) headers[HEADER_NAMES.vary] = FORWARDED_ORIGIN_HEADERS;
      return respond(null, 308, headers);
    },
  };
}

/** The other of the two locales (the contract has exactly two). */
function otherLocale(locale: Locale): Locale {
  return LOCALES.find((l) => l !== locale) ?? locale;
}

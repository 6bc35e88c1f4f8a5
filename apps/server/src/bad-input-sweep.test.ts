import { randomUUID } from 'node:crypto';
import { ERRORS, ErrorBody } from '@app/contracts/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCustomer,
  addProduct,
  createBot,
  createCategory,
  fakeBot,
  placeTestOrder,
  vendor,
} from '../test/factories';
import { startApp } from '../test/fake-telegram';
import type { TestApp } from '../test/harness';
import { type FakeBotApi, startFakeBotApi } from './fakes/bot-api/server';

// The project's own bad-input sweep (issue 26 E). Every operation of the OpenAPI document is called, with no
// token, with another vendor's token, with another vendor's ids, and with bad input derived from its schemas
// (wrong types, boundaries, missing and unknown fields, NUL and lone surrogates, huge strings and arrays,
// malformed JSON, wrong content types). Nothing here names a route: a new operation is swept as soon as it is
// in the document. What is asserted, for every answer:
// - never a 5xx;
// - every 4xx is the one error body, with a code of the catalogue;
// - a protected operation answers 401 to a caller without credentials, whatever else is wrong with the request;
// - a 2xx to vendor A never holds vendor B's ids, name or vendor id;
// - a refused call changed nothing: no table gained or lost a row (and, as every service change records an
//   event in the same transaction, no change was recorded either).
// Each run takes a seeded random sample of each operation's bad inputs (every operation is hit every run); the
// seed is printed, and SWEEP_SEED=<seed> replays a run. SWEEP_ALL=1 sends every case instead of a sample.

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  nullable?: boolean;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema };
type Operation = {
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Document = { paths: Record<string, Record<string, Operation>> };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request of the sweep: where it goes, as whom, and what it carries. */
type Case = {
  what: string;
  url: string;
  headers?: Record<string, string>;
  /** A raw body (sent as is, with the content type given) or a value sent as JSON. */
  raw?: string;
  json?: unknown;
  contentType?: string;
};

const SEED = Number(process.env.SWEEP_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ALL = process.env.SWEEP_ALL === '1';
/** Bad-input cases per operation and run (besides the credential and foreign-id cases, always sent). */
const SAMPLE = 10;

/** mulberry32: a small seeded generator, so a run can be replayed from its printed seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sampleOf<T>(items: T[], n: number, rnd: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}

const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type[0] : s.type);
const firstAlternative = (s: JsonSchema): JsonSchema => s.anyOf?.[0] ?? s.oneOf?.[0] ?? s.allOf?.[0] ?? s;

/** A value the schema accepts, as far as a schema can tell (patterns aside): the base that one field spoils. */
function validValue(schema: JsonSchema, ids: Record<string, string>, name = ''): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const s = schema.anyOf || schema.oneOf || schema.allOf ? firstAlternative(schema) : schema;
  if (s !== schema) return validValue(s, ids, name);
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) {
        const sub = s.properties?.[key];
        if (sub) out[key] = validValue(sub, ids, key);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => validValue(s.items ?? {}, ids, name));
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'string': {
      if (ids[name]) return ids[name];
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'date') return new Date().toISOString().slice(0, 10);
      if (s.format === 'email') return 'sweep@example.test';
      if (s.format === 'uri' || s.format === 'url') return 'https://example.test/x';
      if (s.pattern === '^\\d{4}-(0[1-9]|1[0-2])$' || name === 'month')
        return new Date().toISOString().slice(0, 7);
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
    }
    default:
      return null;
  }
}

/** Values the field's schema refuses, each named: the bad inputs of one field. */
function badValues(schema: JsonSchema): { name: string; value: unknown }[] {
  const s = firstAlternative(schema);
  const type = typeOf(s);
  const bad: { name: string; value: unknown }[] = [
    { name: 'null', value: null },
    { name: 'an object', value: { nested: { deeper: [1] } } },
  ];
  if (type !== 'string') bad.push({ name: 'a string', value: 'not-a-number-or-object' });
  if (type !== 'number' && type !== 'integer') bad.push({ name: 'a number', value: 12345.678 });
  if (type !== 'boolean') bad.push({ name: 'a boolean', value: true });
  if (type !== 'array') bad.push({ name: 'an array', value: ['x', 1, null] });
  if (type === 'string' || (s.enum && !type)) {
    bad.push({ name: 'NUL', value: 'a\u0000b' }, { name: 'a lone surrogate', value: 'a\ud800b' });
    bad.push({ name: 'a lone low surrogate', value: '\udc00' });
    bad.push({ name: 'a 200 KB string', value: 'x'.repeat(200_000) });
    bad.push({ name: 'an empty string', value: '' });
    bad.push({ name: 'whitespace', value: ' \t\n ' });
    if (s.maxLength !== undefined) bad.push({ name: 'maxLength + 1', value: 'y'.repeat(s.maxLength + 1) });
    if (s.minLength) bad.push({ name: 'minLength - 1', value: 'y'.repeat(s.minLength - 1) });
    if (s.enum) bad.push({ name: 'a value outside the enum', value: 'NOT_IN_ENUM' });
    if (s.format) bad.push({ name: `not a ${s.format}`, value: '../../etc/passwd' });
  }
  if (type === 'integer' || type === 'number') {
    bad.push(
      { name: 'NaN as text', value: 'NaN' },
      { name: '1e308', value: 1e308 },
      { name: '-1', value: -1 },
    );
    bad.push({ name: '2^53 + 2', value: 2 ** 53 + 2 }, { name: 'a fraction', value: 0.5 });
    if (s.minimum !== undefined) bad.push({ name: 'minimum - 1', value: s.minimum - 1 });
    if (s.maximum !== undefined) bad.push({ name: 'maximum + 1', value: s.maximum + 1 });
  }
  if (type === 'array') {
    bad.push({ name: '10,000 items', value: Array.from({ length: 10_000 }, (_, i) => `item-${i}`) });
    bad.push({ name: 'items of the wrong type', value: [{ a: 1 }, [2], null] });
    if (s.maxItems !== undefined) {
      bad.push({
        name: 'maxItems + 1',
        value: Array.from({ length: s.maxItems + 1 }, () => validValue(s.items ?? {}, {})),
      });
    }
  }
  if (type === 'object') bad.push({ name: 'an unknown field', value: { __proto__x: 1, unknownField: 'x' } });
  return bad;
}

/** The same query values, as text in a URL (%-escaped; lone surrogates as the WTF-8 bytes a client sends). */
const BAD_QUERY: { name: string; text: string }[] = [
  { name: 'NUL', text: 'a%00b' },
  { name: 'a lone surrogate', text: 'a%ED%A0%80b' },
  { name: 'a 20 KB value', text: 'x'.repeat(20_000) },
  { name: 'an empty value', text: '' },
  { name: 'a negative number', text: '-1' },
  { name: 'a huge number', text: '1e308' },
  { name: 'a fraction', text: '0.5' },
  { name: 'a word', text: 'abc' },
  { name: 'an object in brackets', text: '%5Bobject%5D' },
];

/** Path values a uuid, an enum or a name would refuse. */
const BAD_PATH: { name: string; text: string }[] = [
  { name: 'not a uuid', text: 'not-a-uuid' },
  { name: 'NUL', text: 'a%00b' },
  { name: 'a lone surrogate', text: 'a%ED%A0%80b' },
  { name: 'a nil uuid', text: '00000000-0000-0000-0000-000000000000' },
  { name: 'a 500-character value', text: 'z'.repeat(500) },
  { name: 'a dot-dot segment', text: '..%2F..%2Fx' },
];

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase() as Method, op })),
    )
    // Reads first and deletes last, so that what a write is allowed to change reaches the reads least.
    .sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));
const ORDER: Method[] = ['GET', 'PUT', 'PATCH', 'POST', 'DELETE'];

let fake: FakeBotApi;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeBotApi();
  // No rate limit in the way: a 429 would hide what the route itself answers.
  t = await startApp(fake, { rateLimitPerMinute: 1_000_000 });
}, 120_000);
afterAll(async () => {
  await t?.app.close();
  await fake?.close();
});

/** A vendor with one of everything the path ids name: a bot, a category and subcategory, a product, a customer and an order. */
async function vendorWithData(label: string) {
  const v = await vendor(t.app);
  const bot = await createBot(t.app, v, {
    botToken: fakeBot(fake).token,
    botName: `${label} shop`,
    plan: 'PRO',
  });
  const category = await createCategory(t.app, v, `${label} category`, [`${label} sub`]);
  const product = await addProduct(t, v.vendorId, { name: `${label} product`, categoryId: category.id });
  const customer = await addCustomer(t, v.vendorId, { firstName: `${label}customer` });
  const order = await placeTestOrder(t, {
    vendorId: v.vendorId,
    bot,
    customerId: customer.id,
    lines: [{ product }],
  });
  const ids: Record<string, string> = {
    vendorId: v.vendorId,
    botId: bot.id,
    categoryId: category.id,
    subcategoryId: category.subcategories[0]?.id ?? randomUUID(),
    productId: product.id,
    customerId: customer.id,
    orderId: (order as { id: string }).id,
  };
  return {
    v,
    ids,
    marks: [v.vendorId, bot.id, `${label} shop`, product.id, customer.id, ids.orderId as string],
  };
}

/** Row counts of every table: what a refused call must leave as it was. */
async function fingerprint(tables: string[]): Promise<string> {
  const counts = sql.raw(tables.map((name) => `(select count(*) from "${name}") as "${name}"`).join(', '));
  const rows = await t.database.db.execute(sql`select ${counts}`);
  const first = (Array.isArray(rows) ? rows[0] : (rows as { rows: unknown[] }).rows[0]) as Record<
    string,
    unknown
  >;
  return JSON.stringify(first);
}

describe('the bad-input sweep of every operation in the OpenAPI document', () => {
  it('never answers 5xx, answers every 4xx in the one error body, 401 before anything else, and leaks and changes nothing when it refuses', async () => {
    const started = Date.now();
    const rnd = random(SEED);
    console.log(`bad-input sweep: seed ${SEED}${ALL ? ' (every case)' : ''}; replay with SWEEP_SEED=${SEED}`);

    const a = await vendorWithData('Alpha');
    const b = await vendorWithData('Bravo');
    const tableRows = await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const tables = (
      (Array.isArray(tableRows) ? tableRows : (tableRows as { rows: unknown[] }).rows) as {
        table_name: string;
      }[]
    ).map((r) => r.table_name);

    const doc = t.app.swagger() as unknown as Document;
    const ops = operationsOf(doc);
    const problems: string[] = [];
    let requests = 0;
    let fiveXx = 0;

    const send = async (
      method: Method,
      c: Case,
      expectation: 'refused' | 'unauthenticated' | 'any',
      op: string,
    ) => {
      // Reads are not counted before and after: they are half the calls and half the sweep's time, and a refusal
      // letting a change through is a write's failing.
      const before = method === 'GET' ? null : await fingerprint(tables);
      const headers: Record<string, string> = { ...(c.headers ?? {}) };
      let payload: string | undefined;
      if (c.raw !== undefined) {
        payload = c.raw;
        headers['content-type'] = c.contentType ?? 'application/json';
      } else if (c.json !== undefined) {
        payload = JSON.stringify(c.json);
        headers['content-type'] = 'application/json';
      }
      requests += 1;
      const res = await t.app.inject({
        method,
        url: c.url,
        headers,
        ...(payload === undefined ? {} : { payload }),
      });
      const label = `${op} — ${c.what}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode >= 500) {
        fiveXx += 1;
        problems.push(`5xx: ${label}`);
        return res;
      }
      if (res.statusCode >= 400) {
        const body = ErrorBody.safeParse(safeJson(res.body));
        if (!body.success || !(body.data.error.code in ERRORS)) problems.push(`not the error body: ${label}`);
      }
      if (expectation === 'unauthenticated' && res.statusCode !== 401)
        problems.push(`not 401 first: ${label}`);
      if (expectation === 'refused' && res.statusCode < 400) problems.push(`not refused: ${label}`);
      if (res.statusCode < 300 && b.marks.some((m) => res.body.includes(m))) {
        problems.push(`another vendor's data in a 2xx: ${label}`);
      }
      if (before !== null && res.statusCode >= 400) {
        const after = await fingerprint(tables);
        if (after !== before) problems.push(`a refused call changed rows: ${label}\n  ${before}\n  ${after}`);
      }
      return res;
    };

    for (const { path, method, op } of ops) {
      const name = `${method} ${path}`;
      const params = op.parameters ?? [];
      const pathParam = (p: string) => params.find((x) => x.in === 'path' && x.name === p);
      /** The URL with A's ids (or values the schema accepts), one path parameter replaced if asked. */
      const urlWith = (over: Record<string, string> = {}, ids = a.ids, query = '') => {
        const url = path.replace(/\{(\w+)\}/g, (_, p: string) => {
          if (over[p] !== undefined) return over[p];
          if (p === 'vendorId') return a.ids.vendorId as string;
          if (ids[p]) return ids[p];
          const schema = pathParam(p)?.schema ?? {};
          return encodeURIComponent(String(validValue(schema, ids, p)));
        });
        return query ? `${url}?${query}` : url;
      };
      const jsonSchema = op.requestBody?.content['application/json']?.schema;
      const baseBody = jsonSchema ? validValue(jsonSchema, a.ids) : undefined;
      const requiredQuery = params
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=${encodeURIComponent(String(validValue(p.schema, a.ids, p.name)))}`)
        .join('&');
      const protectedOp = op.security === undefined;
      const isVendorRoute = path.startsWith('/api/v1/vendors/{vendorId}');

      // 1. No credentials, with bad input everywhere: 401, never a 400 that tells what the input should be.
      if (protectedOp) {
        const badPath = Object.fromEntries(
          params.filter((p) => p.in === 'path').map((p) => [p.name, 'not-a-valid-value']),
        );
        await send(
          method,
          { what: 'no token, bad input', url: urlWith(badPath), raw: '{"broken":' },
          'unauthenticated',
          name,
        );
        await send(
          method,
          {
            what: 'a made-up bearer token',
            url: urlWith(),
            headers: { authorization: 'Bearer not.a.token' },
          },
          'unauthenticated',
          name,
        );
      }
      // 2. Another vendor's token on A's vendor routes: refused before anything else.
      if (isVendorRoute) {
        await send(
          method,
          {
            what: "another vendor's token",
            url: urlWith(),
            headers: b.v.auth,
            ...(baseBody === undefined ? {} : { json: baseBody }),
          },
          'refused',
          name,
        );
      }
      // 3. A's token with B's ids in the path: not found, never B's data nor a change to it.
      const foreign = params.filter((p) => p.in === 'path' && p.name !== 'vendorId' && b.ids[p.name]);
      if (isVendorRoute && foreign.length > 0) {
        await send(
          method,
          {
            what: `another vendor's ${foreign.map((p) => p.name).join(', ')}`,
            url: urlWith({}, b.ids, requiredQuery),
            headers: a.v.auth,
            ...(baseBody === undefined ? {} : { json: baseBody }),
          },
          'refused',
          name,
        );
      }

      // 3b. B's bot in A's query (a `?botId=` filter): not found, as in a path, never B's figures nor zeros.
      // (Another vendor's customer or category as a list filter just matches nothing: that leaks nothing.)
      for (const p of params.filter((x) => x.in === 'query' && x.name === 'botId')) {
        if (!isVendorRoute) continue;
        const others = requiredQuery
          .split('&')
          .filter((kv) => kv && !kv.startsWith(`${p.name}=`))
          .join('&');
        const query = [others, `${p.name}=${b.ids[p.name]}`].filter(Boolean).join('&');
        await send(
          method,
          {
            what: `another vendor's ${p.name} in the query`,
            url: urlWith({}, a.ids, query),
            headers: a.v.auth,
          },
          'refused',
          name,
        );
      }

      // 4. Bad input as A: every case of the operation, sampled.
      const auth = a.v.auth;
      const cases: Case[] = [];
      for (const p of params.filter((x) => x.in === 'path' && x.name !== 'vendorId')) {
        for (const bad of BAD_PATH) {
          cases.push({
            what: `path ${p.name} ${bad.name}`,
            url: urlWith({ [p.name]: bad.text }, a.ids, requiredQuery),
            headers: auth,
            ...(baseBody === undefined ? {} : { json: baseBody }),
          });
        }
      }
      for (const p of params.filter((x) => x.in === 'query')) {
        const others = requiredQuery
          .split('&')
          .filter((kv) => kv && !kv.startsWith(`${p.name}=`))
          .join('&');
        for (const bad of BAD_QUERY) {
          const query = [others, `${p.name}=${bad.text}`].filter(Boolean).join('&');
          cases.push({ what: `query ${p.name} ${bad.name}`, url: urlWith({}, a.ids, query), headers: auth });
        }
        const twice = [others, `${p.name}=1&${p.name}=2`].filter(Boolean).join('&');
        cases.push({ what: `query ${p.name} given twice`, url: urlWith({}, a.ids, twice), headers: auth });
      }
      if (jsonSchema) {
        const url = urlWith({}, a.ids, requiredQuery);
        cases.push({ what: 'malformed JSON', url, headers: auth, raw: '{"a": [1, 2,' });
        cases.push({ what: 'an empty JSON body', url, headers: auth, raw: '' });
        cases.push({ what: 'JSON null', url, headers: auth, raw: 'null' });
        cases.push({ what: 'a JSON array', url, headers: auth, json: [baseBody] });
        cases.push({ what: 'a JSON string', url, headers: auth, json: 'text' });
        cases.push({ what: 'text/plain', url, headers: auth, raw: 'hello', contentType: 'text/plain' });
        cases.push({
          what: 'application/xml',
          url,
          headers: auth,
          raw: '<a/>',
          contentType: 'application/xml',
        });
        cases.push({
          what: 'form-urlencoded',
          url,
          headers: auth,
          raw: 'a=1',
          contentType: 'application/x-www-form-urlencoded',
        });
        cases.push({
          what: 'deeply nested JSON',
          url,
          headers: auth,
          raw: `${'['.repeat(5000)}${']'.repeat(5000)}`,
        });
        if (typeOf(jsonSchema) === 'object') {
          cases.push({ what: 'missing every field', url, headers: auth, json: {} });
          cases.push({
            what: 'an unknown field',
            url,
            headers: auth,
            json: { ...(baseBody as object), unknownField: 1 },
          });
          cases.push({ what: '__proto__', url, headers: auth, raw: withProto(baseBody) });
          for (const [field, sub] of fieldsOf(jsonSchema)) {
            for (const bad of badValues(sub)) {
              cases.push({
                what: `body ${field.join('.')} ${bad.name}`,
                url,
                headers: auth,
                json: withField(baseBody, field, bad.value),
              });
            }
            if (jsonSchema.required?.includes(field[0] as string) && field.length === 1) {
              const { [field[0] as string]: _gone, ...rest } = baseBody as Record<string, unknown>;
              cases.push({ what: `body ${field[0]} missing`, url, headers: auth, json: rest });
            }
          }
        }
      } else if (method !== 'GET' && method !== 'DELETE') {
        cases.push({
          what: 'a body it does not take',
          url: urlWith({}, a.ids, requiredQuery),
          headers: auth,
          raw: '{"x":',
          contentType: 'application/json',
        });
      }
      for (const c of ALL ? cases : sampleOf(cases, SAMPLE, rnd)) await send(method, c, 'any', name);
    }

    console.log(
      `bad-input sweep: ${ops.length} operations, ${requests} requests, ${fiveXx} 5xx, ${problems.length} problems, ${Math.round((Date.now() - started) / 1000)} s (seed ${SEED})`,
    );
    expect(problems).toEqual([]);
  }, 600_000);
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The body's fields to spoil: each top-level property, and each property of an object one level down. */
function fieldsOf(schema: JsonSchema): [string[], JsonSchema][] {
  const out: [string[], JsonSchema][] = [];
  for (const [key, sub] of Object.entries(firstAlternative(schema).properties ?? {})) {
    out.push([[key], sub]);
    const inner = firstAlternative(sub);
    if (typeOf(inner) === 'object') {
      for (const [k2, s2] of Object.entries(inner.properties ?? {})) out.push([[key, k2], s2]);
    }
  }
  return out;
}

/** The base body with one field (at most two levels deep) set to `value`. */
function withField(base: unknown, field: string[], value: unknown): unknown {
  const out = { ...(base as Record<string, unknown>) };
  const [head, next] = field as [string, string | undefined];
  if (next === undefined) out[head] = value;
  else out[head] = { ...((out[head] as Record<string, unknown> | undefined) ?? {}), [next]: value };
  return out;
}

/** The body as JSON with a `__proto__` key first: a parser that assigns it would change every object's prototype. */
function withProto(base: unknown): string {
  const rest = JSON.stringify(base).slice(1);
  return `{"__proto__":{"isAdmin":true}${rest === '}' ? '' : ','}${rest}`;
}

import { randomUUID } from 'node:crypto';
import { ERRORS, ErrorBody } from '@app/contracts/errors';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBot, fakeBot, vendor } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { type FakeBotApi, startFakeBotApi } from './fakes/bot-api/server';

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: string[];
  format?: string;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema: JsonSchema };
type Operation = {
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Document = { security?: unknown[]; paths: Record<string, Record<string, Operation>> };

let fake: FakeBotApi;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
afterEach(async () => {
  fake.state.reset();
  await t.app.close();
});

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

describe('the OpenAPI document', () => {
  it('marks the public routes as needing no token, and every other route as needing the bearer token', async () => {
    t = await createTestApp({ config: { demo: true } });
    const doc = t.app.swagger() as unknown as Document;
    expect(doc.security).toEqual([{ bearer: [] }]);
    // A signed-in person's accounts and the switch between them are the auth routes that need the token.
    const signedIn = ['/api/v1/auth/accounts', '/api/v1/auth/switch'];
    const isPublic = (path: string) =>
      [
        '/healthz',
        '/readyz',
        '/api/v1/registration/check-status',
        '/api/v1/demo/init-data',
        '/api/v1/staff-invites/accept',
      ].includes(path) ||
      (path.startsWith('/api/v1/auth/') && !signedIn.includes(path));
    const all = operations(doc);
    expect(all.map((o) => o.path)).toEqual(
      expect.arrayContaining(['/healthz', '/readyz', '/api/v1/auth/telegram', '/api/v1/demo/init-data']),
    );
    for (const { path, method, op } of all) {
      // An operation without its own `security` inherits the document's: the bearer token.
      expect(op.security, `${method} ${path}`).toEqual(isPublic(path) ? [] : undefined);
    }
  });
});

/** Where a schema holds text: the paths of every string field (array items as index 0), nested ones too. */
function stringFields(schema: JsonSchema, path: (string | number)[] = []): (string | number)[][] {
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const found: (string | number)[][] = [];
  if (schema.type === 'string' || alternatives.some((s) => s.type === 'string')) found.push(path);
  for (const [key, sub] of Object.entries(schema.properties ?? {}))
    found.push(...stringFields(sub, [...path, key]));
  if (schema.items) found.push(...stringFields(schema.items, [...path, 0]));
  for (const sub of alternatives) if (sub.type !== 'string') found.push(...stringFields(sub, path));
  return found;
}

/** `{}` with `value` set at `path`, building the objects and arrays on the way. */
function bodyWith(path: (string | number)[], value: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const inner = bodyWith(rest, value);
  return typeof head === 'number' ? [inner] : { [head]: inner };
}

// The two characters PostgreSQL cannot take: as JSON strings, and as they arrive %-escaped in a URL (an unpaired
// surrogate has no UTF-8 form; WTF-8 bytes are what a client would send).
const BAD = [
  { name: 'NUL', json: 'a\u0000b', url: 'a%00b' },
  { name: 'an unpaired surrogate', json: 'a\ud800b', url: 'a%ED%A0%80b' },
];

describe('every string field of every operation', () => {
  it('refuses NUL and unpaired surrogates with a 4xx in the one error body, never a 5xx', async () => {
    // Every operation's every text field, twice: more requests than one client may make a minute (the rate
    // limit is not what this test is about, and it grows with every route).
    t = await createTestApp({ config: { telegramApiRoot: fake.url, rateLimitPerMinute: 100_000 } });
    const owner = await vendor(t.app);
    const bot = await createBot(t.app, owner, { botToken: fakeBot(fake).token, botName: 'Shop' });
    const valid: Record<string, string> = {
      vendorId: owner.vendorId,
      botId: bot.id,
      // Orders, customers and analytics: well-formed ids (unknown ones answer 404 after validation).
      orderId: '00000000-0000-4000-8000-000000000001',
      customerId: '00000000-0000-4000-8000-000000000002',
      type: 'revenue',
      target: 'all',
      // Well-formed ids (no such rows): the body's fields are checked once the path's are valid.
      productId: randomUUID(),
      imageId: randomUUID(),
      uploadId: randomUUID(),
      categoryId: randomUUID(),
      subcategoryId: randomUUID(),
      codeId: randomUUID(),
      importId: randomUUID(),
      // A fee statement's month (YYYY-MM).
      month: '2026-03',
    };
    const doc = t.app.swagger() as unknown as Document;
    const tried: string[] = [];

    for (const { path, method, op } of operations(doc)) {
      const params = op.parameters ?? [];
      // A path parameter other than the vendor and the bot (a word's id, a provider's name): a value its schema
      // accepts, so the field under test is the one refused.
      const sampleOf = (name: string) => {
        const schema = params.find((p) => p.in === 'path' && p.name === name)?.schema;
        if (schema?.enum?.[0]) return schema.enum[0];
        return schema?.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : name;
      };
      const urlWith = (fuzzed?: Parameter, value?: string) => {
        let url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
          fuzzed?.in === 'path' && fuzzed.name === name ? (value ?? '') : (valid[name] ?? sampleOf(name)),
        );
        if (fuzzed?.in === 'query') url += `?${fuzzed.name}=${value}`;
        return url;
      };
      const send = (url: string, payload?: unknown) =>
        t.app.inject({
          method: method as 'GET',
          url,
          headers: owner.auth,
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
      const baseBody = op.requestBody ? {} : undefined;

      const cases: {
        field: string;
        issuePath?: string;
        run: (bad: (typeof BAD)[number]) => ReturnType<typeof send>;
      }[] = [
        ...params
          .filter((p) => p.in !== 'header' && stringFields(p.schema).length > 0)
          .map((p) => ({
            field: `${p.in} ${p.name}`,
            ...(p.in === 'query' ? { issuePath: `querystring.${p.name}` } : {}),
            run: (bad: (typeof BAD)[number]) => send(urlWith(p, bad.url), baseBody),
          })),
        ...stringFields(op.requestBody?.content['application/json']?.schema ?? {}).map((fieldPath) => ({
          field: `body ${fieldPath.join('.')}`,
          issuePath: ['body', ...fieldPath].join('.'),
          run: (bad: (typeof BAD)[number]) => send(urlWith(), bodyWith(fieldPath, bad.json)),
        })),
      ];

      for (const c of cases) {
        for (const bad of BAD) {
          const what = `${method} ${path} ${c.field} with ${bad.name}`;
          tried.push(`${method} ${path} ${c.field}`);
          const res = await c.run(bad);
          expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
          const body = ErrorBody.parse(res.json());
          expect(Object.keys(ERRORS), what).toContain(body.error.code);
          if (
            (c.issuePath?.startsWith('querystring.') && path.startsWith('/api/v1/downloads/')) ||
            (c.issuePath && path.startsWith('/api/v1/shop/'))
          ) {
            // Issue 26, 401 before 400: a download link's query (its token, or its expiry and signature) is its credential, and the shop's Mini App takes a
            // shop bot's init data, not the vendor's token: without valid credentials, 401 before validation.
            expect(res.statusCode, what).toBe(401);
          } else if (c.issuePath) {
            // Refused by the field's own schema, whatever else the request lacks.
            expect(res.statusCode, what).toBe(400);
            expect(body.error.code, what).toBe('VALIDATION_FAILED');
            const paths = (body.error.details as { path: string }[]).map((d) => d.path);
            expect(paths, what).toContain(c.issuePath);
          }
        }
      }
    }

    // The walk found the text fields the sweep of issue 12 crashed on.
    expect(tried).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/telegram body first_name',
        'POST /api/v1/auth/register body storeName',
        'POST /api/v1/vendors/{vendorId}/bots body botName',
        'PATCH /api/v1/vendors/{vendorId}/bot-details/{botId} body settings.welcomeMessage',
        'GET /api/v1/vendors/{vendorId}/bot-details/{botId}/analytics query period',
      ]),
    );
    // Nothing was created or changed on the way.
    const list = await t.app.inject({ method: 'GET', url: `${owner.base}/bots`, headers: owner.auth });
    expect(list.json().bots).toEqual([expect.objectContaining({ id: bot.id, name: 'Shop', isActive: true })]);
  });
});

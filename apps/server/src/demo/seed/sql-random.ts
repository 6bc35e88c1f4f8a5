import { createHash } from 'node:crypto';

// Deterministic pseudo-randomness, the same in SQL (for the bulk rows PostgreSQL generates itself) and in
// JavaScript (for the few fixed rows). Every value is a pure function of (seed, salt, key), so a seed always
// gives the same data and a batch can be generated without knowing the batches before it.

/** 2^52: hash bits kept for a float in [0, 1), exact in a float8. */
const MASK_52 = '4503599627370495';
const TWO_52 = '4503599627370496.0';

/** SQL text of a bigint hash of `key` (a bigint expression), distinct for each (seed, salt). */
export function sqlHash(seed: number, salt: number, key: string): string {
  return `hashint8extended((${key})::int8, ${hashSalt(seed, salt)})`;
}

/** SQL text of a uniform float8 in [0, 1) for `key`. */
export function sqlRandom(seed: number, salt: number, key: string): string {
  return `((${sqlHash(seed, salt, key)} & ${MASK_52})::float8 / ${TWO_52})`;
}

/** SQL text of an integer in [0, n) for `key`; n may be an SQL expression. */
export function sqlPick(seed: number, salt: number, key: string, n: number | string): string {
  return `floor(${sqlRandom(seed, salt, key)} * (${n}))::int`;
}

/**
 * SQL text of a well-formed uuid (RFC 9562 version and variant bits, so strict validators accept it) for `key`.
 * With `unixMs` (an SQL expression), a version 7 uuid: its first 48 bits are that time, so rows inserted in time
 * order land at the end of their indexes instead of all over them.
 */
export function sqlUuid(seed: number, salt: number, key: string, unixMs?: string): string {
  // Two int8 halves with the version nibble (bits 12-15 of the high half) and the variant bits (10, the top
  // of the low half) set by bit arithmetic: cheaper than cutting and pasting hex strings.
  const high = unixMs
    ? `(((${unixMs})::int8 << 16) | 28672 | (${sqlHash(seed, salt, key)} & 4095))`
    : `((${sqlHash(seed, salt, key)} & -61441) | 16384)`;
  const low = `((${sqlHash(seed, salt + 1, key)} & 4611686018427387903) | -9223372036854775808)`;
  return `(lpad(to_hex(${high}), 16, '0') || to_hex(${low}))::uuid`;
}

/** The JavaScript twin of sqlUuid (version 4): a fixed uuid for a fixed row such as a bot or a product. */
export function seededUuid(seed: number, ...parts: (string | number)[]): string {
  const hex = createHash('sha256')
    .update(`${seed}:${parts.join(':')}`)
    .digest('hex');
  const variant = '89ab'[Number.parseInt(hex[16] ?? '0', 16) & 3];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A float in [0, 1) for JavaScript-side choices, from the same (seed, parts) every time. */
export function seededRandom(seed: number, ...parts: (string | number)[]): number {
  const hex = createHash('sha256')
    .update(`${seed}:${parts.join(':')}`)
    .digest('hex');
  return Number.parseInt(hex.slice(0, 13), 16) / 2 ** 52;
}

/** An SQL string literal. Only ever given the seed's own constant data, never user input. */
export function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** An SQL uuid literal, for statements built as text; refuses anything that is not a uuid. */
export function sqlUuidLiteral(id: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw new Error(`not a uuid: ${id}`);
  return `'${id}'::uuid`;
}

/** An SQL text[] literal of constant strings. */
export function sqlTextArray(values: readonly string[]): string {
  return `array[${values.map(sqlText).join(', ')}]::text[]`;
}

/** A JavaScript number as an SQL numeric literal (never exponent-free surprises: 1e-7 is valid SQL). */
export function sqlNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  return String(value);
}

// The seed occupies the high digits so that salts never collide across seeds; both stay well inside int8.
function hashSalt(seed: number, salt: number): string {
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > 2 ** 31)
    throw new Error('seed must be an integer in [0, 2^31]');
  return String(seed * 1000 + salt);
}

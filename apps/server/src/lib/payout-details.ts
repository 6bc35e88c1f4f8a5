import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3';

// Payout details checked as the networks and banks define them: the IBAN's mod-97 checksum, the SWIFT/BIC format,
// the US routing number's ABA checksum, an e-mail for PayPal, and each crypto network's address format with its
// checksum where it has one (Base58Check, Bech32, EIP-55's mixed case for ETH and USDT-ERC20, with Keccak-256 from
// @noble/hashes since node:crypto has none).

/** IBAN: country, check digits, up to 30 characters; the number moved and read as digits is 1 mod 97. */
export function isValidIban(raw: string): boolean {
  const iban = raw.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const value = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of value) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** SWIFT/BIC: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export const isValidBic = (raw: string) =>
  /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(raw.trim().toUpperCase());

/** ABA routing number: 9 digits, 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 mod 10. */
export function isValidAba(raw: string): boolean {
  const n = raw.trim();
  if (!/^\d{9}$/.test(n)) return false;
  const d = [...n].map(Number) as number[];
  const at = (i: number) => d[i] ?? 0;
  const sum = 3 * (at(0) + at(3) + at(6)) + 7 * (at(1) + at(4) + at(7)) + (at(2) + at(5) + at(8));
  return sum % 10 === 0;
}

export const isValidEmail = (raw: string) => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(raw.trim());

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58Check: the payload's version byte, or null when the characters or the 4-byte checksum are wrong. */
function base58CheckVersion(address: string): number | null {
  let value = 0n;
  for (const ch of address) {
    const digit = BASE58.indexOf(ch);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (const ch of address) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  if (bytes.length !== 25) return null;
  const payload = Buffer.from(bytes.slice(0, 21));
  const check = createHash('sha256').update(createHash('sha256').update(payload).digest()).digest();
  return check.subarray(0, 4).equals(Buffer.from(bytes.slice(21))) ? (bytes[0] ?? null) : null;
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** Bech32/Bech32m with this human-readable part (bc, ltc): the checksum over the lower-cased address. */
function isValidBech32(raw: string, hrp: string): boolean {
  const address = raw.toLowerCase();
  if (raw !== address && raw !== raw.toUpperCase()) return false;
  const sep = address.lastIndexOf('1');
  if (address.slice(0, sep) !== hrp || address.length - sep - 1 < 7 || address.length > 90) return false;
  const data = [...address.slice(sep + 1)].map((c) => BECH32.indexOf(c));
  if (data.some((v) => v < 0)) return false;
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  const values = [
    ...[...hrp].map((c) => c.charCodeAt(0) >> 5),
    0,
    ...[...hrp].map((c) => c.charCodeAt(0) & 31),
    ...data,
  ];
  for (const v of values) {
    const top = chk >> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i += 1) if ((top >> i) & 1) chk ^= GEN[i] ?? 0;
  }
  // Bech32 (segwit v0) ends at 1, Bech32m (v1+) at 0x2bc830a3.
  return chk === 1 || chk === 0x2bc830a3;
}

/**
 * EIP-55: 0x and 40 hex digits; a mixed-case address carries its checksum in the case of its letters (a letter is
 * upper case where the Keccak-256 of the lower-case hex has a nibble of 8 or more). An address all in one case
 * carries no checksum (EIP-55 leaves it valid), so only its format is checked.
 */
export function isValidEip55(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = Buffer.from(keccak_256(hex.toLowerCase())).toString('hex');
  for (let i = 0; i < 40; i += 1) {
    const ch = hex[i] ?? '';
    if (ch.toLowerCase() === ch.toUpperCase()) continue;
    const upper = Number.parseInt(hash[i] ?? '0', 16) >= 8;
    if ((ch === ch.toUpperCase()) !== upper) return false;
  }
  return true;
}

/** A crypto address on its network: format, and the checksum where the network has one. */
export function isValidCryptoAddress(network: string, raw: string): boolean {
  const address = raw.trim();
  switch (network) {
    case 'BTC':
      if (/^bc1/i.test(address)) return isValidBech32(address, 'bc');
      // P2PKH (version 0, "1…") or P2SH (version 5, "3…").
      return [0, 5].includes(base58CheckVersion(address) ?? -1);
    case 'LTC':
      if (/^ltc1/i.test(address)) return isValidBech32(address, 'ltc');
      // P2PKH (48, "L…"), P2SH (50, "M…"; 5, "3…" legacy).
      return [48, 50, 5].includes(base58CheckVersion(address) ?? -1);
    case 'USDT-TRC20':
      // A TRON address: Base58Check with version 0x41 ("T…").
      return base58CheckVersion(address) === 0x41;
    case 'ETH':
    case 'USDT-ERC20':
      return isValidEip55(address);
    default:
      return false;
  }
}

import { describe, expect, it } from 'vitest';
import { isValidAba, isValidBic, isValidCryptoAddress, isValidEmail, isValidIban } from './payout-details';

describe('payout details', () => {
  it('checks an IBAN by its mod-97 checksum', () => {
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('GB82 WEST 1234 5698 7654 33')).toBe(false);
  });

  it('checks a SWIFT/BIC by its format', () => {
    expect(isValidBic('DEUTDEFF')).toBe(true);
    expect(isValidBic('DEUTDEFF500')).toBe(true);
    expect(isValidBic('DEUT1EFF')).toBe(false);
  });

  it('checks a US routing number by the ABA checksum', () => {
    expect(isValidAba('021000021')).toBe(true);
    expect(isValidAba('021000022')).toBe(false);
  });

  it('checks a PayPal e-mail', () => {
    expect(isValidEmail('shop@example.com')).toBe(true);
    expect(isValidEmail('shop@example')).toBe(false);
  });

  it('checks crypto addresses per network, with their checksums', () => {
    expect(isValidCryptoAddress('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(true);
    expect(isValidCryptoAddress('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toBe(false);
    expect(isValidCryptoAddress('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true);
    expect(isValidCryptoAddress('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr')).toBe(false);
    expect(isValidCryptoAddress('USDT-TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isValidCryptoAddress('USDT-TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isValidCryptoAddress('LTC', 'LaMT348PWRnrqeeWArpwQPbuanpXDZGEUz')).toBe(true);
    expect(isValidCryptoAddress('ETH', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    expect(isValidCryptoAddress('ETH', '0x5290840009852788')).toBe(false);
  });
});

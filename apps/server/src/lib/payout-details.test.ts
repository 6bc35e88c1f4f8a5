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

  it("checks ETH and USDT-ERC20 addresses by EIP-55's mixed-case checksum", () => {
    // The EIP's own examples.
    for (const good of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(isValidCryptoAddress('ETH', good)).toBe(true);
      expect(isValidCryptoAddress('USDT-ERC20', good)).toBe(true);
    }
    // One letter's case changed: the checksum fails.
    expect(isValidCryptoAddress('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidCryptoAddress('USDT-ERC20', '0xfb6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).toBe(false);
    // All one case carries no checksum: the format alone.
    expect(isValidCryptoAddress('ETH', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
  });

  it('checks LTC addresses by Base58Check and Bech32', () => {
    expect(isValidCryptoAddress('LTC', 'LaMT348PWRnrqeeWArpwQPbuanpXDZGEUz')).toBe(true);
    expect(isValidCryptoAddress('LTC', 'LaMT348PWRnrqeeWArpwQPbuanpXDZGEUy')).toBe(false);
    // A BTC address is not an LTC one.
    expect(isValidCryptoAddress('LTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
    expect(isValidCryptoAddress('LTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false);
  });
});

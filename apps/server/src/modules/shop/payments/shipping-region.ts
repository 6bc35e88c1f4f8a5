import type { ShippingRegion } from '@app/contracts/settings';

// The European Union's members: the settings' "EU" zone.
const EU = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '),
);
const ASIA = new Set(
  'AF AM AZ BD BH BN BT CN GE HK ID IL IN IQ IR JO JP KG KH KR KW KZ LA LB LK MM MN MO MV MY NP OM PH PK PS QA SA SG SY TH TJ TL TM TR TW UZ VN YE'.split(
    ' ',
  ),
);

/**
 * The shipping zone (the per-bot settings' regions) of the country Telegram gives in a shipping address (ISO
 * 3166-1 alpha-2), or null when no zone covers it. LOCAL is the vendor's own area, which a country code
 * cannot tell: it is never chosen from an address.
 */
export function regionOfCountry(countryCode: string): ShippingRegion | null {
  const code = countryCode.trim().toUpperCase();
  if (code === 'US' || code === 'CA' || code === 'MX' || code === 'AU') return code;
  if (code === 'GB') return 'UK';
  if (EU.has(code)) return 'EU';
  if (ASIA.has(code)) return 'ASIA';
  return null;
}

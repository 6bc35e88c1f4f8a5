// Known parcel carriers and their public tracking pages. A shipping method (or the order's carrier) that names
// one of them gives the customer's "shipped" message a link that opens the parcel's tracking.

type Carrier = { name: string; match: RegExp; url: (trackingNumber: string) => string };

const CARRIERS: readonly Carrier[] = [
  { name: 'UPS', match: /\bups\b/i, url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  {
    name: 'USPS',
    match: /\busps\b|\bunited states postal\b/i,
    url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  },
  { name: 'FedEx', match: /\bfed\s?ex\b/i, url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  {
    name: 'DHL',
    match: /\bdhl\b/i,
    url: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}`,
  },
  {
    name: 'Royal Mail',
    match: /\broyal\s?mail\b/i,
    url: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  },
  {
    name: 'Canada Post',
    match: /\bcanada\s?post\b/i,
    url: (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
  },
  {
    name: 'Australia Post',
    match: /\b(australia|aus)\s?post\b/i,
    url: (n) => `https://auspost.com.au/mypost/track/details/${n}`,
  },
  {
    name: 'TNT',
    match: /\btnt\b/i,
    url: (n) => `https://www.tnt.com/express/en_gc/site/shipping-tools/tracking.html?cons=${n}`,
  },
  {
    name: 'La Poste',
    match: /\b(la\s?poste|colissimo)\b/i,
    url: (n) => `https://www.laposte.fr/outils/suivre-vos-envois?code=${n}`,
  },
  {
    name: 'Deutsche Post',
    match: /\bdeutsche\s?post\b/i,
    url: (n) => `https://www.deutschepost.de/sendung/simpleQuery.html?form.sendungsnummer=${n}`,
  },
];

/**
 * The tracking page of a parcel: the first of `names` (the order's carrier, its shipping method's name) naming a
 * known carrier gives its link, the tracking number URL-encoded; null when none names one.
 */
export function trackingLinkOf(
  names: readonly (string | null | undefined)[],
  trackingNumber: string,
): { carrier: string; url: string } | null {
  const number = trackingNumber.trim();
  if (!number) return null;
  for (const name of names) {
    if (!name) continue;
    const carrier = CARRIERS.find((c) => c.match.test(name));
    if (carrier) return { carrier: carrier.name, url: carrier.url(encodeURIComponent(number)) };
  }
  return null;
}

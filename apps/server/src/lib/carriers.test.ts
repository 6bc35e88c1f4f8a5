import { describe, expect, it } from 'vitest';
import { trackingLinkOf } from './carriers';

describe('trackingLinkOf', () => {
  it('links a shipping method that names a known carrier to its tracking page', () => {
    expect(trackingLinkOf(['UPS Ground'], '1Z999AA1')).toEqual({
      carrier: 'UPS',
      url: 'https://www.ups.com/track?tracknum=1Z999AA1',
    });
    expect(trackingLinkOf([null, 'Royal Mail Tracked 48'], 'AB123456789GB')?.carrier).toBe('Royal Mail');
    expect(trackingLinkOf(['Fedex Overnight'], '7489')?.carrier).toBe('FedEx');
  });

  it('prefers the order’s carrier to the method’s name', () => {
    expect(trackingLinkOf(['DHL Express', 'UPS Standard'], 'X1')?.carrier).toBe('DHL');
  });

  it('gives no link when no name is a known carrier, or without a tracking number', () => {
    expect(trackingLinkOf(['Standard', 'Courier'], '123')).toBeNull();
    expect(trackingLinkOf(['UPS'], '  ')).toBeNull();
    // "ups" inside a word is not the carrier.
    expect(trackingLinkOf(['Groups delivery'], '123')).toBeNull();
  });

  it('encodes the tracking number into the link', () => {
    expect(trackingLinkOf(['USPS'], 'A B/1')?.url).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=A%20B%2F1',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { cancellationNoticeHours } from './products';

describe('the notice a cancellation policy states', () => {
  it.each([
    ['24 hours notice', 24],
    ['48h notice, 50% refund', 48],
    ['Cancel up to 2 days before', 48],
    ['1 week notice', 168],
    ['No refunds', null],
    ['', null],
  ])('reads “%s” as %s hours', (policy, hours) => {
    expect(cancellationNoticeHours(policy)).toBe(hours);
  });
});

import { EVENT_TYPES } from '@app/contracts/events';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en/index';
import { activityKeys } from './activity-text';

describe('activity texts', () => {
  // The other languages hold exactly the English keys (i18n.test.ts), so English having them is enough.
  it.each(EVENT_TYPES)('words %s with a title and a description', (event) => {
    const { title, description } = activityKeys(event);
    expect(en[title], title).toBeTruthy();
    expect(en[description], description).toBeTruthy();
  });
});

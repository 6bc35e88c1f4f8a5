import { describe, expect, it } from 'vitest';
import { actorKey } from './labels';

describe('who the timeline says made a change', () => {
  it('is You for the owner looking at their own change', () => {
    expect(actorKey({ kind: 'owner', name: 'Alex Morgan' }, true)).toBe('orders.actor.you');
  });
  it("is the owner's name for a staff member", () => {
    expect(actorKey({ kind: 'owner', name: 'Alex Morgan' }, false)).toBeNull();
  });
  it('is the name of a staff member or customer, else their kind', () => {
    expect(actorKey({ kind: 'staff', name: 'Sam' }, true)).toBeNull();
    expect(actorKey({ kind: 'system', name: null }, true)).toBe('orders.actor.system');
    expect(actorKey({ kind: 'owner', name: null }, false)).toBe('orders.actor.someone');
  });
});

import { describe, expect, it } from 'vitest';

import { failure, type Answer } from './exchange.js';
import { PendingTable, type PendingRequest } from './pending-table.js';

function request(outcomes: Answer[]): PendingRequest {
  return {
    method: 'tools/call',
    startedAt: 0,
    requestBytes: 1,
    progressKey: undefined,
    notifications: [],
    settle: (answer) => outcomes.push(answer),
  };
}

const ok: Answer = { outcome: 'result', result: {} };

describe('PendingTable', () => {
  it('matches a response to its request by id and type', () => {
    const table = new PendingTable();
    const seen: Answer[] = [];
    table.add(1, request(seen));
    table.add('1', request(seen));
    table.route('1', ok, 10);
    expect(seen).toEqual([ok]);
    expect(table.size).toBe(1);
  });

  it('fails the sole pending request as malformed on a stray response', () => {
    const table = new PendingTable();
    const seen: Answer[] = [];
    table.add(1, request(seen));
    table.route(1001, ok, 10);
    expect(seen).toEqual([failure('malformed')]);
    expect(table.strayResponses).toBe(1);
  });

  it('only counts a stray response when several requests are pending', () => {
    const table = new PendingTable();
    const seen: Answer[] = [];
    table.add(1, request(seen));
    table.add(2, request(seen));
    table.route(99, ok, 10);
    expect(seen).toEqual([]);
    expect(table.strayResponses).toBe(1);
  });

  it('counts a late answer without blaming the request now pending', () => {
    const table = new PendingTable();
    const seen: Answer[] = [];
    table.add(1, request(seen));
    table.abandon(1, failure('timeout'));
    table.add(2, request(seen));
    table.route(1, ok, 10);
    expect(seen).toEqual([failure('timeout')]);
    expect(table.strayResponses).toBe(1);
    expect(table.size).toBe(1);
  });

  it('attributes an oversized line by sampled id, else to a sole request', () => {
    const table = new PendingTable();
    const seen: Answer[] = [];
    table.add(1, request(seen));
    table.add(2, request(seen));
    table.routeOversized(2, 1e9);
    table.routeOversized(undefined, 1e9);
    expect(seen).toEqual([failure('oversized'), failure('oversized')]);
  });
});

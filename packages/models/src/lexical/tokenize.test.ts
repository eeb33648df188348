import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize.js';

describe('tokenize', () => {
  it('splits snake, camel, Pascal and kebab identifiers', () => {
    expect(tokenize('get_item_by_id')).toEqual(['item', 'id']);
    expect(tokenize('createTicket')).toEqual(['create', 'ticket']);
    expect(tokenize('HTTPServerStatus')).toEqual(['http', 'server', 'status']);
    expect(tokenize('list-open-issues')).toEqual(['list', 'open', 'issue']);
    expect(tokenize('files/read.v2')).toEqual(['file', 'read', 'v2']);
  });
  it('lower-cases, drops stopwords and folds plurals', () => {
    expect(tokenize('Show me all the Queries for your Boxes')).toEqual(['all', 'query', 'box']);
    expect(tokenize('')).toEqual([]);
  });
});

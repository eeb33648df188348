import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { nameStyles, qualityNamingConsistent } from './quality-naming-consistent.js';

describe('quality-naming-consistent', () => {
  it('classes names by the style of their local part', () => {
    expect(nameStyles('search')).toEqual(['snake', 'camel', 'kebab']);
    expect(nameStyles('github.create_issue')).toEqual(['snake']);
    expect(nameStyles('createIssue')).toEqual(['camel']);
    expect(nameStyles('create-issue')).toEqual(['kebab']);
    expect(nameStyles('CreateIssue')).toEqual(['pascal']);
    expect(nameStyles('CREATE_ISSUE')).toEqual(['screaming']);
    expect(nameStyles('get_userName')).toEqual([]);
  });

  it('flags names off the majority style and names that mix styles', () => {
    const tools = [...CLEAN_TOOLS, cleanTool(0, { name: 'getWeatherNow' }), cleanTool(1, { name: 'list_eventsByDay' })];
    expect(ruleHits(qualityNamingConsistent, tools)).toEqual(['3:naming-style-inconsistent', '4:naming-style-mixed']);
  });

  it('passes one style, single words and namespaces written differently', () => {
    const tools = [...CLEAN_TOOLS, cleanTool(0, { name: 'ping' }), cleanTool(1, { name: 'Calendar.list_all_events' })];
    expect(ruleHits(qualityNamingConsistent, tools)).toEqual([]);
  });
});

/**
 * Slices of published servers' catalogs that lint once misjudged, as listed by their `tools/list`
 * (descriptions as shipped; schemas trimmed to what the rules read).
 */

/** chrome-devtools-mcp 1.11.0: `fill_form` prefers itself over `fill` and `click`, both its own tools. */
export const CHROME_DEVTOOLS_FORMS = [
  {
    name: 'click',
    description: 'Clicks on the provided element',
    inputSchema: { type: 'object', properties: { uid: { type: 'string', description: 'The uid of an element.' } }, required: ['uid'] },
    annotations: { readOnlyHint: false },
  },
  {
    name: 'fill',
    description: 'Type text into an input, text area or select an option from a <select> element.',
    inputSchema: { type: 'object', properties: { uid: { type: 'string', description: 'The uid of an element.' } }, required: ['uid'] },
    annotations: { readOnlyHint: false },
  },
  {
    name: 'fill_form',
    description:
      "Fill out multiple form elements (inputs, selects, checkboxes, radios) at once. ALWAYS prefer this tool over multiple individual 'fill' or 'click' calls when interacting with forms. It is significantly faster, more reliable, and reduces turn count. Example: Fill username, password, and check \"Remember Me\" in one call.",
    inputSchema: {
      type: 'object',
      properties: { elements: { type: 'array', description: 'Elements from snapshot to fill out.' } },
      required: ['elements'],
    },
    annotations: { readOnlyHint: false },
  },
] as const;

/** @upstash/context7-mcp 4.1.1: `resolve-library-id` reads (a library name to a Context7 id). */
export const CONTEXT7_RESOLVE = [
  {
    name: 'resolve-library-id',
    title: 'Resolve Context7 Library ID',
    description: 'Resolves a package/product name to a Context7-compatible library ID and returns matching libraries.',
    inputSchema: {
      type: 'object',
      properties: { libraryName: { type: 'string', description: 'Library name to search for.' } },
      required: ['libraryName'],
    },
    annotations: { readOnlyHint: true },
  },
] as const;

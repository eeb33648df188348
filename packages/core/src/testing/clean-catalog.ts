/**
 * Three well-formed, distinct tools that pass every lint rule: the catalog that must not trigger.
 * Each rule test breaks one of them (or adds its own) to build the catalog that must; the rule
 * registry's test holds every rule to it, and the CLI's lint tests start from it.
 */
export const CLEAN_TOOLS = [
  {
    name: 'get_weather_forecast',
    title: 'Weather forecast',
    description: 'Returns the hourly weather forecast for a city. Use it when the user asks about upcoming weather.',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string', description: 'City name, such as Paris.', maxLength: 100 } },
      required: ['city'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  {
    name: 'list_calendar_events',
    description: 'Lists calendar events between two dates, newest first. Returns at most fifty events per page.',
    inputSchema: {
      type: 'object',
      properties: {
        from: { type: 'string', format: 'date', description: 'First day to include (YYYY-MM-DD).' },
        to: { type: 'string', format: 'date', description: 'Last day to include (YYYY-MM-DD).' },
        page: { type: 'integer', minimum: 1, default: 1, description: 'Page number, from 1.' },
      },
      required: ['from', 'to'],
    },
    outputSchema: { type: 'object', properties: { events: { type: 'array' } } },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'create_invoice_draft',
    description: 'Creates a draft invoice for a customer and returns its id. Nothing is billed until the draft is approved.',
    inputSchema: {
      type: 'object',
      properties: {
        customer_id: { type: 'string', description: 'The customer to bill.', pattern: '^cus_[a-z0-9]+$' },
        amount_cents: { type: 'integer', minimum: 1, description: 'Total in cents.' },
      },
      required: ['customer_id', 'amount_cents'],
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  },
] as const;

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One span as the OTLP/HTTP JSON encoding carries it (ids as hex strings). */
export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly kind: number;
  readonly attributes: Readonly<Record<string, string | number>>;
  readonly status?: { readonly code?: number };
}

export interface OtlpReceiver {
  /** The base endpoint, as `--otlp-endpoint` takes it. */
  readonly url: string;
  /** Raw request bodies, decoded to text. */
  readonly bodies: string[];
  readonly paths: string[];
  spans(): ReceivedSpan[];
  close(): Promise<void>;
}

interface OtlpAttribute {
  readonly key: string;
  readonly value: {
    readonly stringValue?: string;
    readonly intValue?: string | number;
    readonly doubleValue?: number;
    readonly boolValue?: boolean;
  };
}
interface OtlpSpan extends Omit<ReceivedSpan, 'attributes'> {
  readonly attributes?: readonly OtlpAttribute[];
}
interface OtlpBody {
  readonly resourceSpans?: readonly { readonly scopeSpans?: readonly { readonly spans?: readonly OtlpSpan[] }[] }[];
}

function attributeValue(value: OtlpAttribute['value']): string | number {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  return String(value.boolValue);
}

/**
 * A loopback OTLP/HTTP collector for tests: 127.0.0.1, port 0, answers every POST with `status`
 * (200 and an empty JSON partial-success by default), or never with `hang`, and keeps what it received.
 */
export async function startOtlpReceiver(
  answer: { readonly status: number; readonly body: string; readonly hang?: boolean } = { status: 200, body: '{}' },
): Promise<OtlpReceiver> {
  const bodies: string[] = [];
  const paths: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      bodies.push((request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'));
      paths.push(request.url ?? '');
      // A collector that never answers: the exporter's time limit has to end the wait.
      if (answer.hang === true) return;
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    paths,
    spans: () =>
      bodies.flatMap((body) =>
        ((JSON.parse(body) as OtlpBody).resourceSpans ?? []).flatMap((resource) =>
          (resource.scopeSpans ?? []).flatMap((scope) =>
            (scope.spans ?? []).map((span) => ({
              ...span,
              attributes: Object.fromEntries((span.attributes ?? []).map((a) => [a.key, attributeValue(a.value)])),
            })),
          ),
        ),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

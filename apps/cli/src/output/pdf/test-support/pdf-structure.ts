/** Largest PDF the reader looks at; a report's print is far smaller. */
export const MAX_PDF_BYTES = 32 * 1024 * 1024;
/** How far from the end `startxref` may sit (the spec puts it in the last few lines). */
const TAIL_BYTES = 1024;
/** Most cross-reference entries read (each one is checked against its object). */
const MAX_XREF_ENTRIES = 100_000;

export interface PdfStructure {
  /** `1.4`, `1.7`, `2.0`, … from the `%PDF-x.y` header. */
  readonly version: string;
  /** In-use objects in the cross-reference table, each found at its offset. */
  readonly objects: number;
  /** The page tree's `/Count`. */
  readonly pages: number;
}

/**
 * A bounded structural read of a PDF with a classic cross-reference table (what Chromium writes):
 * the header, `startxref` and `%%EOF` at the end, every in-use entry of the table pointing at
 * `<n> <gen> obj`, and the page tree's count. Throws, naming the first thing that is not so.
 */
export function readPdfStructure(bytes: Uint8Array): PdfStructure {
  if (bytes.byteLength > MAX_PDF_BYTES) throw new Error(`larger than ${MAX_PDF_BYTES} bytes`);
  const text = Buffer.from(bytes).toString('latin1');
  const header = /^%PDF-(\d\.\d)/.exec(text);
  if (header === null) throw new Error('no %PDF- header');
  const tail = text.slice(-TAIL_BYTES);
  const end = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (end === null) throw new Error('no startxref … %%EOF at the end');
  const xrefAt = Number(end[1]);
  if (text.slice(xrefAt, xrefAt + 4) !== 'xref') throw new Error('startxref does not point at a cross-reference table');
  let position = xrefAt + 4;
  let objects = 0;
  const section = /\s*(\d+) (\d+)\s*\r?\n/y;
  const entry = /(\d{10}) (\d{5}) ([nf])\s{1,2}/y;
  for (;;) {
    section.lastIndex = position;
    const head = section.exec(text);
    if (head === null) break;
    position = section.lastIndex;
    const first = Number(head[1]);
    const count = Number(head[2]);
    for (let index = 0; index < count; index++) {
      if (objects >= MAX_XREF_ENTRIES) throw new Error(`more than ${MAX_XREF_ENTRIES} entries`);
      entry.lastIndex = position;
      const row = entry.exec(text);
      if (row === null) throw new Error(`entry ${first + index} is malformed`);
      position = entry.lastIndex;
      if (row[3] !== 'n') continue;
      const offset = Number(row[1]);
      if (!new RegExp(`^${first + index} ${Number(row[2])} obj\\b`).test(text.slice(offset, offset + 32)))
        throw new Error(`object ${first + index} is not at its offset`);
      objects++;
    }
  }
  if (!/^\s*trailer\b/.test(text.slice(position))) throw new Error('no trailer after the table');
  const pages = /\/Type\s*\/Pages\b[^]*?\/Count\s+(\d+)/.exec(text) ?? /\/Count\s+(\d+)[^]*?\/Type\s*\/Pages\b/.exec(text);
  if (pages === null) throw new Error('no page tree');
  return { version: header[1] ?? '', objects, pages: Number(pages[1]) };
}

import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** One file of the built bundle: what it imports, statically and by `import()`, and its sources. */
interface BundleFile {
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
  /** The source files the chunk holds, from its source map, as absolute paths. */
  readonly sources: readonly string[];
}

const STATIC = /^(?:import|export)\s(?:[^;'"]*?\sfrom\s*)?"\.\/([^"]+\.js)"/gm;
const DYNAMIC = /\bimport\(\s*"\.\/([^"]+\.js)"\s*\)/g;

/** The chunk graph of a built dist/ (rolldown's flat layout: every chunk beside cli.js). */
export class BundleGraph {
  private readonly files: ReadonlyMap<string, BundleFile>;

  private constructor(files: ReadonlyMap<string, BundleFile>) {
    this.files = files;
  }

  static async read(dist: string): Promise<BundleGraph> {
    const files = new Map<string, BundleFile>();
    for (const name of (await readdir(dist)).filter((file) => file.endsWith('.js'))) {
      const code = await readFile(join(dist, name), 'utf8');
      // rolldown's own runtime chunk has no map: it holds no source of ours or of a dependency.
      const mapText = await readFile(join(dist, `${name}.map`), 'utf8').catch(() => '{"sources":[]}');
      const map = JSON.parse(mapText) as { sources: string[] };
      files.set(name, {
        imports: [...code.matchAll(STATIC)].map((match) => match[1] ?? ''),
        dynamicImports: [...code.matchAll(DYNAMIC)].map((match) => match[1] ?? ''),
        sources: map.sources.map((source) => resolve(dist, source)),
      });
    }
    return new BundleGraph(files);
  }

  /** Every chunk's file name. */
  names(): string[] {
    return [...this.files.keys()];
  }

  /** The chunks that load with `name`, before any of its code runs: it and its static imports, transitively. */
  staticClosure(name: string): Set<string> {
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of this.files.get(file)?.imports ?? []) visit(next);
    };
    visit(name);
    return seen;
  }

  /** The chunks holding a source whose path matches `pattern`. */
  holding(pattern: RegExp): string[] {
    return [...this.files].filter(([, file]) => file.sources.some((source) => pattern.test(source))).map(([name]) => name);
  }

  /** The one chunk holding `source` (e.g. `apps/cli/src/commands/run.ts`); throws when none or several do. */
  chunkOf(source: string): string {
    const found = this.holding(new RegExp(`${source.replaceAll('.', '\\.')}$`));
    if (found.length !== 1) throw new Error(`expected one chunk holding ${source}, found ${found.length}`);
    return found[0] ?? '';
  }

  /** Bytes of the named chunks' code. */
  async bytes(dist: string, names: Iterable<string>): Promise<number> {
    let total = 0;
    for (const name of names) total += (await readFile(join(dist, name))).byteLength;
    return total;
  }
}

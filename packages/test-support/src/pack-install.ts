import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

function strictConsumerConfig(): object {
  return {
    compilerOptions: {
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      target: 'ES2023',
      lib: ['ES2023'],
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: ['node'],
      typeRoots: [dirname(dirname(require.resolve('@types/node/package.json')))],
    },
    files: ['consumer.ts'],
  };
}

/** An empty npm project in a temp directory with some workspace packages installed from tarballs. */
export interface PackedProject {
  /** The project directory; write scripts here and run them with `node`. */
  readonly dir: string;
  /** Runs `node <args>` in the project and returns its stdout (throws with stderr on a non-zero exit). */
  node(args: readonly string[]): Promise<string>;
  /**
   * Compiles `source` as `consumer.ts` under strict TypeScript against the installed packages,
   * their own declarations included (`skipLibCheck: false`): a published `.d.ts` that imports a
   * devDependency's types fails here. Throws with tsc's report on any error.
   */
  compileStrict(source: string): Promise<void>;
  /** Removes the temp directory (tarballs and project). */
  remove(): Promise<void>;
}

/**
 * Packs each workspace package with `pnpm pack` (as it would be published: `files` only, and
 * `workspace:*` replaced by real versions), then `npm install`s every tarball into a fresh empty
 * project, the way a user outside the monorepo would. Workspace packages come only from the
 * tarballs; third-party dependencies come from npm's cache, or the registry when not cached.
 * The packages must already be built (their `dist/` is what gets packed).
 *
 * Reusable for any package: pass the package directories, dependencies before dependents.
 * `transitive` packages are packed too but not installed directly: npm `overrides` point their
 * name at the tarball, so they arrive only as the dependency of a package that declares them
 * (the project's own `dependencies` list only `packageDirs`, as a user's would).
 */
export interface InstallPackedOptions {
  /** Workspace packages the installed ones depend on, supplied as tarballs but not installed directly. */
  readonly transitive?: readonly string[];
}

export async function installPacked(packageDirs: readonly string[], options: InstallPackedOptions = {}): Promise<PackedProject> {
  const root = await mkdtemp(join(tmpdir(), 'mcp-eval-packed-'));
  try {
    const tarballs = join(root, 'tarballs');
    const dir = join(root, 'project');
    await mkdir(tarballs);
    await mkdir(dir);
    for (const packageDir of packageDirs) {
      await run('pnpm', ['pack', '--pack-destination', tarballs], { cwd: packageDir });
    }
    const files = (await readdir(tarballs)).filter((name) => name.endsWith('.tgz'));
    if (files.length !== packageDirs.length) throw new Error(`expected ${packageDirs.length} tarballs, found ${files.length}`);
    const overrides: Record<string, string> = {};
    for (const packageDir of options.transitive ?? []) {
      const { stdout } = await run('pnpm', ['pack', '--pack-destination', join(root, 'transitive')], { cwd: packageDir });
      const tarball = stdout.trim().split('\n').at(-1) ?? '';
      const { name } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as { name: string };
      overrides[name] = `file:${tarball}`;
    }
    const overridden = Object.keys(overrides).length > 0 ? { overrides } : {};
    const manifest = { name: 'packed-consumer', private: true, type: 'module', ...overridden };
    await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest)}\n`);
    await run(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--ignore-scripts',
        '--loglevel=error',
        ...files.map((name) => join(tarballs, name)),
      ],
      { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
    );
    const node = async (args: readonly string[]): Promise<string> => {
      try {
        const { stdout } = await run(process.execPath, [...args], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
        return stdout;
      } catch (error) {
        // tsc reports on stdout, node on stderr: show both.
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
        throw new Error(`node ${args.join(' ')} failed:\n${stdout}${stderr}`, { cause: error });
      }
    };
    return {
      dir,
      node,
      async compileStrict(source) {
        await writeFile(join(dir, 'consumer.ts'), source);
        await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(strictConsumerConfig()));
        await node([require.resolve('typescript/bin/tsc'), '-p', dir]);
      },
      remove: () => rm(root, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}

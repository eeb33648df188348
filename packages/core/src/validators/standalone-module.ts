import type { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCodeImport from 'ajv/dist/standalone/index.js';

// ajv's standalone module is CommonJS; under NodeNext its default export arrives as `.default`.
const standaloneCode = standaloneCodeImport.default;

/** A `require("…")` ajv's generated code calls for a run-time helper (ucs2length, a format, …). */
const REQUIRE_CALL = /require\("([^"]+)"\)/g;

/**
 * `module.exports` of a CommonJS helper from its ES namespace, whichever interop loaded it: Node
 * (and rolldown's node mode) give `default` = `module.exports`; vite's and babel's give the
 * exports themselves, `default` being `exports.default`. ajv's helpers are all `__esModule`.
 */
const CJS_INTEROP = `const __cjs = (ns) => { const d = ns.default; return d !== null && (typeof d === "object" || typeof d === "function") && d.__esModule === true ? d : ns; };`;

/**
 * An ES module exporting one validator per `exports` entry (export name → the schema's key in
 * `ajv`), from ajv's standalone code. ajv writes `require(…)` for its run-time helpers even with
 * `code.esm`, so each becomes an import of the same CommonJS module.
 */
export function standaloneModule(ajv: Ajv2020, exports: Readonly<Record<string, string>>): string {
  const code = standaloneCode(ajv, { ...exports });
  const specifiers: string[] = [];
  const body = code.replace(REQUIRE_CALL, (_call, specifier: string) => {
    let index = specifiers.indexOf(specifier);
    if (index < 0) index = specifiers.push(specifier) - 1;
    return `__require${index}`;
  });
  const imports = specifiers.map((specifier, index) => {
    const file = specifier.endsWith('.js') ? specifier : `${specifier}.js`;
    return `import * as __namespace${index} from ${JSON.stringify(file)};\nconst __require${index} = __cjs(__namespace${index});`;
  });
  // ajv's code opens with "use strict"; imports may precede it in a module (strict anyway).
  return `${CJS_INTEROP}\n${imports.join('\n')}\n${body}\n`;
}

import type { Rolldown } from "vite";

type NameFunction = Extract<Rolldown.CodeSplittingGroup["name"], (...args: never[]) => unknown>;
/** What the bundler's chunk-group name function may ask about a module (its `ctx`). */
export type ChunkingContext = Parameters<NameFunction>[1];

/** Our own code (the site and the core it shares with the API), as the bundler names modules. */
const OURS = /packages[\\/](web|core)[\\/]/;

/**
 * The libraries a shared helper may use: React and TanStack, which every page's first load has.
 * (Any other library is imported through its package's index, which the first load imports for
 * one component while a helper may want another: Headless UI's tabs are not the header's disclosure.)
 */
const FIRST_LOAD_LIBRARIES = /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/][^\\/]+)[\\/]/;

/** The largest module (transformed, before minifying) that counts as a small helper: about 2 kB gzipped. */
export const SMALL_MODULE_BYTES = 6000;

/** A helper is shared when at least this many modules import it (the number formats: 32). */
export const MIN_IMPORTERS = 3;

/**
 * The chunk-group name function (rolldown's `codeSplitting.groups[].name`) that gathers the small
 * helpers many screens share into one "common" chunk.
 *
 * Left to itself, the bundler makes a chunk of every module that two screens import: the number
 * formats, the button classes, the page heading, the status badge, the order texts... The dashboard
 * then asked for 17 files of one to four kilobytes, and over HTTP/1.1 (six requests at a time, a
 * round trip each on a slow network) those round trips were most of its time to a drawn screen
 * (Lighthouse's largest contentful paint 2.8-3.4 s, issue 13). One chunk of them costs a few
 * kilobytes on pages that use only some, and saves a round trip per helper on the ones that use many.
 *
 * A helper is one of our modules that the first load does not already have, that at least
 * MIN_IMPORTERS modules import, that nothing imports lazily and that imports nothing lazily, no
 * bigger than SMALL_MODULE_BYTES, and whose own imports are first-load modules, React, TanStack or
 * other helpers: it never brings a library along (Headless UI's dialogs, zod, Leaflet stay with
 * the screens that use them). Use it with `includeDependenciesRecursively: false`.
 */
export function sharedHelpersChunk(): (id: string, ctx: ChunkingContext) => string | null {
  const initial = new Map<string, boolean>();
  const helper = new Map<string, boolean>();

  // Statically imported, directly or not, by an entry. (While a cycle is walked, its modules count as not.)
  const isInitial = (id: string, ctx: ChunkingContext): boolean => {
    const known = initial.get(id);
    if (known !== undefined) return known;
    initial.set(id, false);
    const info = ctx.getModuleInfo(id);
    const result = !!info && (info.isEntry || info.importers.some((by) => isInitial(by, ctx)));
    initial.set(id, result);
    return result;
  };

  const isHelper = (id: string, ctx: ChunkingContext): boolean => {
    const known = helper.get(id);
    if (known !== undefined) return known;
    helper.set(id, false);
    const info = ctx.getModuleInfo(id);
    const result =
      !!info &&
      OURS.test(id) &&
      !isInitial(id, ctx) &&
      info.importers.length >= MIN_IMPORTERS &&
      info.dynamicImporters.length === 0 &&
      info.dynamicallyImportedIds.length === 0 &&
      (info.code?.length ?? Number.POSITIVE_INFINITY) <= SMALL_MODULE_BYTES &&
      info.importedIds.every((dep) => (OURS.test(dep) ? isInitial(dep, ctx) || isHelper(dep, ctx) : FIRST_LOAD_LIBRARIES.test(dep)));
    helper.set(id, result);
    return result;
  };

  return (id, ctx) => (isHelper(id, ctx) ? "common" : null);
}

import { describe, expect, it } from "vitest";
import { type ChunkingContext, MIN_IMPORTERS, SMALL_MODULE_BYTES, sharedHelpersChunk } from "../scripts/shared-chunk";

// The rule that gathers the screens' small shared helpers into one chunk (scripts/shared-chunk.ts),
// on a made-up module graph: what goes in, and each reason a module stays out.

interface Mod {
  code?: number;
  imports?: string[];
  lazy?: string[];
  entry?: boolean;
}

const web = (name: string) => `/repo/packages/web/src/${name}`;
const lib = (name: string) => `/repo/node_modules/${name}`;

/** The bundler's view of `graph`: each module's importers are worked out from the others' imports. */
function context(graph: Record<string, Mod>): ChunkingContext {
  const importers = (id: string) => Object.keys(graph).filter((k) => graph[k]?.imports?.includes(id));
  const dynamicImporters = (id: string) => Object.keys(graph).filter((k) => graph[k]?.lazy?.includes(id));
  return {
    getModuleInfo: (id: string) => {
      const m = graph[id];
      if (!m) return null;
      return {
        id,
        code: "x".repeat(m.code ?? 100),
        isEntry: !!m.entry,
        importers: importers(id),
        dynamicImporters: dynamicImporters(id),
        importedIds: m.imports ?? [],
        dynamicallyImportedIds: m.lazy ?? [],
      };
    },
  } as unknown as ChunkingContext;
}

/** An entry, and screens loaded lazily that each import `shared` (and `onlyTwo` is imported by two). */
function graph(extra: Record<string, Mod> = {}, shared: string[] = [web("lib/format.ts")]): Record<string, Mod> {
  const screens = Array.from({ length: MIN_IMPORTERS }, (_, i) => web(`pages/Screen${i}.tsx`));
  return {
    [web("main.tsx")]: { entry: true, imports: [web("App.tsx"), lib("react/index.js")], lazy: screens },
    [web("App.tsx")]: { imports: [lib("react/index.js"), lib("@headlessui/react/dist/index.js")] },
    [lib("react/index.js")]: {},
    [lib("@headlessui/react/dist/index.js")]: {},
    [lib("zod/index.js")]: {},
    ...Object.fromEntries(screens.map((s) => [s, { imports: shared }])),
    [web("lib/format.ts")]: {},
    ...extra,
  };
}

function chunkOf(g: Record<string, Mod>, id: string) {
  return sharedHelpersChunk()(id, context(g));
}

describe("the shared helpers chunk", () => {
  it("gathers a small helper that several screens import", () => {
    expect(chunkOf(graph(), web("lib/format.ts"))).toBe("common");
  });

  it("takes a helper whose imports are first-load modules, React or other helpers", () => {
    const g = graph(
      {
        [web("components/Badge.tsx")]: { imports: [lib("react/index.js"), web("App.tsx"), web("lib/format.ts")] },
      },
      [web("lib/format.ts"), web("components/Badge.tsx")],
    );
    expect(chunkOf(g, web("components/Badge.tsx"))).toBe("common");
  });

  it("leaves the first load's modules and the libraries alone", () => {
    const g = graph();
    expect(chunkOf(g, web("App.tsx"))).toBeNull();
    expect(chunkOf(g, web("main.tsx"))).toBeNull();
    expect(chunkOf(g, lib("react/index.js"))).toBeNull();
  });

  it("leaves out a helper fewer modules import", () => {
    const g = graph();
    for (const screen of Object.keys(g)
      .filter((k) => k.includes("Screen"))
      .slice(1))
      g[screen] = {};
    expect(chunkOf(g, web("lib/format.ts"))).toBeNull();
  });

  it("leaves out a module too big to be a helper", () => {
    expect(chunkOf(graph({ [web("lib/format.ts")]: { code: SMALL_MODULE_BYTES + 1 } }), web("lib/format.ts"))).toBeNull();
    expect(chunkOf(graph({ [web("lib/format.ts")]: { code: SMALL_MODULE_BYTES } }), web("lib/format.ts"))).toBe("common");
  });

  it("leaves out a helper that would bring a library the first load lacks", () => {
    const withZod = graph({ [web("lib/format.ts")]: { imports: [lib("zod/index.js")] } });
    expect(chunkOf(withZod, web("lib/format.ts"))).toBeNull();
    // Through a package's index the first load imports for something else (Headless UI): still out.
    const withUi = graph({ [web("lib/format.ts")]: { imports: [lib("@headlessui/react/dist/index.js")] } });
    expect(chunkOf(withUi, web("lib/format.ts"))).toBeNull();
  });

  it("leaves out a helper whose own import is not a helper", () => {
    const g = graph({
      [web("lib/format.ts")]: { imports: [web("lib/big.ts")] },
      [web("lib/big.ts")]: { code: SMALL_MODULE_BYTES * 2 },
    });
    expect(chunkOf(g, web("lib/format.ts"))).toBeNull();
  });

  it("leaves out a module that is loaded lazily or loads something lazily", () => {
    const loadsLazily = graph({ [web("lib/format.ts")]: { lazy: [web("lib/later.ts")] }, [web("lib/later.ts")]: {} });
    expect(chunkOf(loadsLazily, web("lib/format.ts"))).toBeNull();
    const g = graph();
    g[web("main.tsx")]!.lazy!.push(web("lib/format.ts"));
    expect(chunkOf(g, web("lib/format.ts"))).toBeNull();
  });

  it("ends on an import cycle", () => {
    const g = graph({
      [web("lib/format.ts")]: { imports: [web("lib/units.ts")] },
      [web("lib/units.ts")]: { imports: [web("lib/format.ts")] },
    });
    expect(chunkOf(g, web("lib/format.ts"))).toBeNull();
  });
});

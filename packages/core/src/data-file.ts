import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A data file core reads at run time rather than carrying as JavaScript (the ZIP table, the
 * common-password list): beside the module that asks (`moduleUrl`, its `import.meta.url`) in the
 * sources, or at the root of a Lambda's package, where SST copies it (`copyFiles`,
 * stacks/function-build.ts FUNCTION_COPY_FILES). `what` names it in the error when it is missing.
 */
export function readDataFile(name: string, moduleUrl: string, what: string): Buffer {
  const candidates = [
    fileURLToPath(new URL(`./${name}`, moduleUrl)),
    ...(process.env.LAMBDA_TASK_ROOT ? [join(process.env.LAMBDA_TASK_ROOT, name)] : []),
  ];
  for (const path of candidates) {
    try {
      return readFileSync(path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    }
  }
  throw new Error(`${what} (${name}) is missing: looked in ${candidates.join(", ")}`);
}

/**
 * `npm run synth -- --stage NAME --out DIR`: every stack's CloudFormation template for a stage, as
 * JSON, offline and without AWS credentials (issue 24 point 4), to read what a stage would deploy
 * and to compare stages (`diff -r`). It synthesises the real app (sst.config.ts) the way
 * stacks/test does: SST builds function code and the site only when deploying, so functions keep
 * SST's placeholder code here; everything else is what `sst deploy` sends. The account is a
 * placeholder (CDK_DEFAULT_ACCOUNT sets yours).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { App } from "sst/constructs";
import { initProject } from "sst/project.js";
import config from "../sst.config";

export const PLACEHOLDER_ACCOUNT = "123456789012";

export interface SynthOptions {
  stage: string;
  out: string;
}

/** `--stage NAME --out DIR`, both required. */
export function parseSynthArgs(argv: string[]): SynthOptions {
  const { values } = parseArgs({ args: argv, options: { stage: { type: "string" }, out: { type: "string" } }, strict: true });
  if (!values.stage || !/^[a-z][a-z0-9-]*$/i.test(values.stage)) throw new Error("Name the stage: --stage NAME (letters, digits and -)");
  if (!values.out) throw new Error("Name the folder to write the templates to: --out DIR");
  return { stage: values.stage, out: values.out };
}

/** Each stack's name and template for `stage`. */
export async function synthesize(stage: string): Promise<{ stackName: string; template: Record<string, unknown> }[]> {
  await initProject({ stage });
  const { name, region } = config.config({} as never);
  const app = new App({ mode: "deploy", stage, name, region, account: process.env.CDK_DEFAULT_ACCOUNT ?? PLACEHOLDER_ACCOUNT });
  config.stacks(app);
  const assembly = app.synth();
  return assembly.stacks.map((s) => ({ stackName: s.stackName, template: s.template as Record<string, unknown> }));
}

async function main() {
  const { stage, out } = parseSynthArgs(process.argv.slice(2));
  const dir = resolve(out);
  mkdirSync(dir, { recursive: true });
  for (const { stackName, template } of await synthesize(stage)) {
    const file = join(dir, `${stackName}.template.json`);
    writeFileSync(file, `${JSON.stringify(template, null, 2)}\n`);
    const resources = Object.keys((template.Resources as object | undefined) ?? {}).length;
    console.log(`${file}  (${resources} resources)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e: unknown) => {
    console.error(`synth failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}

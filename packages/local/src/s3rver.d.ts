declare module "s3rver" {
  import { EventEmitter } from "node:events";
  export default class S3rver extends EventEmitter {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory?: string;
      resetOnClose?: boolean;
      vhostBuckets?: boolean;
      allowMismatchedSignatures?: boolean;
      configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

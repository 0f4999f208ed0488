// The part of S3rver the test harness uses (test/s3-server.ts); the package ships no types.
declare module "@20minutes/s3rver" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  import type { AddressInfo } from "node:net";

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    vhostBuckets?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: Array<{ name: string; configs?: string[] }>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    configureBuckets(): Promise<void>;
    close(): Promise<void>;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}

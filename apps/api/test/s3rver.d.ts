/** s3rver ships no types; the part the tests use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  /** The part of a Koa context the tests' middleware uses. */
  interface Context {
    method: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware stack (s3rver is a Koa app); composed when the server starts. */
    middleware: ((ctx: Context, next: () => Promise<void>) => Promise<void> | void)[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

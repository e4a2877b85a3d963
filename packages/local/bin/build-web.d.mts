/** Types of build-web.mjs, for the TypeScript scripts that import it (bench/audit-web.ts). */
export declare const ROOT: string;
/** Builds packages/web into dist/ when the build is missing or older than its sources; exits the process if the build fails. */
export declare function buildWebIfStale(): void;

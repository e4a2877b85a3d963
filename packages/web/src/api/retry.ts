import { ApiError } from "./client";

/** A query's retry rule: `retries` extra attempts, none for a 404 (what is missing stays missing). */
export function retryExcept404(retries: number) {
  return (failureCount: number, error: Error) => !(error instanceof ApiError && error.status === 404) && failureCount < retries;
}

import { EmptyQueue } from "./EmptyQueue";

/**
 * Quality tests waiting for review (issue 21 point 1). A placeholder that works: the console shows
 * the queue and its empty state; the quality test's own component replaces this file, reading
 * `GET /api/staff/verifications` and deciding with `POST /api/staff/verifications/{id}`.
 */
export function Queue() {
  return <EmptyQueue>No quality tests are waiting for review.</EmptyQueue>;
}

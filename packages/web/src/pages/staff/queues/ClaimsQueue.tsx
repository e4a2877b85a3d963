import { EmptyQueue } from "./EmptyQueue";

/**
 * Open claims, oldest first (issue 21 point 4). A placeholder that works: the console shows the
 * queue and its empty state; the claims' own component replaces this file, reading the open claims
 * and deciding with `POST /api/staff/claims/{id}/decision`.
 */
export function Queue() {
  return <EmptyQueue>No claims are open.</EmptyQueue>;
}

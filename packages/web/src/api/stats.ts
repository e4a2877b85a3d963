import { queryOptions } from "@tanstack/react-query";
import { call, client } from "./client";
import { queryKeys } from "./keys";

// GET /api/stats: the public figures of the landing page.

export const fetchStats = () => call(client.api.stats.$get());

export const statsQuery = queryOptions({ queryKey: queryKeys.stats, queryFn: fetchStats });

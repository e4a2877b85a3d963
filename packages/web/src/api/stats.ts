import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import { queryKeys } from "./keys";
import { statsSchema } from "./schemas";

// GET /api/stats: the public figures of the landing page.

export const fetchStats = () => api("/api/stats", { schema: statsSchema });

export const statsQuery = queryOptions({ queryKey: queryKeys.stats, queryFn: fetchStats });

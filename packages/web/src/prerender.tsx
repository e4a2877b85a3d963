import { createMemoryHistory } from "@tanstack/react-router";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { App } from "./App";
import { createQueryClient } from "./api/queryClient";
import { createAppRouter } from "./router";

/**
 * The build's prerender (vite.config.ts `prerenderPages`, docs/architecture.md "First paint"): the
 * markup of a page as the site draws it before any answer from the API, so the browser can paint
 * it while the scripts download. The session is unknown (the header keeps its account corner
 * empty) and every query is loading, exactly the site's own first render after its scripts start:
 * main.tsx then renders the live page over this markup in one step.
 *
 * Run by scripts/prerender-run.mjs in a process of its own, whose `fetch` never answers: nothing
 * here can reach an API or leave a query's loading state.
 */
export async function renderPage(path: string): Promise<string> {
  const queryClient = createQueryClient();
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [path] }),
    prerender: true,
  });
  await router.load();
  return renderToString(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

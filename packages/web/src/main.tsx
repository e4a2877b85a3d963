import "./zodConfig";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { createQueryClient } from "./api/queryClient";
import { registerServiceWorker } from "./pwa/register";
import { createAppRouter, preloadCurrentScreen } from "./router";
import "./styles.css";

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });
preloadCurrentScreen(router);

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("Missing #root element");

// A transition: React renders the page in slices of a few milliseconds, so a slow phone stays
// responsive to a tap on the drawn page while the app starts (Lighthouse's total blocking time).
const render = () =>
  startTransition(() =>
    createRoot(rootElement).render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );

// A prerendered page (the build's markup, src/prerender.tsx) stays on screen until the router has
// the page's code and whatever its guard waits for (the session, on signed-in screens): React's
// first render then replaces it in one step, with no spinner or blank frame in between. A failed
// load is rendered too: the router shows its error there.
if (rootElement.hasChildNodes()) router.load().then(render, render);
else render();

registerServiceWorker();

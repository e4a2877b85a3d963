import "./zodConfig";
import { StrictMode } from "react";
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

createRoot(rootElement).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);

registerServiceWorker();

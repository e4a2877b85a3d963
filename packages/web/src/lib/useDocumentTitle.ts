import { useEffect } from "react";

/**
 * The tab's title names the page (WCAG 2.4.2): "Order PH-10423 · Printhood". Every inner page sets
 * it through its PageHeading; the landing page keeps index.html's "Printhood · Create. Connect. Print.",
 * which is put back when a titled page goes.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · Printhood`;
    return () => {
      document.title = before;
    };
  }, [title]);
}

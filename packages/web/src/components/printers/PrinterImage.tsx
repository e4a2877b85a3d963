import { DEFAULT_PRINTER_IMAGE } from "@printhood/core/shared/printer-models";
import { useState } from "react";

/** A printer's photo; the stock image when it has none or it fails to load (spec 1 §8). */
export function PrinterImage({ src, alt, className = "" }: { src: string | null | undefined; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? DEFAULT_PRINTER_IMAGE : src;
  return (
    <img
      src={url}
      alt={alt}
      loading="lazy"
      className={className}
      onError={() => {
        if (url !== DEFAULT_PRINTER_IMAGE) setFailed(true);
      }}
    />
  );
}

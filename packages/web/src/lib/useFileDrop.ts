import { type DragEvent, useState } from "react";

/**
 * Files dropped on an area (a pointer convenience beside the labelled file input, which stays the
 * keyboard and screen-reader path): whether a drag is over it, and the handlers to spread on it.
 */
export function useFileDrop(onFiles: (files: FileList) => void) {
  const [over, setOver] = useState(false);
  return {
    over,
    dropProps: {
      onDragOver: (e: DragEvent) => {
        e.preventDefault();
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (e: DragEvent) => {
        e.preventDefault();
        setOver(false);
        if (e.dataTransfer.files.length) onFiles(e.dataTransfer.files);
      },
    },
  };
}

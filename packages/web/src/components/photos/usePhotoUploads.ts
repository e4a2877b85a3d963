import { ERRORS } from "@printhood/core/shared/errors";
import { photoProblemCode, sniffImageType } from "@printhood/core/shared/photos";
import { useCallback, useEffect, useRef, useState } from "react";
import { failureText } from "../../api/client";
import { createPhoto, fetchPhoto } from "../../api/photos";
import type { PhotoPurpose } from "../../api/types";
import { uploadToS3 } from "../../upload/uploadToS3";

/**
 * The photo widget's state (components/photos/PhotoUploader.tsx): each picked image is checked
 * here first (its declared type and size, then its first bytes, with the server's own rules from
 * core), registered (POST /api/photos), sent straight to S3 with a real progress bar, then polled
 * until the server has checked and processed it. Only then is it `ready` and its id handed to the
 * form; the server checks everything again (the bytes it stored decide).
 */
export type PhotoPhase = "uploading" | "processing" | "ready" | "failed";

export interface PhotoItem {
  /** Stable key for the list (the file's place in this session). */
  key: string;
  name: string;
  /** The local file, shown until the server's thumbnail is there (a blob: URL, revoked on removal). */
  preview: string | null;
  phase: PhotoPhase;
  /** 0..1 of the bytes sent. */
  progress: number;
  photoId: string | null;
  thumbnail: string | null;
  error: string | null;
}

/** How often a photo's processing is asked about, and for how long. */
const POLL_MS = 700;
const POLL_FOR_MS = 90_000;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(t);
      resolve();
    });
  });

/** Why this file cannot be a photo, in the server's words, before anything is sent; null when it can. */
async function localProblem(file: File): Promise<string | null> {
  const code = photoProblemCode(file.type || "application/octet-stream", file.size);
  if (code) return ERRORS[code].message;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return sniffImageType(head) ? null : ERRORS.photo_not_an_image.message;
}

export function usePhotoUploads(purpose: PhotoPurpose, max: number) {
  const [items, setItems] = useState<PhotoItem[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const controllers = useRef(new Map<string, AbortController>());
  const counter = useRef(0);
  const current = useRef(items);
  current.current = items;

  const update = useCallback((key: string, patch: Partial<PhotoItem>) => {
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  }, []);

  const run = useCallback(
    async (key: string, file: File, signal: AbortSignal) => {
      const fail = (error: string) => {
        update(key, { phase: "failed", error });
        setAnnouncement(`${file.name}: ${error}`);
      };
      const problem = await localProblem(file);
      if (signal.aborted) return;
      if (problem) return fail(problem);
      try {
        const presigned = await createPhoto({ fileName: file.name, size: file.size, contentType: file.type, purpose });
        update(key, { photoId: presigned.photoId });
        await uploadToS3(presigned, file, (progress) => update(key, { progress }), signal);
        if (signal.aborted) return;
        update(key, { phase: "processing", progress: 1 });
        for (const started = Date.now(); Date.now() - started < POLL_FOR_MS && !signal.aborted; ) {
          const photo = await fetchPhoto(presigned.photoId);
          if (signal.aborted) return;
          if (photo.status === "ready") {
            update(key, { phase: "ready", thumbnail: photo.thumbnail?.url ?? null });
            setAnnouncement(`${file.name} is ready.`);
            return;
          }
          if (photo.status === "failed") return fail(photo.error?.message ?? ERRORS.photo_unreadable.message);
          await wait(POLL_MS, signal);
        }
        if (!signal.aborted) fail("This photo is taking too long to process. Please remove it and try again.");
      } catch (e) {
        if (!signal.aborted) fail(failureText(e, "The photo could not be sent. Please try again."));
      }
    },
    [purpose, update],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      const room = Math.max(0, max - items.length);
      const picked = [...files].slice(0, room);
      if (picked.length === 0) {
        setAnnouncement(`You can add at most ${max} photos.`);
        return;
      }
      const fresh = picked.map((file) => {
        const key = `photo-${++counter.current}`;
        const controller = new AbortController();
        controllers.current.set(key, controller);
        const item: PhotoItem = {
          key,
          name: file.name,
          preview: URL.createObjectURL(file),
          phase: "uploading",
          progress: 0,
          photoId: null,
          thumbnail: null,
          error: null,
        };
        return { item, file, signal: controller.signal };
      });
      setItems((list) => [...list, ...fresh.map((f) => f.item)]);
      setAnnouncement(`${picked.length} photo${picked.length === 1 ? "" : "s"} added; uploading.`);
      for (const f of fresh) void run(f.item.key, f.file, f.signal);
    },
    [items.length, max, run],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setItems((list) => {
      const gone = list.find((i) => i.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      if (gone) setAnnouncement(`${gone.name} removed.`);
      return list.filter((i) => i.key !== key);
    });
  }, []);

  // Uploads stop and local previews are freed when the widget goes away.
  useEffect(
    () => () => {
      for (const c of controllers.current.values()) c.abort();
      for (const i of current.current) if (i.preview) URL.revokeObjectURL(i.preview);
    },
    [],
  );

  return { items, add, remove, announcement };
}
